import { selectAtom } from 'jotai/utils';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { WaitingWriteView } from '../../../shared/outbox';
import { waitingByItemAtom, waitingKey } from './outboxState';

const NONE: readonly WaitingWriteView[] = [];

/** The item's writes waiting in the outbox (none for most cards, which then do not draw again). */
export function useWaitingFor(
  filterType: string,
  id: number | undefined,
): readonly WaitingWriteView[] {
  const chosen = useMemo(
    () =>
      selectAtom(waitingByItemAtom, (byItem) =>
        id === undefined ? NONE : (byItem.get(waitingKey(filterType, id)) ?? NONE),
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
  for (const write of writes) {
    if (write.state === 'conflict' || write.state === 'refused') break;
    if (write.selected !== null && shown.selected !== write.selected)
      shown = { ...shown, selected: write.selected, manuallyChanged: true };
    if (write.reviewed && username !== null && shown.reviewedBy !== username)
      shown = { ...shown, reviewedBy: username };
  }
  if (shown !== item) {
    // The version the server gave is not the one after these writes.
    const { version: _version, ...rest } = shown as ReviewItem & { version?: number };
    return rest as ReviewItem;
  }
  return item;
}

/** The card's mark: what its first waiting write is doing, or null when none waits. */
export function waitingMarkOf(
  writes: readonly WaitingWriteView[],
): WaitingWriteView['state'] | null {
  return writes[0]?.state ?? null;
}
