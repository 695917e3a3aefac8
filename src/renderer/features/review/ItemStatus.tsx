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
      {/*
        Keyed by look: a card given another item (slotKeys.ts) draws a tag of the other colour as
        a new element, which shows at once, rather than fading the old one's colour over 0.2 s (a
        transition restyled on each frame, docs/performance.md, The paint floor).
      */}
      <span
        key={item.selected ? 'selected' : 'eliminated'}
        className={tag(item.selected ? 'green' : 'red')}
      >
        {item.selected ? 'Selected' : 'Eliminated'}
      </span>
      {item.manuallyChanged && <span className={tag('purple')}>Manually changed</span>}
      {item.reviewedBy ? (
        <span key="reviewed" className={tag('blue')}>
          Reviewed by {item.reviewedBy}
        </span>
      ) : (
        <span key="not-reviewed" className={tag()}>
          Not reviewed
        </span>
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
