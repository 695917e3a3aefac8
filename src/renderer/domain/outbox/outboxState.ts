import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { OutboxView, WaitingWriteView } from '../../../shared/outbox';
import { invoke, onBridgeEvent } from '../../bridge/bridge';

/**
 * The signed-in user's outbox and the connection as core last told them (issue 50): the top bar's
 * indicator, the Outbox drawer and the cards' waiting marks draw from this copy.
 */
export const outboxAtom = atom<OutboxView | null>(null);

/** Whether the Outbox drawer is open. */
export const outboxDrawerOpenAtom = atom(false);

export const waitingKey = (filterType: string, id: number): string => `${filterType}:${id}`;

/**
 * How many times each item's waiting decision was taken out of the outbox unsent (Cancel, Keep
 * theirs, Dismiss), by waitingKey: its card stops showing the decision made.
 */
export const droppedItemsAtom = atom<ReadonlyMap<string, number>>(new Map());

/** Counts one more unsent end for the item. */
export const dropItemAtom = atom(
  null,
  (get, set, write: { filterType: string; itemId: number }) => {
    const key = waitingKey(write.filterType, write.itemId);
    const next = new Map(get(droppedItemsAtom));
    next.set(key, (next.get(key) ?? 0) + 1);
    set(droppedItemsAtom, next);
  },
);

/** The waiting writes of each item, in the order made. */
export const waitingByItemAtom = atom((get) => {
  const byItem = new Map<string, WaitingWriteView[]>();
  for (const write of get(outboxAtom)?.writes ?? []) {
    const key = waitingKey(write.filterType, write.itemId);
    byItem.set(key, [...(byItem.get(key) ?? []), write]);
  }
  return byItem;
});

/**
 * Reads the outbox once and follows `outbox.changed`; a view pushed before the first answer is
 * newer, so it wins. Emptied when the shell goes (sign-out).
 */
export function useOutboxFeed(): void {
  const setOutbox = useSetAtom(outboxAtom);
  const setDrawerOpen = useSetAtom(outboxDrawerOpenAtom);
  useEffect(() => {
    let cancelled = false;
    let pushed = false;
    const unsubscribe = onBridgeEvent((event) => {
      if (event.type !== 'outbox.changed') return;
      pushed = true;
      setOutbox(event.outbox);
    });
    invoke('outbox.view').then(
      (view) => {
        if (!cancelled && !pushed) setOutbox(view);
      },
      // The outbox is extra to the page: events still arrive.
      () => undefined,
    );
    return () => {
      cancelled = true;
      unsubscribe();
      setOutbox(null);
      setDrawerOpen(false);
    };
  }, [setOutbox, setDrawerOpen]);
}
