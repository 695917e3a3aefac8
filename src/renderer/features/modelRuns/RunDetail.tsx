import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Progress, Spin, Typography } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { ModelRunView } from '../../../shared/responses/insight';
import { invoke } from '../../bridge/bridge';
import { formatLocalTime } from '../../ui/dates';
import { modelRunProgressText, modelRunResultText } from '../../domain/insight/modelRunText';
import { formatCount } from '../../domain/runs/runsText';
import type { RunChangesQuery } from './modelRunsQuery';
import { RunStatus } from './modelRunColumns';
import { SERVICE_LABELS } from './modelRunsTexts';
import { RunChanges } from './RunChanges';
import { useRefreshingLoad } from './useRefreshingLoad';

const isRunning = (run: ModelRunView) => run.status === 'running';
/** The run's two parts under the screen's title, at About's section size. */
const SECTION_HEADING = { marginTop: 0, fontSize: 20 } as const;

/** What a run did, in one line once it ended; its progress while it runs. */
function RunOutcome({ run }: { run: ModelRunView }) {
  if (run.status === 'running')
    return (
      <Flex vertical gap={4}>
        <Typography.Text>{modelRunProgressText(run)}</Typography.Text>
        {run.phase === 'scoring' && run.total > 0 && (
          <Progress
            percent={Math.floor((run.scored / run.total) * 100)}
            aria-label={`Model run ${run.id}'s progress`}
          />
        )}
      </Flex>
    );
  return (
    <Alert
      type={run.status === 'failed' ? 'error' : 'success'}
      showIcon
      title={modelRunResultText(run)}
    />
  );
}

function RunFacts({ run }: { run: ModelRunView }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'service', label: 'Service', children: SERVICE_LABELS[run.service] },
        { key: 'by', label: 'Started by', children: run.startedBy ?? '-' },
        { key: 'started', label: 'Started', children: formatLocalTime(run.startedAt) },
        {
          key: 'trained',
          label: 'Trained on',
          children: `${formatCount(run.trainedOn)} decisions (${formatCount(run.heldOut)} held out to measure accuracy)`,
        },
        { key: 'status', label: 'Status', children: <RunStatus run={run} /> },
      ]}
    />
  );
}

/**
 * One run (/model-runs?run=<id>): what it did, read again while it runs, and the items it
 * changed (RunChanges), which are read again once it ends.
 */
export function RunDetail({
  query,
  onQuery,
  backTo,
}: {
  query: RunChangesQuery;
  onQuery(query: RunChangesQuery): void;
  /** The list as the user left it. */
  backTo: string;
}) {
  const id = query.run;
  const fetchRun = useCallback(() => invoke('insight.modelRun', { id }), [id]);
  const [load, retry] = useRefreshingLoad(fetchRun, isRunning);
  const run = load.data;

  const back = (
    <Link to={backTo}>
      <ArrowLeftOutlined aria-hidden /> All model runs
    </Link>
  );
  if (load.status === 'failed')
    return (
      <Flex vertical gap={16} align="flex-start">
        {back}
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`Model run ${id} could not be loaded`}
          description={load.message}
          action={<Button onClick={retry}>Try Again</Button>}
        />
      </Flex>
    );
  if (!run) return <Spin aria-label={`Loading model run ${id}`} />;

  return (
    <Flex vertical gap={16}>
      <div>{back}</div>
      <section aria-labelledby="model-run-heading">
        <Typography.Title level={2} id="model-run-heading" style={SECTION_HEADING}>
          {`Run ${run.id}: ${SERVICE_LABELS[run.service]}, started ${formatLocalTime(run.startedAt)}`}
        </Typography.Title>
        <Flex vertical gap={12}>
          {/* Read out as it moves, and once more with the result when the run ends. */}
          <div role="status" aria-live="polite">
            <RunOutcome run={run} />
          </div>
          <RunFacts run={run} />
        </Flex>
      </section>
      <section aria-labelledby="model-run-changes">
        <Typography.Title level={2} id="model-run-changes" style={SECTION_HEADING}>
          Items it changed
        </Typography.Title>
        {/* A run records its changes as it scores: they are read again when it ends. */}
        <RunChanges
          key={run.status === 'running' ? 'running' : 'ended'}
          run={run}
          query={query}
          onQuery={onQuery}
        />
      </section>
    </Flex>
  );
}
