import { act, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { DEFAULT_USER_PREFS, prefsViewAtom } from '../../../src/renderer/domain/prefs/prefsState';
import { BreakReminder } from '../../../src/renderer/domain/shift/BreakReminder';
import { ShiftFigure } from '../../../src/renderer/domain/shift/ShiftFigure';
import { shiftJournalAtom } from '../../../src/renderer/domain/shift/shiftJournal';
import type { JournalEntry, JournalQuery } from '../../../src/shared/journal';
import type { UserPrefs } from '../../../src/shared/prefs';
import { fakeBridge, ok } from './fakeBridge';
import { journalledWrite } from './journalWrites';

afterEach(() => setBridge(null));

const MINUTE = 60_000;
/** The session began an hour ago; every write below is after it. */
const signIn = Date.now() - 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

const write = (at: number, over: Partial<JournalEntry> = {}) => journalledWrite(iso(at), over);

/** journal.list over `entries`, newest first, a page at a time, honouring `from`. */
function journalBridge(entries: JournalEntry[]) {
  return fakeBridge({
    'journal.list': (payload) => {
      const query = payload as JournalQuery;
      const from = query.from ? Date.parse(query.from) : 0;
      const matching = entries
        .filter((entry) => Date.parse(entry.at) >= from)
        .sort((a, b) => b.seq - a.seq);
      const size = query.pageSize ?? 50;
      const page = query.page ?? 0;
      return ok({
        entries: matching.slice(page * size, (page + 1) * size),
        total: matching.length,
        folder: null,
        retentionDays: 30,
      });
    },
  });
}

function renderShell(prefs: Partial<UserPrefs> = {}) {
  const store = createStore();
  store.set(prefsViewAtom, {
    prefs: { ...DEFAULT_USER_PREFS, ...prefs },
    sessionStartedAt: iso(signIn),
  });
  const view = render(
    <Provider store={store}>
      <AntApp>
        <MemoryRouter>
          <ShiftFigure />
          <BreakReminder />
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
  return { store, ...view };
}

describe("the top bar's shift figure", () => {
  it("reads the journal once, every page since the shift's start, and links to /shift", async () => {
    // 250 decisions, one every 10 seconds: more than one page of 200.
    const entries = Array.from({ length: 250 }, (_, i) => write(signIn + MINUTE + i * 10_000));
    // One before sign-in (this morning, say): not this shift's.
    entries.unshift(write(signIn - 10 * MINUTE));
    const bridge = journalBridge(entries);
    setBridge(bridge);
    renderShell();

    // 250 in 249 × 10 s of active time: 250 / (2490 / 3600) = 361 an hour.
    const link = await screen.findByRole('link', { name: 'Shift: 250 decisions, 361 an hour' });
    expect(link.textContent).toBe('Shift 250 · 361/h');
    expect(link.getAttribute('href')).toBe('/shift');
    const calls = bridge.invoke.mock.calls.filter(([channel]) => channel === 'journal.list');
    expect(calls.map(([, query]) => (query as JournalQuery).page)).toEqual([0, 1]);
    for (const [, query] of calls) {
      expect((query as JournalQuery).pageSize).toBe(200);
      // From the earlier of sign-in and local midnight.
      const midnight = new Date();
      midnight.setHours(0, 0, 0, 0);
      expect((query as JournalQuery).from).toBe(iso(Math.min(signIn, midnight.getTime())));
    }
  });

  it('follows journal.appended without reading again, and counts from Start shift', async () => {
    const bridge = journalBridge([write(signIn + MINUTE)]);
    setBridge(bridge);
    const { store } = renderShell();
    await screen.findByRole('link', { name: 'Shift: 1 decision' });

    const second = write(signIn + 2 * MINUTE);
    act(() => bridge.push({ type: 'journal.appended', entry: second }));
    // The same entry twice (as a read and an event may both bring it) counts once.
    act(() => bridge.push({ type: 'journal.appended', entry: { ...second } }));
    act(() => bridge.push({ type: 'journal.appended', entry: write(signIn + 3 * MINUTE) }));
    // 3 decisions in 2 minutes of active time.
    expect(
      await screen.findByRole('link', { name: 'Shift: 3 decisions, 90 an hour' }),
    ).toBeTruthy();
    expect(bridge.invoke.mock.calls.filter(([c]) => c === 'journal.list')).toHaveLength(1);

    // Start shift: only what comes after counts.
    act(() =>
      store.set(prefsViewAtom, {
        prefs: { ...DEFAULT_USER_PREFS, shiftStartedAt: iso(signIn + 150_000) },
        sessionStartedAt: iso(signIn),
      }),
    );
    expect(await screen.findByRole('link', { name: 'Shift: 1 decision' })).toBeTruthy();
  });

  it('forgets the copy when the shell goes (sign-out)', async () => {
    setBridge(journalBridge([write(signIn + MINUTE)]));
    const { store, unmount } = renderShell();
    await screen.findByRole('link', { name: 'Shift: 1 decision' });
    unmount();
    expect(store.get(shiftJournalAtom)).toEqual({
      from: null,
      status: 'idle',
      entries: [],
      message: null,
    });
  });
});

describe('the break reminder', () => {
  const text = 'Time for a break: you have worked 10 minutes without one.';

  it('notifies once per stretch of continuous work that reaches the minutes set', async () => {
    const bridge = journalBridge([]);
    setBridge(bridge);
    renderShell({ breakReminderMinutes: 10 });
    await screen.findByRole('link', { name: 'Shift: 0 decisions' });
    const start = signIn + 5 * MINUTE;
    // Pauses under five minutes: one stretch of 9:59, then of 10:00.
    for (const at of [start, start + 4 * MINUTE, start + 8 * MINUTE, start + 9 * MINUTE + 59_000])
      act(() => bridge.push({ type: 'journal.appended', entry: write(at) }));
    await screen.findByRole('link', { name: /^Shift: 4 decisions/ });
    expect(screen.queryByText(text)).toBeNull();
    act(() => bridge.push({ type: 'journal.appended', entry: write(start + 10 * MINUTE) }));
    expect(await screen.findByText(text)).toBeTruthy();
    // More of the same stretch: no second notice.
    act(() => bridge.push({ type: 'journal.appended', entry: write(start + 12 * MINUTE) }));
    await screen.findByRole('link', { name: /^Shift: 6 decisions/ });
    expect(screen.getAllByText(text)).toHaveLength(1);
    // A pause of five minutes, then ten more minutes of work: a new stretch, a new notice.
    for (const at of [
      start + 17 * MINUTE,
      start + 21 * MINUTE,
      start + 25 * MINUTE,
      start + 27 * MINUTE,
    ])
      act(() => bridge.push({ type: 'journal.appended', entry: write(at) }));
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
  });

  it('is off by default, and does not remind a stretch that was long when the journal was read', async () => {
    const start = signIn + MINUTE;
    const long = [0, 4, 8, 12].map((m) => write(start + m * MINUTE));
    setBridge(journalBridge(long));
    const first = renderShell({ breakReminderMinutes: 10 });
    await screen.findByRole('link', { name: /^Shift: 4 decisions/ });
    expect(screen.queryByText(text)).toBeNull();
    first.unmount();

    const bridge = journalBridge([]);
    setBridge(bridge);
    const off = renderShell();
    await waitFor(() => expect(off.store.get(shiftJournalAtom).status).toBe('ready'));
    for (const m of [0, 5, 9, 14])
      act(() =>
        bridge.push({ type: 'journal.appended', entry: write(start + 30 * MINUTE + m * 59_000) }),
      );
    await waitFor(() => expect(off.store.get(shiftJournalAtom).entries).toHaveLength(4));
    expect(screen.queryByText(text)).toBeNull();
  });
});
