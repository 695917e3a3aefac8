import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import type { ChartBucket } from '../../../src/renderer/features/shift/shiftChartData';
import ShiftPage from '../../../src/renderer/features/shift/ShiftPage';
import { DEFAULT_USER_PREFS, prefsViewAtom } from '../../../src/renderer/domain/prefs/prefsState';
import { lastReviewQueryAtom } from '../../../src/renderer/domain/reviewFilter/lastReviewQuery';
import type { JournalQuery } from '../../../src/shared/journal';
import type { AuditProgress } from '../../../src/shared/quality/auditChannels';
import type { UserPrefs } from '../../../src/shared/prefs';
import { fail, fakeBridge, ok } from './fakeBridge';
import { journalledWrite } from './journalWrites';

// The chart draws on a canvas, which jsdom has not: a stand-in shows the data it was handed.
vi.mock('../../../src/renderer/features/shift/ShiftChart', () => ({
  default: ({ data }: { data: ChartBucket[] }) => (
    <pre data-testid="chart-data">{JSON.stringify(data)}</pre>
  ),
}));

// Local times on 1 May 2024: "today" and the buckets are local, so any time zone passes.
const at = (h: number, m: number, s = 0) => new Date(2024, 4, 1, h, m, s).getTime();
const iso = (h: number, m: number, s = 0) => new Date(at(h, m, s)).toISOString();

beforeEach(() => {
  // Only the clock: timers stay real, so Ant Design and the waits work as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at(11, 0));
});
afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
});

const write = journalledWrite;
const eliminate = (time: string) =>
  write(time, { call: 'PUT /twitter-service/manually-eliminate' });
const reviewed = (time: string) =>
  write(time, { channel: 'review.reviewed', call: 'PUT /twitter-service/5/reviewed' });

/** Signed in at 10:00; two writes this morning before it, three after. */
const JOURNAL = [
  write(iso(8, 0)),
  eliminate(iso(8, 1)),
  write(iso(10, 5)),
  eliminate(iso(10, 6)),
  reviewed(iso(10, 20)),
];

