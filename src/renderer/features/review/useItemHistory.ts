import { useCallback, useEffect, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import type { JournalEntry } from '../../../shared/journal';
import type { HistoryEntryView } from '../../../shared/responses/insight';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';

/** How many of an item's writes the history shows: one page of the journal. */
export const HISTORY_SIZE = 50;

export type Loaded<T> =
  { status: 'loading' } | { status: 'ok'; entries: T[] } | { status: 'failed'; message: string };

/**
 * One item's writes: the user's journal from this machine and, when the server keeps item history
 * (DESIGN.md, Extensions), the server's record of every write. Both load again when the user's
 * journal gains an entry for the item (the server has then recorded the write too). Either may fail
 * alone.
 */
export function useItemHistory(
  filterType: FilterType,
  id: number,
  target: string,
  fromServer: boolean,
) {
  const [journal, setJournal] = useState<Loaded<JournalEntry>>({ status: 'loading' });
  const [server, setServer] = useState<Loaded<HistoryEntryView>>({ status: 'loading' });

  const load = useCallback(() => {
    const journalLoad = invoke('journal.list', { target, pageSize: HISTORY_SIZE }).then(
      (page) => setJournal({ status: 'ok', entries: page.entries }),
      (error: unknown) => setJournal({ status: 'failed', message: errorText(error) }),
    );
    if (!fromServer) return journalLoad;
    const serverLoad = invoke('insight.history', { filterType, id }).then(
      (entries) => setServer({ status: 'ok', entries }),
      (error: unknown) => setServer({ status: 'failed', message: errorText(error) }),
    );
    return Promise.all([journalLoad, serverLoad]);
  }, [filterType, id, target, fromServer]);

  useEffect(() => {
    void load();
    return onBridgeEvent((event) => {
      if (event.type === 'journal.appended' && event.entry.target === target) void load();
    });
  }, [load, target]);

  // null: not asked, the server keeps no history.
  return { journal, server: fromServer ? server : null, reload: load };
}
