import { Alert, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { FilterType } from '../../../shared/bodies/review';
import { modelRunProgressText, modelRunResultText } from '../../domain/insight/modelRunText';
import type { FollowedRun } from './useModelRunFollow';

const SERVICE = { tweets: 'Tweets', news: 'News' } satisfies Record<FilterType, string>;

/** Where the Model runs screen (DESIGN.md, Extensions) opens one run. */
export const modelRunLink = (id: number) => `/model-runs?run=${id}`;

/**
 * Under the filter, while the Model button's run goes on and once it ends (model-runs extension):
 * its progress, then its result with a link to what it changed. A status, not an alert: it
 * changes every second and must not interrupt a screen reader each time.
 */
export function ModelRunStatus({ followed, onClose }: { followed: FollowedRun; onClose(): void }) {
  if (followed.status === 'idle') return null;
  const service = SERVICE[followed.service];
  const common = {
    role: 'status',
    'aria-label': 'Model run',
    showIcon: true,
    closable: { 'aria-label': 'Close the model run status', onClose },
  } as const;

  if (followed.status === 'waiting')
    return (
      <Alert {...common} type="info" title={`${service} model: waiting for the run to start…`} />
    );
  if (followed.status === 'unreadable')
    return (
      <Alert
        {...common}
        type="warning"
        title={`${service} model: its progress could not be read (${followed.message}).`}
        description={<Link to="/model-runs">See the model runs</Link>}
      />
    );

  const { run } = followed;
  const name = `${service} model run #${run.id}`;
  if (followed.status === 'running') {
    const scoring = run.phase === 'scoring' && run.total > 0;
    return (
      <Alert
        {...common}
        type="info"
        title={
          <Flex align="center" gap={12} wrap>
            <Typography.Text>{`${name}: ${modelRunProgressText(run)}`}</Typography.Text>
            {scoring && (
              <Progress
                percent={Math.floor((run.scored / run.total) * 100)}
                size="small"
                style={{ width: 160, margin: 0 }}
                aria-label={`${name} progress`}
              />
            )}
          </Flex>
        }
      />
    );
  }
  const failed = run.status === 'failed';
  return (
    <Alert
      {...common}
      type={failed ? 'error' : 'success'}
      title={failed ? `${name} failed` : `${name} finished`}
      description={
        <Flex gap={12} wrap align="baseline">
          <Typography.Text>{modelRunResultText(run)}</Typography.Text>
          <Link to={modelRunLink(run.id)}>{failed ? 'See the run' : 'See the changes'}</Link>
        </Flex>
      }
    />
  );
}
