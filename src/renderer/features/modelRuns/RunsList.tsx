import { Empty, Flex, Select, Typography } from 'antd';
import { useCallback, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { MODEL_RUNS_PAGE_SIZE } from '../../../shared/bodies/insight';
import type { ModelRunView } from '../../../shared/responses/insight';
import { invoke } from '../../bridge/bridge';
import { MODEL_RUN_COLUMNS } from './modelRunColumns';
import { modelRunPath, type RunsListQuery } from './modelRunsQuery';
import { NO_RUNS_TEXT } from './modelRunsTexts';
import { PagedTable } from './PagedTable';
import { useRefreshingLoad } from './useRefreshingLoad';

const SERVICE_OPTIONS = [
  { value: 'any', label: 'Tweets and news' },
  { value: 'tweets', label: 'Tweets' },
  { value: 'news', label: 'News' },
];

const anyRunning = (page: { runs: readonly ModelRunView[] }) =>
  page.runs.some((run) => run.status === 'running');

/**
 * Every run of the classifier, newest first, a page at a time; read again every moment while one
 * of them runs, so its progress moves and its result appears when it ends. A click on a row, or
 * its link (Tab, Enter), opens the run.
 */
export function RunsList({
  query,
  onQuery,
}: {
  query: RunsListQuery;
  onQuery(query: RunsListQuery): void;
}) {
  const navigate = useNavigate();
  const serviceLabel = useId();
  const { service, page } = query;
  const fetch = useCallback(
    () => invoke('insight.modelRuns', { ...(service ? { service } : {}), page }),
    [service, page],
  );
  const [load, retry] = useRefreshingLoad(fetch, anyRunning);
  const data = load.data;
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center">
        <Typography.Text id={serviceLabel}>Service</Typography.Text>
        <Select
          aria-labelledby={serviceLabel}
          style={{ width: 180 }}
          value={service ?? 'any'}
          options={SERVICE_OPTIONS}
          onChange={(value: string) =>
            onQuery({ service: value === 'tweets' || value === 'news' ? value : null, page: 0 })
          }
        />
      </Flex>
      <PagedTable<ModelRunView>
        label="Model runs"
        noun="model runs"
        load={load}
        rows={data?.runs ?? []}
        total={data?.total ?? 0}
        page={page}
        pageSize={MODEL_RUNS_PAGE_SIZE}
        onPage={(next) => onQuery({ service, page: next })}
        columns={MODEL_RUN_COLUMNS}
        rowKey={(run) => run.id}
        onRetry={retry}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_RUNS_TEXT} />}
        rowClassName="dqc-clickable-row"
        onRow={(run) => ({
          // The row's link is the keyboard's way in; a click anywhere on the row opens it too.
          onClick: (event) => {
            if ((event.target as HTMLElement).closest('a')) return;
            void navigate(modelRunPath(run.id));
          },
        })}
      />
    </Flex>
  );
}
