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

/** Said under a conflict (whose panel says the decision was not saved): the answer counts. */
export const AUDIT_CONFLICT_TEXT =
  "Your audit answer is counted all the same: it judges the classifier's decision when the item was drawn.";

export const AUDIT_COMPLETE_TEXT = 'This audit is complete.';
