import { Tag } from 'antd';
import type { ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { modelRunTagText } from './insightFilter';

/**
 * Review these (the model-runs extension, DESIGN.md, Extensions): the list shows only the items a
 * model run changed, and says so in the filter area. Closing the tag shows every item of the filter
 * again.
 */
export function ModelRunTag({ filter, onClose }: { filter: ReviewFilterValues; onClose(): void }) {
  const text = modelRunTagText(filter);
  if (text === null) return null;
  return (
    <Tag
      color="blue"
      closable={{
        'aria-label': `Stop showing only the items model run #${filter.modelRunId} changed`,
      }}
      onClose={(event) => {
        // The filter changes the URL; the tag goes when the page no longer has a run.
        event.preventDefault();
        onClose();
      }}
      style={{ marginBottom: 8, fontSize: 14, paddingBlock: 2 }}
      aria-live="polite"
    >
      {text}
    </Tag>
  );
}
