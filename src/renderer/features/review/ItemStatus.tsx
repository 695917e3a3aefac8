import type { ReviewItem } from '../../../shared/api/records';
import { usePlainLook } from '../../ui/look/plainLook';
import { formatRatio } from './reviewLogic';

/**
 * Where an item stands: its decision, whether a person changed it or reviewed it, its NLP ratio.
 * Plain spans in Ant Design's tag classes (plainLook.ts): four tags on each of 20 cards.
 */
export function ItemStatus({ item }: { item: ReviewItem }) {
  const { tag } = usePlainLook();
  const ratio = formatRatio(item.nlpDecisionRatio);
  return (
    <span className="dqc-card-row">
      <span className={tag(item.selected ? 'green' : 'red')}>
        {item.selected ? 'Selected' : 'Eliminated'}
      </span>
      {item.manuallyChanged && <span className={tag('purple')}>Manually changed</span>}
      {item.reviewedBy ? (
        <span className={tag('blue')}>Reviewed by {item.reviewedBy}</span>
      ) : (
        <span className={tag()}>Not reviewed</span>
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
