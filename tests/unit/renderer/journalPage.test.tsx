import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import type { JournalEntry, JournalPage } from '../../../src/shared/journal';
import type { RunView } from '../../../src/shared/runs';
import { appInfo, fail, fakeBridge, ok, signedIn } from './fakeBridge';
import { SHIFT_JOURNAL_PAGE_SIZE } from '../../../src/renderer/domain/shift/shiftJournal';

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => setBridge(null));

const bulk: RunView = {
  id: 'run-0000abcd',
  kind: 'bulk',
  action: 'eliminate',
  filterType: 'tweets',
  label: 'Eliminating',
  status: 'done',
  matched: 2,
  read: 2,
  total: 2,
  leftOut: 0,
  done: 1,
  skipped: 1,
  heldByOthers: 0,
  failed: 0,
  inFlight: 0,
  concurrency: 4,
  etaSeconds: null,
  createdAt: '2024-05-01T09:59:00.000Z',
  startedAt: '2024-05-01T10:00:00.000Z',
  finishedAt: '2024-05-01T10:01:00.000Z',
  problems: [],
  undoneBy: null,
  undoOf: null,
  canUndo: true,
  error: null,
};

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  seq: 1,
  at: '2024-05-01T10:00:30.000Z',
  channel: 'review.decide',
  call: 'PUT /twitter-service/manually-eliminate',
  area: 'review',
  target: 'tweet 7',
  summary: 'manually-eliminate',
  before: { selected: true, reviewedBy: null },
  outcome: 'ok',
  status: 200,
  message: null,
  runId: null,
  ...over,
});

const newest = entry({
  seq: 3,
  at: '2024-05-01T10:00:40.000Z',
  runId: bulk.id,
  outcome: 'skipped',
  status: null,
  message: 'changed by someone else',
});
const middle = entry({
  seq: 2,
  area: 'currencies',
  call: 'PUT /configuration-service/dqc/save-currency',
  channel: 'currencies.save',
  target: 'BTC',
  summary: 'save BTC',
  before: null,
  outcome: 'failed',
  status: 503,
  message: 'The server is unavailable.',
});
const oldest = entry({ seq: 1 });

const page = (over: Partial<JournalPage> = {}): JournalPage => ({
  entries: [newest, middle, oldest],
  total: 3,
  folder: '/home/r/.config/DQC Console/users/reviewer1/journal',
  retentionDays: 90,
  ...over,
});

/**
 * The top bar's shift figure reads the journal too (domain/shift/shiftJournal.ts), in pages of its own
 * size: those reads get an empty journal, and the tests look at the Journal screen's reads only.
 */
const isShiftRead = (payload: unknown) =>
  (payload as { pageSize?: number }).pageSize === SHIFT_JOURNAL_PAGE_SIZE;

function renderJournal(list: (payload: unknown) => ReturnType<typeof ok> = () => ok(page())) {
  const bridge = fakeBridge({
    'app.info': () => ok(appInfo),
    'session.get': () => ok(signedIn),
    'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
    'runs.list': () => ok([bulk]),
    'journal.list': (payload) =>
      isShiftRead(payload) ? ok(page({ entries: [], total: 0 })) : list(payload),
  });
  window.location.hash = '#/journal';
  setBridge(bridge);
  render(<App />);
  const sent = () =>
    bridge.invoke.mock.calls
      .filter(([called, payload]) => called === 'journal.list' && !isShiftRead(payload))
      .map(([, payload]) => payload);
  return { bridge, sent };
}

const table = () => screen.findByRole('table', { name: 'Journal entries' });
/** The table's entry rows, once there are any (not the placeholder row of a table loading). */
const bodyRows = () =>
  waitFor(async () => {
    const rows = within(await table())
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-row-key'));
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  });

/** Picks an option of an Ant Design select by its label. */
async function choose(field: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  const shown = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (node) => node.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(shown);
}

