import { atom, useAtom, useAtomValue } from 'jotai';
import { useCallback, useRef } from 'react';
import type { JournalArea, JournalOutcome, JournalPage } from '../../../shared/journal';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';

/** Entries a page of the journal shows. */
export const JOURNAL_PAGE_SIZE = 50;

/** The filter as last applied: what journal.list is asked. */
export interface JournalFilter {
  from: string | null;
  to: string | null;
  area: JournalArea | null;
  outcome: JournalOutcome | null;
  runId: string | null;
}

export const NO_JOURNAL_FILTER: JournalFilter = {
  from: null,
  to: null,
  area: null,
  outcome: null,
  runId: null,
};

/** The applied filter and the zero-based page: kept while the user visits other screens. */
export const journalQueryAtom = atom<{ filter: JournalFilter; page: number }>({
  filter: NO_JOURNAL_FILTER,
  page: 0,
});

/** The last page read (null before the first answer), and how the latest call went. */
export type JournalLoad =
  | { status: 'loading'; data: JournalPage | null }
  | { status: 'success'; data: JournalPage }
  | { status: 'failed'; data: null; message: string };

export const journalLoadAtom = atom<JournalLoad>({ status: 'loading', data: null });

/**
 * Reads the page the query names. A quiet read (a new entry was journalled) keeps the table as it
 * is until the answer, so that a run's stream of writes does not flash the spinner every second.
 * An answer that arrives after a newer call started is dropped.
 */
export function useJournalLoad(): [JournalLoad, (quiet?: boolean) => Promise<void>] {
  const [load, setLoad] = useAtom(journalLoadAtom);
  const { filter, page } = useAtomValue(journalQueryAtom);
  const latest = useRef(0);
  const reload = useCallback(
    async (quiet = false) => {
      const ticket = ++latest.current;
      if (!quiet) setLoad((previous) => ({ status: 'loading', data: previous.data }));
      try {
        const data = await invoke('journal.list', {
          ...filter,
          page,
          pageSize: JOURNAL_PAGE_SIZE,
        });
        if (ticket === latest.current) setLoad({ status: 'success', data });
      } catch (error) {
        // A failed quiet read leaves the page on screen: the next entry or Filter reads again.
        if (ticket === latest.current && !quiet)
          setLoad({ status: 'failed', data: null, message: errorText(error) });
      }
    },
    [filter, page, setLoad],
  );
  return [load, reload];
}
