import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { JournalEntry } from '../../../shared/journal';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { prefsAtom, sessionStartedAtAtom } from '../prefs/prefsState';
import { shiftStartOf, startOfLocalDay } from './shiftFigures';

/**
 * The journal entries the shift panel counts: from the earlier of the shift's start and local
 * midnight, read once (a page of 200 at a time) and then followed through `journal.appended`.
 * One copy for the top bar's figure, the break reminder and the Shift page: whichever mounts first
 * reads, the others share it. The copy is forgotten when the last of them goes (sign-out), so the
 * next user never sees the last one's writes.
 */

export interface ShiftJournal {
  /** The earliest time read (ISO), or null before the first read. */
  from: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Oldest first, one per seq. */
  entries: readonly JournalEntry[];
  message: string | null;
}

const EMPTY: ShiftJournal = { from: null, status: 'idle', entries: [], message: null };

/** Entries journal.list is asked for at a time: the most it gives. */
export const SHIFT_JOURNAL_PAGE_SIZE = 200;
/** A bound on one read (40,000 entries): a shift of bulk runs past it shows the newest only. */
const MAX_PAGES = 200;

export const shiftJournalAtom = atom<ShiftJournal>(EMPTY);

/** Reads started after this one win; a reset (sign-out) also outdates a read under way. */
let generation = 0;

shiftJournalAtom.onMount = (set) => {
  const unsubscribe = onBridgeEvent((event) => {
    if (event.type === 'journal.appended')
      set((journal) => ({ ...journal, entries: mergeEntries(journal.entries, [event.entry]) }));
  });
  return () => {
    unsubscribe();
    generation++;
    set(EMPTY);
  };
};

/** Both lists' entries, one per seq, oldest first. */
export function mergeEntries(
  kept: readonly JournalEntry[],
  added: readonly JournalEntry[],
): JournalEntry[] {
  const bySeq = new Map<number, JournalEntry>();
  for (const entry of kept) bySeq.set(entry.seq, entry);
  for (const entry of added) bySeq.set(entry.seq, entry);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

type Store = ReturnType<typeof useStore>;

/**
 * Reads every entry since `from`, newest first as journal.list gives them. Entries written while
 * it reads push older ones onto later pages: those come twice and are merged by seq, none is lost
 * (the event adds the new ones).
 */
async function readSince(store: Store, from: string): Promise<void> {
  const ticket = ++generation;
  store.set(shiftJournalAtom, (journal) => ({
    ...journal,
    from,
    status: 'loading',
    message: null,
  }));
  try {
    const read: JournalEntry[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await invoke('journal.list', {
        from,
        page,
        pageSize: SHIFT_JOURNAL_PAGE_SIZE,
      });
      if (ticket !== generation) return;
      read.push(...answer.entries);
      if (
        answer.entries.length < SHIFT_JOURNAL_PAGE_SIZE ||
        (page + 1) * SHIFT_JOURNAL_PAGE_SIZE >= answer.total
      )
        break;
    }
    store.set(shiftJournalAtom, (journal) => ({
      ...journal,
      status: 'ready',
      entries: mergeEntries(journal.entries, read),
    }));
  } catch (error) {
    if (ticket === generation)
      store.set(shiftJournalAtom, (journal) => ({
        ...journal,
        status: 'failed',
        message: errorText(error),
      }));
  }
}

/** How often the clock behind "today" and the chart's last quarter moves on. */
const TICK_MS = 60_000;

/** The time now, moved on once a minute while shown: today's midnight and the chart follow it. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface ShiftPeriods {
  journal: ShiftJournal;
  /** The time now (ms), to the minute. */
  now: number;
  /** When the shift began (ms); local midnight when no start is known. */
  shiftStart: number;
  /** Whether the shift runs from Start shift (true) or from sign-in (false). */
  startedByUser: boolean;
  /** Local midnight (ms). */
  todayStart: number;
  /** Reads again after a failure. */
  retry(): void;
}

/**
 * The shift's entries and its two periods. Reads when nothing covering the periods was read yet:
 * a shift start moved earlier (back to sign-in) reads again; a later one only counts fewer.
 */
export function useShiftJournal(): ShiftPeriods {
  const now = useMinuteClock();
  const store = useStore();
  const journal = useAtomValue(shiftJournalAtom);
  const prefs = useAtomValue(prefsAtom);
  const sessionStartedAt = useAtomValue(sessionStartedAtAtom);
  const todayStart = startOfLocalDay(now);
  const shiftStart = shiftStartOf(prefs.shiftStartedAt, sessionStartedAt) ?? todayStart;
  const from = new Date(Math.min(shiftStart, todayStart)).toISOString();

  useEffect(() => {
    const current = store.get(shiftJournalAtom);
    const covered =
      current.from !== null &&
      current.status !== 'failed' &&
      Date.parse(current.from) <= Date.parse(from);
    if (!covered) void readSince(store, from);
  }, [store, from]);

  const retry = useCallback(() => void readSince(store, from), [store, from]);
  return {
    journal,
    now,
    shiftStart,
    startedByUser: prefs.shiftStartedAt !== null,
    todayStart,
    retry,
  };
}
