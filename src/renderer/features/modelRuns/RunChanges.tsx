import { Button, Empty, Flex, Select, Typography } from 'antd';
import { useCallback, useId, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { MODEL_RUN_CHANGES_PAGE_SIZE } from '../../../shared/bodies/insight';
import type { ModelRunChange, ModelRunView } from '../../../shared/responses/insight';
import { invoke } from '../../bridge/bridge';
import { modelRunChangeColumns } from './modelRunChangeColumns';
import type { RunChangesQuery } from './modelRunsQuery';
import { DIRECTION_OPTIONS, REVIEWED_OPTIONS } from './modelRunsTexts';
import { PagedTable } from './PagedTable';
import { reviewTheseLink } from './reviewThese';
import { useRefreshingLoad } from './useRefreshingLoad';

const never = () => false;
const ANY = 'any';

/**
 * The items a run changed, a page at a time, filtered by direction and by whether a person had
 * reviewed them; "Review these" opens Review on exactly the items the filters list.
 */
export function RunChanges({
  run,
  query,
  onQuery,
}: {
  run: ModelRunView;
  query: RunChangesQuery;
  onQuery(query: RunChangesQuery): void;
}) {
  const navigate = useNavigate();
  const directionLabel = useId();
  const reviewedLabel = useId();
  const { direction, reviewed, page } = query;
  const { id } = run;
  const fetch = useCallback(
    () =>
      invoke('insight.modelRunChanges', {
        id,
        ...(direction ? { direction } : {}),
        reviewed,
        page,
      }),
    [id, direction, reviewed, page],
  );
  const [load, retry] = useRefreshingLoad(fetch, never);
  const columns = useMemo(() => modelRunChangeColumns(run.service), [run.service]);
  const total = load.data?.total ?? 0;

  return (
    <Flex vertical gap={12}>
      <Flex gap={16} align="center" wrap>
        <Flex gap={8} align="center">
          <Typography.Text id={directionLabel}>Direction</Typography.Text>
          <Select
            aria-labelledby={directionLabel}
            style={{ width: 230 }}
            value={direction ?? ANY}
            options={DIRECTION_OPTIONS.map((o) => ({ value: o.value ?? ANY, label: o.label }))}
            onChange={(value: string) =>
              onQuery({
                ...query,
                direction: DIRECTION_OPTIONS.find((o) => o.value === value)?.value ?? null,
                page: 0,
              })
            }
          />
        </Flex>
        <Flex gap={8} align="center">
          <Typography.Text id={reviewedLabel}>Reviewed</Typography.Text>
          <Select
            aria-labelledby={reviewedLabel}
            style={{ width: 100 }}
            value={reviewed}
            options={REVIEWED_OPTIONS.map((o) => ({ ...o }))}
            onChange={(value: RunChangesQuery['reviewed']) =>
              onQuery({ ...query, reviewed: value, page: 0 })
            }
          />
        </Flex>
        <Button
          type="primary"
          // With nothing listed, Review would show nothing: there is nothing to review.
          disabled={load.status !== 'success' || total === 0}
          onClick={() => void navigate(reviewTheseLink(run, { direction, reviewed }))}
        >
          Review these
        </Button>
      </Flex>
      <PagedTable<ModelRunChange>
        label={`Items run ${run.id} changed`}
        noun="changes"
        load={load}
        rows={load.data?.changes ?? []}
        total={total}
        page={page}
        pageSize={MODEL_RUN_CHANGES_PAGE_SIZE}
        onPage={(next) => onQuery({ ...query, page: next })}
        columns={columns}
        rowKey={(change) => change.itemId}
        onRetry={retry}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              run.status === 'running'
                ? 'The run is still scoring items; what it changed is listed when it ends.'
                : 'No item changed this way.'
            }
          />
        }
      />
    </Flex>
  );
}