describe('the Journal', () => {
  it('is in the side menu, before About & Settings', async () => {
    renderJournal();
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' })).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.at(-2)!.textContent).toBe('Journal');
    expect(links.at(-2)!.getAttribute('aria-current')).toBe('page');
    expect(links.at(-1)!.textContent).toBe('About & Settings');
  });

  it('lists the entries newest first, with every column', async () => {
    const { sent } = renderJournal();
    const rows = await bodyRows();
    expect(sent()[0]).toEqual({
      from: null,
      to: null,
      area: null,
      outcome: null,
      runId: null,
      page: 0,
      pageSize: 50,
    });
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'When',
      'Area',
      'Call',
      'Target',
      'Summary',
      'Before',
      'Outcome',
      'Run',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(rows).toHaveLength(3);
    expect(cells(rows[0]!)).toEqual([
      dayjs(newest.at).format('YYYY-MM-DD HH:mm:ss'),
      'review',
      'PUT /twitter-service/manually-eliminate',
      'tweet 7',
      'manually-eliminate',
      'selected=true, reviewedBy=null',
      'skippedchanged by someone else',
      'Eliminating',
    ]);
    expect(cells(rows[1]!)).toEqual([
      dayjs(middle.at).format('YYYY-MM-DD HH:mm:ss'),
      'currencies',
      'PUT /configuration-service/dqc/save-currency',
      'BTC',
      'save BTC',
      '-',
      'failed 503The server is unavailable.',
      '-',
    ]);
    expect(cells(rows[2]!)[6]).toBe('ok 200');
    expect(screen.getByText('You see ( 0 - 3 ) of 3 results')).toBeTruthy();
  });

  it('says where the journal is kept, or that it is kept in memory', async () => {
    renderJournal();
    expect(
      await screen.findByText(
        'Kept on this machine in /home/r/.config/DQC Console/users/reviewer1/journal; entries older than 90 days are dropped.',
      ),
    ).toBeTruthy();
  });

  it('says a journal kept in memory, and that nothing was written yet', async () => {
    renderJournal(() => ok(page({ entries: [], total: 0, folder: null })));
    expect(await screen.findByText('Kept in memory for this session.')).toBeTruthy();
    expect(screen.getByText('No writes recorded yet.')).toBeTruthy();
  });

  it('sends the filter, from the first page', async () => {
    const { sent } = renderJournal(() => ok(page({ total: 120 })));
    await bodyRows();

    await choose('Area', 'review');
    await choose('Outcome', 'failed');
    await choose('Run', `Eliminating, ${dayjs(bulk.startedAt).format('YYYY-MM-DD HH:mm:ss')}`);
    const [start, end] = within(screen.getByRole('form', { name: 'Journal filter' })).getAllByRole(
      'textbox',
    );
    for (const [box, text] of [
      [start!, '2024-05-01 08:00:00'],
      [end!, '2024-05-02 08:00:00'],
    ] as const) {
      await userEvent.click(box);
      await userEvent.paste(text);
      await userEvent.keyboard('{Enter}');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(sent().at(-1)).toEqual({
        from: dayjs('2024-05-01 08:00:00').toISOString(),
        to: dayjs('2024-05-02 08:00:00').toISOString(),
        area: 'review',
        outcome: 'failed',
        runId: bulk.id,
        page: 0,
        pageSize: 50,
      }),
    );

    // The next page keeps the filter; filtering again starts from the first page.
    // The pager's item, not the anchor in it: jsdom follows an anchor without href to '#'.
    await userEvent.click((await screen.findByText('>>')).closest('li')!);
    await waitFor(() =>
      expect(sent().at(-1)).toMatchObject({ area: 'review', page: 1, pageSize: 50 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(sent().at(-1)).toMatchObject({ area: 'review', page: 0 }));
  });

  it('reads again when a write is journalled, at most once a second', async () => {
    const { bridge, sent } = renderJournal();
    await bodyRows();
    const before = sent().length;
    act(() => bridge.push({ type: 'journal.appended', entry: entry({ seq: 4 }) }));
    await waitFor(() => expect(sent().length).toBe(before + 1));
    act(() => bridge.push({ type: 'journal.appended', entry: entry({ seq: 5 }) }));
    act(() => bridge.push({ type: 'journal.appended', entry: entry({ seq: 6 }) }));
    expect(sent().length).toBe(before + 1);
    await waitFor(() => expect(sent().length).toBe(before + 2), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(sent().length).toBe(before + 2);
  });

  it('says why it could not be read, and tries again', async () => {
    let calls = 0;
    renderJournal(() => {
      calls += 1;
      return calls === 1 ? fail(503, 'UNAVAILABLE', 'Core is not answering.') : ok(page());
    });
    expect(await screen.findByText('Core is not answering.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await bodyRows()).toHaveLength(3);
    expect(screen.queryByText('Core is not answering.')).toBeNull();
  });

  it('has no serious or critical axe violation', async () => {
    renderJournal();
    await bodyRows();
    const main = document.querySelector<HTMLElement>('.dqc-content')!;
    const { violations } = await axe.run(main, { resultTypes: ['violations'] });
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
  });
});
