import { Tag } from 'antd';
import type { ReviewItem } from '../../../shared/api/records';
import { formatRatio } from './reviewLogic';

/** Where an item stands: its decision, whether a person changed it or reviewed it, its NLP ratio. */
export function ItemStatus({ item }: { item: ReviewItem }) {
  const ratio = formatRatio(item.nlpDecisionRatio);
  return (
    <span className="dqc-card-row">
      <Tag color={item.selected ? 'green' : 'red'}>{item.selected ? 'Selected' : 'Eliminated'}</Tag>
      {item.manuallyChanged && <Tag color="purple">Manually changed</Tag>}
      {item.reviewedBy ? (
        <Tag color="blue">Reviewed by {item.reviewedBy}</Tag>
      ) : (
        <Tag>Not reviewed</Tag>
      )}
      {/* SPEC.md 9: to 5 characters; above 0.5 highlighted. */}
      <span
        className={ratio.high ? 'dqc-ratio dqc-ratio-high' : 'dqc-ratio'}
        title="NLP decision ratio"
      >
        {ratio.text}
      </span>
    </span>
  );
}
