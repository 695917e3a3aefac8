import { selectAtom } from 'jotai/utils';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { WaitingWriteView } from '../../../shared/outbox';
import { droppedItemsAtom, waitingByItemAtom, waitingKey } from './outboxState';

const NONE: readonly WaitingWriteView[] = [];

/** The item's writes waiting in the outbox (none for most cards, which then do not draw again). */
export function useWaitingFor(
  filterType: string,
  id: number | undefined,
): readonly WaitingWriteView[] {
  const chosen = useMemo(
    () =>
      selectAtom(
        waitingByItemAtom,
        (byItem) => (id === undefined ? NONE : (byItem.get(waitingKey(filterType, id)) ?? NONE)),
        sameMarks,
      ),
    [filterType, id],
  );
  return useAtomValue(chosen);
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
  const count = useAtomValue(
    useMemo(
      () =>
        selectAtom(droppedItemsAtom, (byItem) =>
          id === undefined ? 0 : (byItem.get(waitingKey(filterType, id)) ?? 0),
        ),
      [filterType, id],
    ),
  );
  const seen = useRef(count);
  const latest = useRef(dropped);
  useEffect(() => {
    latest.current = dropped;
  });
  useEffect(() => {
    if (count === seen.current) return;
    seen.current = count;
    latest.current();
  }, [count]);
}

/** The card's mark: what its first waiting write is doing, or null when none waits. */
export function waitingMarkOf(
  writes: readonly WaitingWriteView[],
): WaitingWriteView['state'] | null {
  return writes[0]?.state ?? null;
}