function setup(
  options: {
    prefs?: Partial<UserPrefs>;
    journal?: () => unknown;
    count?: () => unknown;
    audit?: AuditProgress;
  } = {},
) {
  let prefs: UserPrefs = { ...DEFAULT_USER_PREFS, ...options.prefs };
  const bridge = fakeBridge({
    'journal.list': (payload) => {
      const { from } = payload as JournalQuery;
      const entries = JOURNAL.filter((entry) => !from || entry.at >= from).reverse();
      return options.journal
        ? (options.journal() as ReturnType<typeof ok>)
        : ok({ entries, total: entries.length, folder: null, retentionDays: 30 });
    },
    'review.countView': () => (options.count ? (options.count() as ReturnType<typeof ok>) : ok(17)),
    'audit.current': () => ok(options.audit ?? { sample: null, answeredToday: 0 }),
    'prefs.setShift': (payload) => {
      prefs = { ...prefs, ...(payload as Partial<UserPrefs>) };
      return ok(prefs);
    },
  });
  setBridge(bridge);
  const store = createStore();
  store.set(prefsViewAtom, { prefs, sessionStartedAt: iso(10, 0) });
  render(
    <Provider store={store}>
      <AntApp>
        <MemoryRouter>
          <ShiftPage title="Shift" />
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
  return { bridge, store };
}

/** The figures table's row for `what`: [this shift, today]. */
async function figures(what: string): Promise<string[]> {
  const row = (await screen.findAllByRole('row')).find(
    (r) => within(r).queryByRole('rowheader', { name: what }) !== null,
  );
  if (!row) throw new Error(`no row ${what}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

const chartData = async () =>
  JSON.parse((await screen.findByTestId('chart-data')).textContent ?? '[]') as ChartBucket[];

describe('the Shift page', () => {
  it('counts decisions by kind for this shift (since sign-in) and today', async () => {
    setup();
    await waitFor(async () => expect(await figures('Kept')).toEqual(['1', '2']));
    expect(await figures('Eliminated')).toEqual(['1', '2']);
    expect(await figures('Reviewed')).toEqual(['1', '1']);
    expect(await figures('Keywords added')).toEqual(['0', '0']);
    expect(await figures('Reference-data writes')).toEqual(['0', '0']);
    expect(await figures('All decisions')).toEqual(['3', '5']);
    // 10:05 → 10:06 is active (1 min); 10:06 → 10:20 is a pause.
    expect(await figures('Active time')).toEqual(['1 min', '2 min']);
    expect(await figures('Pace')).toEqual(['180 an hour', '150 an hour']);
    expect(screen.getByText(/^This shift began .* \(sign-in\)\.$/)).toBeTruthy();
  });

  it('hands the chart the items per 15 minutes of the period chosen, with a table beside it', async () => {
    const user = userEvent.setup();
    setup();
    expect(await chartData()).toEqual([
      { start: iso(10, 0), time: '10:00', items: 2 },
      { start: iso(10, 15), time: '10:15', items: 1 },
      { start: iso(10, 30), time: '10:30', items: 0 },
      { start: iso(10, 45), time: '10:45', items: 0 },
      { start: iso(11, 0), time: '11:00', items: 0 },
    ]);
    const table = screen.getByRole('table', { name: 'Items per 15 minutes' });
    expect(within(table).getByRole('row', { name: '10:00 2' })).toBeTruthy();
    expect(
      screen.getByText(
        '3 items in 5 quarter hours from 10:00 to 11:00; the busiest, 10:00, had 2.',
      ),
    ).toBeTruthy();

    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Chart of' })).getByText('Today'),
    );
    await waitFor(async () =>
      expect((await chartData())[0]).toEqual({ start: iso(8, 0), time: '08:00', items: 2 }),
    );
  });

  it('follows new writes as they are journalled', async () => {
    const { bridge } = setup();
    await waitFor(async () => expect(await figures('All decisions')).toEqual(['3', '5']));
    act(() => bridge.push({ type: 'journal.appended', entry: reviewed(iso(10, 21)) }));
    await waitFor(async () => expect(await figures('Reviewed')).toEqual(['2', '2']));
  });

  it('Start shift counts from now, and Count from sign-in goes back', async () => {
    const user = userEvent.setup();
    const { bridge } = setup();
    await waitFor(async () => expect(await figures('All decisions')).toEqual(['3', '5']));
    await user.click(screen.getByRole('button', { name: 'Start shift' }));
    await waitFor(async () => expect(await figures('All decisions')).toEqual(['0', '5']));
    const [, payload] = bridge.invoke.mock.calls.find(([channel]) => channel === 'prefs.setShift')!;
    expect(payload).toEqual({ shiftStartedAt: iso(11, 0) });
    expect(screen.getByText(/^This shift began .* \(Start shift\)\.$/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Count from sign-in' }));
    await waitFor(async () => expect(await figures('All decisions')).toEqual(['3', '5']));
    // The last shift saved; other calls (the remaining count's poll) may come after it on a slow
    // machine.
    const shifts = bridge.invoke.mock.calls.filter(([channel]) => channel === 'prefs.setShift');
    expect(shifts.at(-1)?.[1]).toEqual({ shiftStartedAt: null });
  });

  it("counts what is left in Review's current filter with Is Reviewed = No", async () => {
    const { bridge, store } = setup();
    act(() => store.set(lastReviewQueryAtom, 'filterType=news&keyword=btc&isReviewed=true'));
    expect(
      await screen.findByText('17 news items not reviewed in the current Review filter.'),
    ).toBeTruthy();
    const counts = bridge.invoke.mock.calls.filter(([channel]) => channel === 'review.countView');
    expect(counts.at(-1)?.[1]).toMatchObject({
      filterType: 'news',
      filter: { keyword: 'btc', isReviewed: 'false' },
    });
    expect(screen.getByRole('link', { name: 'Open them on Review' }).getAttribute('href')).toBe(
      '/filter?filterType=news&keyword=btc&isReviewed=false',
    );
    // No audit sample: no audit line, once its progress was read.
    const audits = () =>
      bridge.invoke.mock.results.filter(
        (_, i) => bridge.invoke.mock.calls[i]?.[0] === 'audit.current',
      );
    await waitFor(() => expect(audits()).toHaveLength(1));
    await act(() => audits()[0]!.value as Promise<unknown>);
    expect(screen.queryByText(/^Audit:/)).toBeNull();
  });

  it("shows today's audit progress with the way to Audit mode", async () => {
    const stratum = { population: 100, drawn: 50, answered: 10 };
    setup({
      audit: {
        sample: {
          id: 's1',
          window: { from: '2024-04-24T00:00', to: '2024-05-01T00:00' },
          drawnAt: iso(9, 0),
          size: 200,
          drawn: 200,
          answered: 40,
          strata: (['tweets', 'news'] as const).flatMap((source) =>
            [true, false].map((classifierKept) => ({
              key: `${source}:${classifierKept ? 'kept' : 'eliminated'}`,
              source,
              classifierKept,
              ...stratum,
            })),
          ),
          emptyStrata: [],
        },
        answeredToday: 12,
      },
    });
    expect(
      await screen.findByText('Audit: 12 answered today · 40 of 200 in this sample'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Audit mode' }).getAttribute('href')).toBe(
      '/filter?audit=1',
    );
  });

  it('sets the break reminder, and turns it off', async () => {
    const user = userEvent.setup();
    const { bridge } = setup({ prefs: { breakReminderMinutes: 45 } });
    const select = await screen.findByRole('combobox', { name: 'Remind me to take a break after' });
    await user.click(select);
    await user.click(await screen.findByTitle('30 minutes'));
    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('prefs.setShift', { breakReminderMinutes: 30 }),
    );
    await user.click(select);
    await user.click(await screen.findByTitle('Off'));
    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('prefs.setShift', { breakReminderMinutes: null }),
    );
  });

  it('says when the journal cannot be read, and reads it again on Retry', async () => {
    const user = userEvent.setup();
    let failing = true;
    const { bridge } = setup({
      journal: () =>
        failing
          ? fail(500, 'JOURNAL', 'The journal is unreadable.')
          : ok({ entries: [], total: 0, folder: null, retentionDays: 30 }),
    });
    expect(
      await screen.findByText('The journal could not be read: The journal is unreadable.'),
    ).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await figures('All decisions')).toEqual(['0', '0']));
    expect(bridge.invoke.mock.calls.filter(([c]) => c === 'journal.list')).toHaveLength(2);
  });

  it('says when the count of what is left cannot be read, and counts again on Retry', async () => {
    const user = userEvent.setup();
    let failing = true;
    setup({
      count: () => (failing ? fail(503, 'UNAVAILABLE', 'The provider is down.') : ok(4)),
    });
    const alert = await screen.findByText(/^The count could not be read: .*The provider is down/);
    expect(alert).toBeTruthy();
    failing = false;
    const retry = within(alert.closest('.ant-alert') as HTMLElement).getByRole('button', {
      name: 'Retry',
    });
    await user.click(retry);
    expect(
      await screen.findByText('4 tweets not reviewed in the current Review filter.'),
    ).toBeTruthy();
    expect(screen.queryByText(/^The count could not be read/)).toBeNull();
  });
});
