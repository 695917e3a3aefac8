import { Alert, Flex, Progress, Tag, Typography, type ProgressProps } from 'antd';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { FINISHED_RUN_STATUSES, type RunStatus, type RunView } from '../../../shared/runs';
import type { RunActions } from './runActions';
import { RunButtons } from './RunButtons';
import { RunProblems } from './RunProblems';
import { runsAtom } from './runsState';
import {
  handledOf,
  heldByOthersText,
  leftOutText,
  RUN_STATUS_WORDS,
  runCountsText,
  runTimesText,
} from './runsText';

const { Text, Title } = Typography;

/** Preset tag colours whose text the theme keeps readable (theme.ts). */
const STATUS_COLOR: Partial<Record<RunStatus, string>> = {
  running: 'blue',
  paused: 'gold',
  waitingForSession: 'gold',
  waitingForProvider: 'gold',
  interrupted: 'gold',
  done: 'green',
  failed: 'red',
};

function progressStatus(run: RunView): ProgressProps['status'] {
  if (run.status === 'failed') return 'exception';
  if (run.status === 'running') return 'active';
  return 'normal';
}

/** One run in the drawer: what it is, how far it got, what it left, and what can be asked of it. */
export function RunCard({ run, actions }: { run: RunView; actions: RunActions }) {
  const headingId = useId();
  const undone = useAtomValue(runsAtom)[run.undoOf ?? ''];
  const handled = handledOf(run);
  const percent = run.total > 0 ? Math.floor((handled * 100) / run.total) : 0;
  const finished = FINISHED_RUN_STATUSES.includes(run.status);
  return (
    <article className="dqc-run" aria-labelledby={headingId}>
      <Flex align="center" gap={8} wrap>
        <Title level={2} id={headingId} className="dqc-run-heading">
          {run.label}
        </Title>
        <Tag color={STATUS_COLOR[run.status]}>{RUN_STATUS_WORDS[run.status]}</Tag>
        <Tag>{run.filterType}</Tag>
      </Flex>
      {run.kind === 'undo' && undone && <Text>Undo of {undone.label}</Text>}
      <Progress
        percent={percent}
        status={progressStatus(run)}
        aria-label={`${run.label}: ${RUN_STATUS_WORDS[run.status]}`}
      />
      <Flex vertical gap={4}>
        <Text>{runCountsText(run)}</Text>
        {run.leftOut > 0 && <Text type="secondary">{leftOutText(run.leftOut)}</Text>}
        {run.heldByOthers > 0 && <Text type="secondary">{heldByOthersText(run.heldByOthers)}</Text>}
        <Text type="secondary">{runTimesText(run)}</Text>
      </Flex>
      {run.error && <Alert type="error" showIcon title={run.error} />}
      <RunButtons run={run} actions={actions} />
      {finished && run.problems.length > 0 && (
        <RunProblems label={`Items ${run.label} left or could not write`} problems={run.problems} />
      )}
    </article>
  );
}
