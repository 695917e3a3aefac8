import type { AuditReveal } from '../../../shared/quality/auditChannels';
import { formatRatio } from './reviewLogic';

/**
 * The reveal after an audit answer: 'The classifier had kept it (ratio 0.93). You agreed.' The
 * ratio is left out where the provider sent none.
 */
export function revealText(reveal: Pick<AuditReveal, 'classifierKept' | 'ratio' | 'agreed'>) {
  const decided = reveal.classifierKept ? 'kept' : 'eliminated';
  const ratio = reveal.ratio === null ? '' : ` (ratio ${formatRatio(reveal.ratio).text})`;
  return `The classifier had ${decided} it${ratio}. You ${reveal.agreed ? 'agreed' : 'disagreed'}.`;
}

/** Said under a conflict: the decision was not written, yet the answer counts. */
export const AUDIT_CONFLICT_TEXT =
  'Your decision was not sent: this item changed since it was drawn. Your audit answer is counted all the same (it judges the decision at sampling).';

export const AUDIT_COMPLETE_TEXT = 'This audit is complete.';
