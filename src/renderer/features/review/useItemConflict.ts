import { useState } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { ItemConflict } from '../../../shared/conflict';
import { useStableCallback } from '../../ui/useStableCallback';
import type { ReviewChange } from './reviewChange';

/** A conflict the card shows, with the decision it refused, to send again on Apply mine. */
interface Held {
  conflict: ItemConflict;
  applyMine(): void;
}

/** The item with the state the conflict found: what the card shows after Keep theirs. */
function takenFrom(given: ReviewItem, current: ReviewItem): ReviewItem {
  const taken: ReviewItem = { ...given, ...current };
  // Absent from the item now is not reviewed now (the reader leaves out a null reviewer).
  if (current.reviewedBy === undefined) delete taken.reviewedBy;
  return taken;
}

/** A decision this card saved: a manual change, or the reviewed mark with who made it. */
export type SavedDecision = ReviewChange | { reviewedBy: string };

/**
 * The item as the card's own saved decision left it, until the list reloads. Its version is
 * forgotten (the server raised it): a decision before the reload is checked by reading the item
 * again, and is not refused for the reviewer's own change.
 */
function afterSaved(item: ReviewItem, saved: SavedDecision): ReviewItem {
  const after: ReviewItem = { ...item };
  delete after.version;
  if (typeof saved === 'object') return { ...after, reviewedBy: saved.reviewedBy };
  if (saved === 'add-keyword') return after;
  return { ...after, selected: saved === 'manually-select', manuallyChanged: true };
}

/** The card still shows the state the conflict was found against. */
function stillShows(item: ReviewItem, conflict: ItemConflict): boolean {
  return conflict.changes.every((change) =>
    change.field === 'selected'
      ? (item.selected ?? null) === change.shown
      : (item.reviewedBy ?? null) === change.shown,
  );
}

/**
 * A card's conflict (src/shared/conflict.ts): a decision refused because the item changed since
 * the card was drawn. The card shows it (ConflictPanel.tsx) until the reviewer chooses: Keep
 * theirs shows the item as the conflict found it and sends nothing; Apply mine sends the decision
 * again over the change. A decision the card saved shows at once (`saved`), so that the next one
 * made before the list reloads is checked against it. The item the list gives (`given`) is the
 * truth again once the list reloads: the card then shows that, and a conflict of another item (the
 * card given another one) is not shown.
 */
export function useItemConflict(given: ReviewItem) {
  const [held, setHeld] = useState<Held | null>(null);
  const [kept, setKept] = useState<{ given: ReviewItem; item: ReviewItem } | null>(null);
  const shown = held !== null && held.conflict.id === given.id ? held : null;

  const report = useStableCallback((conflict: ItemConflict, applyMine: () => void) =>
    setHeld({ conflict, applyMine }),
  );
  const keepTheirs = useStableCallback(() => {
    if (shown && stillShows(given, shown.conflict))
      setKept({ given, item: takenFrom(given, shown.conflict.current) });
    setHeld(null);
  });
  const applyMine = useStableCallback(() => {
    setHeld(null);
    shown?.applyMine();
  });
  const item = kept !== null && kept.given === given ? kept.item : given;
  // `from`: the item as the card showed it, with its decisions waiting in the outbox made.
  const saved = useStableCallback((decision: SavedDecision, from: ReviewItem = item) =>
    setKept({ given, item: afterSaved(from, decision) }),
  );
  /** Forgets the saved decision: it was taken out of the outbox unsent (Cancel, Keep theirs). */
  const forget = useStableCallback(() => setKept(null));

  return { item, conflict: shown?.conflict ?? null, report, keepTheirs, applyMine, saved, forget };
}
