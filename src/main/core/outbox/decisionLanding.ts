import type { ReviewItem } from '../../../shared/api/records';
import type { ShownItem } from '../../../shared/runs';

/** A card's decision as the outbox keeps it: its channel, the call's fields, what the card showed. */
export interface KeptDecision {
  channel: string;
  username: string;
  fields: Record<string, unknown>;
  shown: ShownItem;
}

/** What the decision leaves on the item, as far as a re-read can see it. */
export interface DecisionEffect {
  /** The item's selected flag once it landed; null when the decision does not set it. */
  selected: boolean | null;
  /** Whether it marks the item reviewed by its reviewer. */
  reviewed: boolean;
  /** In words, for the Outbox list. */
  words: string;
}

export function effectOf(decision: Pick<KeptDecision, 'channel' | 'fields'>): DecisionEffect {
  const { channel, fields } = decision;
  if (channel === 'review.reviewed') return { selected: null, reviewed: true, words: 'Review' };
  const keyword = typeof fields.keyword === 'string' ? fields.keyword.trim() : '';
  const withKeyword = keyword ? `, keyword "${keyword}"` : '';
  if (channel === 'review.addEliminatedKeyword')
    return { selected: false, reviewed: false, words: `Eliminated keyword "${keyword}"` };
  // Add Keyword adds to the keyword list and leaves the decision as it is.
  if (fields.case === 'add-keyword')
    return { selected: null, reviewed: false, words: `Add keyword "${keyword}"` };
  const selected = fields.case === 'manually-select';
  return { selected, reviewed: false, words: `${selected ? 'Select' : 'Eliminate'}${withKeyword}` };
}

/**
 * Whether a decision whose answer was lost had landed, from the item read again: true when the
 * item now is as the decision leaves it and the card showed it otherwise. A decision that does not
 * change what a re-read sees (a Select on a selected item, an eliminated keyword on an eliminated
 * one) is told by the item's version where the server gives one (ours, conditional-writes): the
 * same version as the card's, not landed; a later one whose last manual change is this user's,
 * landed. Otherwise null: it is sent again, which leaves the item as one send would.
 */
export function landedIn(decision: KeptDecision, now: ReviewItem): boolean | null {
  const effect = effectOf(decision);
  const { shown } = decision;
  if (effect.reviewed) {
    if (shown.reviewedBy === decision.username) return byVersion(decision, now);
    return (now.reviewedBy ?? null) === decision.username;
  }
  if (effect.selected === null || shown.selected === effect.selected)
    return byVersion(decision, now);
  return now.selected === effect.selected;
}

function byVersion({ shown, username }: KeptDecision, now: ReviewItem): boolean | null {
  if (shown.version === undefined || now.version === undefined) return null;
  if (now.version === shown.version) return false;
  return now.version > shown.version && now.manuallyChangedBy === username ? true : null;
}
