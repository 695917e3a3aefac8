import { useStore } from 'jotai';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { WaitingWriteView } from '../../../shared/outbox';
import { droppedItemsAtom, waitingByItemAtom, waitingKey } from './outboxState';

const NONE: readonly WaitingWriteView[] = [];

/**
 * A card's subscription to one of the outbox's by-item atoms, made once for the card: the page gives
 * card instances other items (slotKeys.ts), and an atom selected for each item meant, on every page
 * of 20 cards, 40 new atoms, each card drawn twice and 40 subscriptions taken down and made again
 * (docs/performance.md, The paint floor). The item is read in render instead.
 */
function useOutboxAtomSubscription(atom: typeof waitingByItemAtom | typeof droppedItemsAtom) {
  const store = useStore();
  const subscribe = useCallback((notify: () => void) => store.sub(atom, notify), [store, atom]);
  return { store, subscribe };
}

/** The item's writes waiting in the outbox (none for most cards, which then do not draw again). */
export function useWaitingFor(
  filterType: string,
  id: number | undefined,
): readonly WaitingWriteView[] {
  const { store, subscribe } = useOutboxAtomSubscription(waitingByItemAtom);
  const key = id === undefined ? null : waitingKey(filterType, id);
  // The last answer is kept while it is the same writes as drawn, so that an outbox change that
  // changes nothing on this card draws it not again.
  const last = useRef<readonly WaitingWriteView[]>(NONE);
  const snapshot = () => {
    const found = key === null ? NONE : (store.get(waitingByItemAtom).get(key) ?? NONE);
    if (!sameMarks(found, last.current)) last.current = found;
    return last.current;
  };
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * The item as its card shows it with its waiting decisions made (issue 50: a waiting decision is
 * shown as made, marked waiting), so that the next decision on it is made, and checked, over them.
 * A write in conflict or refused is not made: the item stays as the server has it.
 */
export function withWaiting(
  item: ReviewItem,
  writes: readonly WaitingWriteView[],
  username: string | null,
): ReviewItem {
  let shown = item;
  let made = false;
  for (const write of writes) {
    if (write.state === 'conflict' || write.state === 'refused') break;
    made = true;
    if (write.selected !== null && shown.selected !== write.selected)
      shown = { ...shown, selected: write.selected, manuallyChanged: true };
    if (write.reviewed && username !== null && shown.reviewedBy !== username)
      shown = { ...shown, reviewedBy: username };
  }
  if (made) {
    // The version the server gave is not the one after these writes (Add Keyword raises it too).
    const { version: _version, ...rest } = shown as ReviewItem & { version?: number };
    return rest as ReviewItem;
  }
  return item;
}

/** The same writes as drawn: an event that changes nothing on this card draws it not again. */
function sameMarks(a: readonly WaitingWriteView[], b: readonly WaitingWriteView[]): boolean {
  return (
    a.length === b.length &&
    a.every((w, i) => {
      const v = b[i]!;
      return (
        w.id === v.id &&
        w.state === v.state &&
        w.selected === v.selected &&
        w.reviewed === v.reviewed
      );
    })
  );
}

/** Runs `dropped` when the item's waiting decision is taken out of the outbox unsent. */
export function useOnItemDropped(
  filterType: string,
  id: number | undefined,
  dropped: () => void,
): void {
  const { store, subscribe } = useOutboxAtomSubscription(droppedItemsAtom);
  const key = id === undefined ? null : waitingKey(filterType, id);
  const count = useSyncExternalStore(subscribe, () =>
    key === null ? 0 : (store.get(droppedItemsAtom).get(key) ?? 0),
  );
  // Counted per item: a card given another item starts from that item's count.
  const seen = useRef({ key, count });
  const latest = useRef(dropped);
  useEffect(() => {
    latest.current = dropped;
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = { key, count };
    if (before.key === key && before.count !== count) latest.current();
  }, [key, count]);
}

/** The card's mark: what its first waiting write is doing, or null when none waits. */
export function waitingMarkOf(
  writes: readonly WaitingWriteView[],
): WaitingWriteView['state'] | null {
  return writes[0]?.state ?? null;
}
