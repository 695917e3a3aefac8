import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import ReviewPage from '../../../src/renderer/features/review/ReviewPage';
import {
  DEFAULT_FILTER,
  toFilterBody,
} from '../../../src/renderer/domain/reviewFilter/reviewFilter';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import type { Envelope } from '../../../src/shared/bridge';
import { CANNOT_UNDO, type RunView } from '../../../src/shared/runs';
import { runView } from './runViewFixture';
import { appInfo, fakeBridge, ok } from './fakeBridge';
import { reachCard, TestProviders } from './testProviders';

afterEach(() => setBridge(null));

const IDS = [101, 102, 103, 104, 105];

/** Five tweets with actions, and one eliminated by similarity (no checkbox, SPEC.md 4). */
const ITEMS = [
  ...IDS.map((id) => ({
    id,
    tweetId: `t-${id}`,
    twitterUserName: `user${id}`,
    detectTime: '2024-01-01T08:05:59',
    selected: id % 2 === 0,
  })),
  { id: 106, tweetId: 't-106', twitterUserName: 'copy', eliminatedBySimilarity: true },
].map((item) => tweetItemRecord.parse(item));

type Answers = Record<string, (payload: unknown) => Envelope<unknown>>;

function renderPage(answers: Answers = {}) {
  const bridge = fakeBridge({
    'review.list': () => ok({ items: ITEMS, total: ITEMS.length, reviewed: 0 }),
    'review.getKeywords': () => ok([]),
    'runs.discard': () => ok(null),
    ...answers,
  });
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  render(
    <TestProviders store={store}>
      <MemoryRouter initialEntries={['/filter']}>
        <ReviewPage />
      </MemoryRouter>
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  const push = (run: RunView) => act(() => bridge.push({ type: 'runs.changed', run }));
  return { bridge, sent, push };
}

const choice = (id: number) => screen.getByRole('checkbox', { name: `Choose item ${id}` });
const isChosen = (id: number) => (choice(id) as HTMLInputElement).checked;
const cardsShown = () => screen.findByRole('checkbox', { name: 'Choose item 101' });

describe('choosing review items', () => {
  it('gives each card with actions a checkbox named after its data id', async () => {
    renderPage();
    await cardsShown();
    for (const id of IDS) expect(choice(id)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Choose item 106' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chosen items' })).toBeNull();
  });

  it('x toggles the focused card and shift+x chooses every card from the anchor', async () => {
    renderPage();
    await cardsShown();
    await userEvent.keyboard('x');
    expect(isChosen(101)).toBe(true);
    expect(screen.getByText('1 chosen')).toBeTruthy();
    await userEvent.keyboard('jj{Shift>}x{/Shift}');
    expect(IDS.map(isChosen)).toEqual([true, true, true, false, false]);
    expect(screen.getByText('3 chosen')).toBeTruthy();
    // x again on the focused card takes it out.
    await userEvent.keyboard('x');
    expect(IDS.map(isChosen)).toEqual([true, true, false, false, false]);
    const bar = screen.getByRole('region', { name: 'Chosen items' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(IDS.map(isChosen)).toEqual([false, false, false, false, false]);
    expect(screen.queryByText(/chosen$/)).toBeNull();
  });

  it('a click toggles one card; shift+click chooses the range to it', async () => {
    const user = userEvent.setup();
    renderPage();
    await cardsShown();
    await user.click(choice(105));
    await user.keyboard('{Shift>}');
    await user.click(choice(103));
    await user.keyboard('{/Shift}');
    expect(IDS.map(isChosen)).toEqual([false, false, true, true, true]);
  });

  it('Eliminate chosen prepares a run of those ids and starts it once it is ready', async () => {
    const { sent, push } = renderPage({
      'runs.prepare': () => ok(runView({ status: 'preparing', read: 0 })),
      'runs.start': () => ok(runView({ status: 'running' })),
    });
    await cardsShown();
    await userEvent.keyboard('xjj{Shift>}x{/Shift}');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminate chosen' }));
    await waitFor(() =>
      expect(sent('runs.prepare')).toEqual([
        {
          filterType: 'tweets',
          action: 'eliminate',
          scope: { kind: 'chosen', ids: [101, 102, 103] },
        },
      ]),
    );
    // Still reading the items: nothing is started yet.
    expect(sent('runs.start')).toEqual([]);
    push(runView());
    expect(
      await screen.findByText('Eliminating 3 chosen items: progress is in the top bar.'),
    ).toBeTruthy();
    expect(sent('runs.start')).toEqual([{ id: 'run-00000001' }]);
    expect(screen.queryByRole('region', { name: 'Chosen items' })).toBeNull();
    expect(IDS.map(isChosen)).toEqual([false, false, false, false, false]);
  });

  it('Select chosen that cannot be prepared says why and keeps the choice', async () => {
    const { sent } = renderPage({
      'runs.prepare': () =>
        ok(runView({ action: 'select', status: 'failed', error: 'the provider did not answer' })),
    });
    await cardsShown();
    await userEvent.keyboard('x');
    await userEvent.click(screen.getByRole('button', { name: 'Select chosen' }));
    expect(await screen.findByText('Could not start: the provider did not answer')).toBeTruthy();
    expect(sent('runs.start')).toEqual([]);
    expect(screen.getByText('1 chosen')).toBeTruthy();
  });

  it('Mark chosen reviewed asks first, with what cannot be undone', async () => {
    const { sent } = renderPage({
      'runs.prepare': () =>
        ok(runView({ action: 'reviewed', label: 'Marking reviewed', matched: 2, total: 2 })),
      'runs.start': () =>
        ok(runView({ action: 'reviewed', label: 'Marking reviewed', matched: 2 })),
    });
    await cardsShown();
    await userEvent.click(choice(102));
    await userEvent.click(choice(104));
    await userEvent.click(screen.getByRole('button', { name: 'Mark chosen reviewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'WARNING' });
    expect(dialog.textContent).toContain(`Mark 2 chosen items reviewed? ${CANNOT_UNDO.reviewed}`);
    expect(sent('runs.prepare')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    expect(
      await screen.findByText('Marking reviewed 2 chosen items: progress is in the top bar.'),
    ).toBeTruthy();
    expect(sent('runs.prepare')).toEqual([
      { filterType: 'tweets', action: 'reviewed', scope: { kind: 'chosen', ids: [102, 104] } },
    ]);
    expect(sent('runs.start')).toEqual([{ id: 'run-00000001' }]);
  });
});

describe('Act on all results', () => {
  const filterScope = { kind: 'filter', filter: toFilterBody(DEFAULT_FILTER, 0) };

  it('says what the filter matches, how reading goes, and what Start will do', async () => {
    const { sent, push } = renderPage({
      'runs.prepare': () =>
        ok(runView({ id: 'run-all-0001', status: 'preparing', matched: 1234, read: 0, total: 0 })),
      'runs.start': () => ok(runView({ id: 'run-all-0001', status: 'running' })),
    });
    await cardsShown();
    await userEvent.click(screen.getByRole('button', { name: 'Act on all results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act on all results' });
    expect(await within(dialog).findByText('This filter matches 1,234 items')).toBeTruthy();
    expect(within(dialog).getByText('Reading the items: 0 of 1,234')).toBeTruthy();
    expect(sent('runs.prepare')).toEqual([
      { filterType: 'tweets', action: 'eliminate', scope: filterScope },
    ]);
    const start = within(dialog).getByRole('button', { name: 'Start' });
    expect(start.hasAttribute('disabled')).toBe(true);

    const reading = { id: 'run-all-0001', status: 'preparing' as const, matched: 1234, total: 0 };
    push(runView({ ...reading, read: 500 }));
    expect(within(dialog).getByText('Reading the items: 500 of 1,234')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Reading progress' })).toBeTruthy();

    push(runView({ id: 'run-all-0001', matched: 1234, read: 1234, leftOut: 34, total: 1200 }));
    expect(
      within(dialog).getByText(
        '34 eliminated by similarity or by quoted post are left out: they are never acted on.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('1,200 items will be eliminated')).toBeTruthy();
    expect(
      within(dialog).getByText(`${CANNOT_UNDO.manuallyChanged} Undo run is offered when it ends.`),
    ).toBeTruthy();
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);

    await userEvent.click(start);
    expect(await screen.findByText('Eliminating: progress is in the top bar.')).toBeTruthy();
    expect(sent('runs.start')).toEqual([{ id: 'run-all-0001' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A started run is core's now: closing the modal does not discard it.
    expect(sent('runs.discard')).toEqual([]);
  });

  it('prepares again for another action, discarding the run prepared before; Cancel discards', async () => {
    let prepared = 0;
    const { sent } = renderPage({
      'runs.prepare': (payload) => {
        prepared += 1;
        const { action } = payload as { action: RunView['action'] };
        return ok(
          runView({ id: `run-all-000${prepared}`, action, matched: 20, read: 20, total: 20 }),
        );
      },
    });
    await cardsShown();
    await userEvent.click(screen.getByRole('button', { name: 'Act on all results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act on all results' });
    expect(await within(dialog).findByText('20 items will be eliminated')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Mark reviewed' }));
    expect(await within(dialog).findByText('20 items will be marked reviewed')).toBeTruthy();
    expect(within(dialog).getByText(CANNOT_UNDO.reviewed)).toBeTruthy();
    expect(sent('runs.prepare')).toEqual([
      { filterType: 'tweets', action: 'eliminate', scope: filterScope },
      { filterType: 'tweets', action: 'reviewed', scope: filterScope },
    ]);
    expect(sent('runs.discard')).toEqual([{ id: 'run-all-0001' }]);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Select' }));
    expect(await within(dialog).findByText('20 items will be selected')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('runs.discard')).toEqual([
      { id: 'run-all-0001' },
      { id: 'run-all-0002' },
      { id: 'run-all-0003' },
    ]);
    expect(sent('runs.start')).toEqual([]);
  });

  it('says why the items could not be read, and tries again', async () => {
    let attempts = 0;
    renderPage({
      'runs.prepare': () => {
        attempts += 1;
        return ok(
          attempts === 1
            ? runView({ status: 'failed', matched: 40, read: 12, error: 'the count call failed' })
            : runView({ id: 'run-00000002', matched: 40, read: 40, total: 40 }),
        );
      },
    });
    await cardsShown();
    await userEvent.click(screen.getByRole('button', { name: 'Act on all results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act on all results' });
    expect(await within(dialog).findByText('the count call failed')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('40 items will be eliminated')).toBeTruthy();
  });

  it('is not offered for a single data-id search', async () => {
    renderPage({ 'review.findById': () => ok(ITEMS[0]) });
    await cardsShown();
    expect(screen.getByRole('button', { name: 'Act on all results' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Search with Data Id' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Data Id/ }), '101');
    await userEvent.click(screen.getByRole('button', { name: /Filter$/ }));
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Choose item 102' })).toBeNull(),
    );
    expect(choice(101)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Act on all results' })).toBeNull();
  });
});

describe('undo and finished runs', () => {
  const listCalls = (sent: (channel: string) => unknown[]) => sent('review.list').length;

  it('ctrl+z undoes the last decision and reloads the list', async () => {
    const { sent } = renderPage({
      'undo.last': () => ok({ restored: true, message: 'Undone: tweet 102 is selected again.' }),
    });
    await cardsShown();
    const before = listCalls(sent);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText('Undone: tweet 102 is selected again.')).toBeTruthy();
    expect(sent('undo.last')).toEqual([undefined]);
    await waitFor(() => expect(listCalls(sent)).toBe(before + 1));
  });

  it('ctrl+z in a text field is left to the field', async () => {
    const { sent } = renderPage({
      'undo.last': () => ok({ restored: false, message: 'Nothing to undo.' }),
    });
    await cardsShown();
    reachCard(screen.getAllByRole('region', { name: /^Item / })[0]!);
    await userEvent.click(screen.getAllByRole('combobox', { name: 'Keyword' })[0]!);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(sent('undo.last')).toEqual([]);
  });

  it('reloads the list once when a run of this filter type ends', async () => {
    const { sent, push } = renderPage();
    await cardsShown();
    const before = listCalls(sent);
    push(runView({ filterType: 'news', status: 'done' }));
    push(runView({ status: 'running' }));
    push(runView({ status: 'done' }));
    await waitFor(() => expect(listCalls(sent)).toBe(before + 1));
    push(runView({ status: 'done', canUndo: true }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listCalls(sent)).toBe(before + 1);
  });
});

describe("the page's other helps", () => {
  it("a card's History lists the journal entries for that item", async () => {
    const { sent } = renderPage({
      'journal.list': () =>
        ok({
          entries: [
            {
              seq: 1,
              at: '2024-03-01T10:00:00Z',
              channel: 'review.decide',
              call: 'PUT /twitter-service/manually-select',
              area: 'review',
              target: 'tweet 101',
              summary: 'manually-select',
              before: null,
              outcome: 'ok',
              status: 200,
              message: null,
              runId: null,
            },
          ],
          total: 1,
          folder: null,
          retentionDays: 90,
        }),
    });
    await cardsShown();
    await userEvent.click(screen.getByRole('button', { name: 'History of tweet 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of tweet 101' });
    expect(await within(dialog).findByText('manually-select')).toBeTruthy();
    expect(sent('journal.list')).toEqual([{ target: 'tweet 101', pageSize: 50 }]);
    // Keys inside the dialog are not the page's: x chooses nothing. The dialog takes the focus
    // once it has opened (later than its content on a loaded machine): the key is pressed there.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('x');
    expect(isChosen(101)).toBe(false);
  });

  it('lists the new keys in the shortcut help', async () => {
    renderPage();
    await cardsShown();
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const [keys, action] of [
      ['x', 'Choose or unchoose the focused item'],
      ['shift+x', 'Choose every item from the last chosen to the focused one'],
      ['ctrl+z or ⌘+z', 'Undo your last decision'],
    ])
      expect(within(dialog).getByRole('row', { name: `${keys} ${action}` })).toBeTruthy();
  });
});
