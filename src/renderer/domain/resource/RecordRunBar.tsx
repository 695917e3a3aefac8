import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  RECORD_RUN_CANNOT_UNDO,
  MAX_RECORD_RUN,
  type RecordRunView,
} from '../../../shared/workbench/recordRuns';
import { invoke } from '../../bridge/bridge';
import { journalFieldsOf, journalTarget } from '../../../shared/journal';
import { useConfirm } from '../../ui/confirmAction';
import { errorText } from '../../ui/errorText';
import type { BulkRecordAction } from '../../ui/resource/types';
import { usePoll } from '../../ui/usePoll';

/** How often a run under way is read. */
const RUN_POLL_MS = 400;
/** Records named in the confirm; the rest are counted. */
const NAMED = 8;

/**
 * The chosen records of a list and what can be done to them as one run (issue 49): the count,
 * each bulk action, and Clear. Before a run starts, a confirm names the records and says that no
 * SPEC.md call can take these writes back; while it runs, its progress and Cancel; once it ends,
 * what was written and what failed with why, and the list is read again.
 */
export function RecordRunBar<Row>({
  bulk,
  chosen,
  clear,
  reload,
}: {
  bulk: readonly BulkRecordAction<Row>[];
  chosen: ReadonlyMap<string, Row>;
  clear(): void;
  reload(): Promise<void>;
}) {
  const confirm = useConfirm();
  const [run, setRun] = useState<RecordRunView | null>(null);
  /** Why the run could not be followed or cancelled: said, and the bar stops waiting. */
  const [failure, setFailure] = useState<string | null>(null);
  const running = run?.status === 'running' && failure === null;

  const follow = useCallback(async () => {
    if (!run) return false;
    try {
      const next = await invoke('recordRuns.get', { id: run.id });
      setRun(next);
      return next.status === 'running';
    } catch (error) {
      setFailure(errorText(error));
      return false;
    }
  }, [run]);
  usePoll(follow, RUN_POLL_MS, running, run?.id);
  // However a run ended (done, cancelled, stopped), nothing stays chosen and the list is read again.
  const ended = run !== null && run.status !== 'running' ? run.id : null;
  useEffect(() => {
    if (ended === null) return;
    clear();
    void reload();
  }, [ended, clear, reload]);
  const cancel = (id: string) =>
    invoke('recordRuns.cancel', { id }).then(setRun, (error: unknown) =>
      setFailure(errorText(error)),
    );

  const start = (action: BulkRecordAction<Row>) => {
    const rows = [...chosen.values()];
    const targets = rows.map((row) => action.target(row));
    const named = targets.slice(0, NAMED).join(', ');
    const more = targets.length > NAMED ? ` and ${targets.length - NAMED} more` : '';
    confirm({
      content: (
        <Flex vertical gap={8}>
          <span>
            {action.label} {rows.length} {action.noun}: {named}
            {more}?
          </span>
          <strong>
            None of these {rows.length} can be undone. {RECORD_RUN_CANNOT_UNDO[action.channel]}
          </strong>
        </Flex>
      ),
      action: async () =>
        setRun(
          await invoke('recordRuns.start', {
            label: `${action.label} ${rows.length} ${action.noun}`,
            channel: action.channel,
            items: rows.map((row) => ({
              target: journalTarget(action.target(row)) || '-',
              // The record as it was shown goes to the journal with each write.
              payload: {
                ...action.payload(row),
                shownRecord: {
                  target: journalTarget(action.target(row)) || '-',
                  fields: journalFieldsOf(row as Record<string, unknown>),
                },
              },
            })),
          }),
        ),
    });
  };

  if (chosen.size === 0 && !run) return null;
  const over = chosen.size > MAX_RECORD_RUN;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      {chosen.size > 0 && !running && (
        <Flex align="center" gap={8} wrap role="group" aria-label="Chosen records">
          <Typography.Text strong>{chosen.size} chosen</Typography.Text>
          {bulk.map((action) => (
            <Button
              key={action.label}
              danger
              disabled={over}
              title={over ? `A run takes at most ${MAX_RECORD_RUN} records.` : undefined}
              onClick={() => start(action)}
            >
              {action.label} chosen
            </Button>
          ))}
          <Button onClick={clear}>Clear</Button>
        </Flex>
      )}
      {run && (
        <Alert
          role="status"
          type={run.status === 'running' ? 'info' : run.failed.length ? 'warning' : 'success'}
          title={`${run.label}: ${runText(run)}`}
          description={
            <Flex vertical gap={4}>
              {running && (
                <Progress
                  percent={Math.round(((run.done + run.failed.length) / run.total) * 100)}
                  size="small"
                />
              )}
              {run.stopped && <Typography.Text strong>{run.stopped}</Typography.Text>}
              {failure && (
                <Typography.Text type="danger">
                  The run could not be followed: {failure}. Its writes are in your Journal.
                </Typography.Text>
              )}
              {run.failed.length > 0 && (
                <ul aria-label="Not written" style={{ margin: 0, paddingInlineStart: 18 }}>
                  {run.failed.map((f, i) => (
                    <li key={`${f.target}#${i}`}>
                      {f.target}: {f.message}
                    </li>
                  ))}
                </ul>
              )}
              <Typography.Text type="secondary">Each write is in your Journal.</Typography.Text>
            </Flex>
          }
          action={
            running ? (
              <Button onClick={() => void cancel(run.id)}>Cancel</Button>
            ) : (
              <Button
                onClick={() => {
                  setRun(null);
                  setFailure(null);
                }}
              >
                Dismiss
              </Button>
            )
          }
        />
      )}
    </Flex>
  );
}

function runText(run: RecordRunView): string {
  const written = `${run.done} of ${run.total} written`;
  const failed = run.failed.length ? `, ${run.failed.length} not` : '';
  if (run.status === 'running') return `${written}${failed}…`;
  if (run.status === 'cancelled')
    return `cancelled: ${written}${failed}, ${run.left} left unwritten`;
  return `done: ${written}${failed}`;
}
