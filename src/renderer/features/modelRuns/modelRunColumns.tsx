import { Flex, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router-dom';
import type { ModelRunView } from '../../../shared/responses/insight';
import { formatLocalTime } from '../../ui/dates';
import { accuracyText, modelRunProgressText } from '../../domain/insight/modelRunText';
import { formatCount } from '../../domain/runs/runsText';
import { modelRunPath } from './modelRunsQuery';
import { SERVICE_LABELS, STATUS_WORDS } from './modelRunsTexts';

/** Preset tag colours whose text the theme keeps readable (theme.ts). */
const STATUS_COLOR: Record<ModelRunView['status'], string> = {
  running: 'blue',
  finished: 'green',
  failed: 'red',
};

/** "Running: Scoring 1,200 of 52,000…", "Finished 5 Mar 2026, 14:02", "Failed: reason". */
export function RunStatus({ run }: { run: ModelRunView }) {
  return (
    <Flex gap={4} wrap align="center">
      <Tag color={STATUS_COLOR[run.status]}>{STATUS_WORDS[run.status]}</Tag>
      <Typography.Text type={run.status === 'failed' ? 'danger' : undefined}>
        {run.status === 'running'
          ? modelRunProgressText(run)
          : run.status === 'failed'
            ? (run.error ?? 'no reason given')
            : run.finishedAt
              ? formatLocalTime(run.finishedAt)
              : ''}
      </Typography.Text>
    </Flex>
  );
}

/** "312" over "140 kept → eliminated, 172 eliminated → kept". */
function Changed({ run }: { run: ModelRunView }) {
  if (run.status === 'running') return <Typography.Text type="secondary">Not yet</Typography.Text>;
  return (
    <div>
      <Typography.Text strong>{formatCount(run.changed)}</Typography.Text>
      <div>
        <Typography.Text type="secondary">
          {`${formatCount(run.keptToEliminated)} kept → eliminated, ${formatCount(run.eliminatedToKept)} eliminated → kept`}
        </Typography.Text>
      </div>
    </div>
  );
}

/** The runs table's columns; the first is the link that opens a run. */
export const MODEL_RUN_COLUMNS: TableProps<ModelRunView>['columns'] = [
  {
    key: 'started',
    title: 'Started',
    render: (_, run) => (
      <Link
        to={modelRunPath(run.id)}
        aria-label={`Open run ${run.id}, started ${formatLocalTime(run.startedAt)}`}
      >
        <span style={{ whiteSpace: 'nowrap' }}>{formatLocalTime(run.startedAt)}</span>
      </Link>
    ),
  },
  { key: 'service', title: 'Service', render: (_, run) => SERVICE_LABELS[run.service] },
  { key: 'startedBy', title: 'Started by', render: (_, run) => run.startedBy ?? '-' },
  {
    key: 'trainedOn',
    title: 'Trained on',
    align: 'right',
    render: (_, run) =>
      run.status === 'running' && run.phase === 'training' ? '-' : formatCount(run.trainedOn),
  },
  {
    key: 'accuracy',
    title: 'Accuracy (was)',
    // "91.2% (was 89.8%)": the column's title says what it is.
    render: (_, run) =>
      run.status === 'finished' ? accuracyText(run).replace(/^accuracy /, '') : '-',
  },
  { key: 'changed', title: 'Items changed', render: (_, run) => <Changed run={run} /> },
  { key: 'status', title: 'Status', render: (_, run) => <RunStatus run={run} /> },
];
