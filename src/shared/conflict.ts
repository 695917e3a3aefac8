import type { ReviewItem } from './api/records';
import type { FilterType } from './bodies/review';

/**
 * No silent overwrite (DESIGN.md, "Several people at once"): before a card's decision is written,
 * core checks that the item is still as the card showed it, by one conditional write where the
 * server offers `conditional-writes` (If-Match on the item's version, 412 when it moved on), else
 * by reading it again (SPEC.md 7's find by id). A decision refused that way crosses the bridge as
 * this error code, with the conflict beside the message.
 */
export const CONFLICT_CODE = 'CONFLICT';

/** One thing that differs between what the card showed and the item now. */
export type ConflictChange =
  | { field: 'selected'; shown: boolean | null; now: boolean }
  | { field: 'reviewedBy'; shown: string | null; now: string | null };

export interface ItemConflict {
  filterType: FilterType;
  /** The data id. */
  id: number;
  /** What changed, the decision first. */
  changes: ConflictChange[];
  /** Who made the change, when the provider says (our server does; SPEC.md 3 names a reviewer). */
  by: string | null;
  /** When it was made (ISO), when the provider says; null otherwise. */
  at: string | null;
  /** When core found it (ISO): the change was made before then. */
  foundAt: string;
  /** The item as it is now: Keep theirs shows it, Apply mine names it as the state before. */
  current: ReviewItem;
}

/**
 * An If-Match value as our server reads it: one item version in quotes ('"12"'), or '*' (any
 * version of an item that exists). Null when it is neither: the write is refused with a 400.
 */
export function readIfMatch(value: string): { version: number | null } | null {
  const text = value.trim();
  if (text === '*') return { version: null };
  const match = /^"(\d{1,15})"$/.exec(text);
  return match ? { version: Number(match[1]) } : null;
}

/** Said first in the journal's summary of a decision sent over a change the reviewer saw. */
export const APPLIED_ANYWAY = 'Apply mine, over a change since the card was drawn';

/** The If-Match value of a version. */
export const ifMatchOf = (version: number): string => `"${version}"`;

/** One change in words: 'Eliminated', 'Selected', 'Reviewed', 'Review mark removed'. */
function changeWord(change: ConflictChange): string {
  if (change.field === 'selected') return change.now ? 'Selected' : 'Eliminated';
  return change.now === null ? 'Review mark removed' : 'Reviewed';
}

/**
 * What changed and who did it, without the time: 'Eliminated by reviewer2', 'Eliminated and
 * reviewed by reviewer2', 'Selected by someone else' when the provider does not say who.
 */
export function conflictSummary(conflict: Pick<ItemConflict, 'changes' | 'by'>): string {
  const what = conflict.changes
    .map((change, index) => (index === 0 ? changeWord(change) : changeWord(change).toLowerCase()))
    .join(' and ');
  return `${what} by ${conflict.by ?? 'someone else'}`;
}
