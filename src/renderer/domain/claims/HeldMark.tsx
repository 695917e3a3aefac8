import type { ClaimView } from '../../../shared/responses/claims';
import { usePlainLook } from '../../ui/look/plainLook';
import { holderText } from './claimText';
import { ScreenReaderOnly } from '../../ui/ScreenReaderOnly';

/**
 * The mark on a card another reviewer holds in their queue (the claims extension): "reviewer2,
 * 4 min", read as "Held by reviewer2, 4 min". Its actions ask before acting (useItemDecisions.ts).
 */
export function HeldMark({ claim }: { claim: Pick<ClaimView, 'holder' | 'remainingSeconds'> }) {
  const { tag } = usePlainLook();
  return (
    <span className={`${tag('purple')} dqc-held-mark`} data-held-by={claim.holder}>
      <ScreenReaderOnly>Held by </ScreenReaderOnly>
      {holderText(claim)}
    </span>
  );
}
