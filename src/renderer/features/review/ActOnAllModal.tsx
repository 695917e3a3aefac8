import { App as AntApp, Button, Flex, Modal, Progress, Radio, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  BULK_ACTIONS,
  BULK_ACTION_WORDS,
  type BulkAction,
  type RunView,
} from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import {
  cannotUndoText,
  filterStartedText,
  leftOutText,
  matchesText,
  readingText,
  willBeText,
} from './bulkTexts';
import { toFilterBody, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { usePreparedRun } from './usePreparedRun';

interface Props {
  /** The applied filter: the run acts on every item it matches, on all pages. */
  filter: ReviewFilterValues;
  onClose(): void;
}

/**
 * Act on all results: core counts and freezes the filter's items (a prepared run), the modal says
 * what Start will do, and Start hands the run to core. Rendered only while open, so each opening
 * starts from Eliminate, and closing (Cancel, Escape, the close button) discards the prepared run.
 */
export function ActOnAllModal({ filter, onClose }: Props) {
  const { message } = AntApp.useApp();
  const [action, setAction] = useState<BulkAction>('eliminate');
  const [attempt, setAttempt] = useState(0);
  const [starting, setStarting] = useState(false);
  const request = useMemo(
    () => ({
      filterType: filter.filterType,
      action,
      scope: { kind: 'filter' as const, filter: toFilterBody(filter, 0) },
    }),
    [filter, action],
  );
  const { run, error, keep } = usePreparedRun(request, attempt);

  const start = async (ready: RunView) => {
    setStarting(true);
    try {
      const started = await invoke('runs.start', { id: ready.id });
      keep(ready.id);
      void message.success(filterStartedText(started));
      onClose();
    } catch (failure) {
      void message.error(`Could not start: ${errorText(failure)}`);
      setStarting(false);
    }
  };

  const canStart = run?.status === 'ready' && run.total > 0;
  return (
    <Modal
      open
      title="Act on all results"
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="start"
          type="primary"
          disabled={!canStart}
          loading={starting}
          onClick={() => run && void start(run)}
        >
          Start
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Radio.Group
          aria-label="Action"
          value={action}
          onChange={(event) => setAction(event.target.value as BulkAction)}
          options={BULK_ACTIONS.map((a) => ({ value: a, label: BULK_ACTION_WORDS[a].button }))}
        />
        <RunSummary run={run} error={error} onRetry={() => setAttempt((n) => n + 1)} />
        <Typography.Text type="secondary">{cannotUndoText(action)}</Typography.Text>
      </Flex>
    </Modal>
  );
}

function RunSummary({
  run,
  error,
  onRetry,
}: {
  run: RunView | null;
  error: string | null;
  onRetry(): void;
}) {
  if (error !== null || run?.status === 'failed')
    return (
      <Flex vertical gap={8} align="start" role="alert">
        <Typography.Text type="danger">
          {error ?? run?.error ?? 'The items were not read.'}
        </Typography.Text>
        <Button onClick={onRetry}>Try Again</Button>
      </Flex>
    );
  if (!run) return <Spin aria-label="Counting the items" />;
  return (
    <Flex vertical gap={8} role="status">
      <Typography.Text strong>{matchesText(run.matched)}</Typography.Text>
      {run.status === 'preparing' ? (
        <>
          <Typography.Text>{readingText(run)}</Typography.Text>
          <Progress
            percent={run.matched ? Math.floor((run.read / run.matched) * 100) : 0}
            size="small"
            aria-label="Reading progress"
          />
        </>
      ) : (
        <>
          {run.leftOut > 0 && <Typography.Text>{leftOutText(run.leftOut)}</Typography.Text>}
          <Typography.Text>{willBeText(run)}</Typography.Text>
        </>
      )}
    </Flex>
  );
}
