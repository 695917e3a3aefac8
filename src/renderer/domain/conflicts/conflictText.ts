import { conflictSummary, CONFLICT_CODE, type ItemConflict } from '../../../shared/conflict';
import { BridgeCallError } from '../../bridge/bridgeError';
import { formatLocalClock } from '../../ui/dates';

/**
 * What a card says of a change made since it was drawn: what, who and when on the user's clock,
 * 'Eliminated by reviewer2, 10:42'. A provider that does not say when is said honestly: the change
 * was made before core found it, 'Eliminated by someone else, before 10:42'.
 */
export function conflictText(conflict: ItemConflict): string {
  const summary = conflictSummary(conflict);
  const at = formatLocalClock(conflict.at);
  if (at !== null) return `${summary}, ${at}`;
  const found = formatLocalClock(conflict.foundAt);
  return found === null ? summary : `${summary}, before ${found}`;
}

/** The conflict a refused decision carries, or null for any other failure. */
export function conflictOfError(error: unknown): ItemConflict | null {
  return error instanceof BridgeCallError && error.code === CONFLICT_CODE && error.conflict
    ? error.conflict
    : null;
}
