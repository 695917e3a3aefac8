import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  NOT_OFFERED_TEXT,
  NO_RUNS_TEXT,
} from '../../../src/renderer/features/modelRuns/modelRunsTexts';
import { REFRESH_MS } from '../../../src/renderer/features/modelRuns/useRefreshingLoad';
import { formatLocalTime } from '../../../src/renderer/ui/dates';
import { modelRunResultText } from '../../../src/renderer/domain/insight/modelRunText';
import { DEFAULT_FILTER } from '../../../src/renderer/domain/reviewFilter/reviewFilter';
import { reviewLinkQueryOf } from '../../../src/renderer/domain/reviewFilter/reviewQuery';
import type { Envelope } from '../../../src/shared/bridge';
import type { ServerExtension } from '../../../src/shared/insight';
import type { ModelRunChange, ModelRunView } from '../../../src/shared/responses/insight';
import { appInfo, fail, fakeBridge, ok, signedIn } from './fakeBridge';
import { modelRun, runChange } from './modelRunsFixtures';

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => setBridge(null));

const OFFERED: ServerExtension[] = [{ name: 'model-runs', version: 1 }];

type Answer = (payload: unknown) => Envelope<unknown>;

function renderAt(
  hash: string,
  answers: Record<string, Answer>,
  extensions: ServerExtension[] = OFFERED,
) {
  const bridge = fakeBridge({
    // Not the demo: its banner is an alert of its own.
    'app.info': () => ok({ ...appInfo, demo: false }),
    'session.get': () => ok(signedIn),
    'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
    'extensions.get': () => ok(extensions),
    ...answers,
  });
  window.location.hash = hash;
  setBridge(bridge);
  render(<App />);
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { bridge, sent };
}

const runsPage = (runs: ModelRunView[], total = runs.length) => ok({ total, runs });
const changesPage = (changes: ModelRunChange[], total = changes.length) => ok({ total, changes });

/** The body rows of a table, once it has any (not the placeholder row of a loading table). */
const bodyRows = (name: string) =>
  waitFor(async () => {
    const rows = within(await screen.findByRole('table', { name }))
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-row-key'));
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Picks an option of an Ant Design select by its label. */
async function choose(field: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  const shown = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((node) => node.getAttribute('title') === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(shown);
}

/**
 * The pager's '>>'. Its item, not the link inside: jsdom follows a link without an href to the
 * page's address without its hash, which a browser does not.
 */
const nextPage = () => userEvent.click(screen.getByTitle('Next Page'));

const hashSearch = () => new URLSearchParams(window.location.hash.split('?')[1] ?? '');

describe('the Model runs screen', () => {
  it('says the server does not offer model runs, and asks nothing, when the extension is absent', async () => {
    const { sent } = renderAt('#/model-runs', { 'insight.modelRuns': () => runsPage([]) }, []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Model runs' })).toBeTruthy();
    expect(await screen.findByText(NOT_OFFERED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(sent('insight.modelRuns')).toEqual([]);
  });

  it('says it for a server that offers only other extensions', async () => {
    const { sent } = renderAt('#/model-runs?run=7', {}, [{ name: 'borderline', version: 1 }]);
    expect(await screen.findByText(NOT_OFFERED_TEXT)).toBeTruthy();
    expect(sent('insight.modelRun')).toEqual([]);
  });

  it('lists the runs newest first, with every column, and each run is a link', async () => {
    const runs = [
      modelRun({ id: 9, service: 'news', startedBy: null, accuracy: null, previousAccuracy: null }),
      modelRun({ id: 7 }),
      modelRun({ id: 5, status: 'failed', phase: 'training', error: 'no decisions to train on' }),
    ];
    const { sent } = renderAt('#/model-runs', { 'insight.modelRuns': () => runsPage(runs) });
    const rows = await bodyRows('Model runs');
    expect(sent('insight.modelRuns')[0]).toEqual({ page: 0 });
    const headers = within(screen.getByRole('table', { name: 'Model runs' }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Started',
      'Service',
      'Started by',
      'Trained on',
      'Accuracy (was)',
      'Items changed',
      'Status',
    ]);
    expect(rows.map((row) => row.getAttribute('data-row-key'))).toEqual(['9', '7', '5']);
    expect(cells(rows[1]!)).toEqual([
      formatLocalTime(runs[1]!.startedAt),
      'Tweets',
      'reviewer2',
      '4,210',
      '91.2% (was 89.8%)',
      '312140 kept → eliminated, 172 eliminated → kept',
      `Finished${formatLocalTime(runs[1]!.finishedAt!)}`,
    ]);
    expect(cells(rows[0]!)).toContain('News');
    expect(cells(rows[0]!)).toContain('not measured (no decisions held out)');
    expect(cells(rows[0]!)[2]).toBe('-');
    expect(cells(rows[2]!).at(-1)).toBe('Failedno decisions to train on');
    const link = within(rows[1]!).getByRole('link', { name: /^Open run 7/ });
    expect(link.getAttribute('href')).toBe('#/model-runs?run=7');
    expect(screen.getByRole('status', { name: 'Result range' }).textContent).toBe(
      'You see ( 0 - 3 ) of 3 results',
    );
  });

  it('says when there are no runs yet', async () => {
    renderAt('#/model-runs', { 'insight.modelRuns': () => runsPage([]) });
    expect(await screen.findByText(NO_RUNS_TEXT)).toBeTruthy();
  });

  it('shows a running run’s progress and reads the list again until it ends', async () => {
    let calls = 0;
    const running = modelRun({
      status: 'running',
      phase: 'scoring',
      scored: 1_200,
      total: 52_000,
      finishedAt: null,
    });
    const { sent } = renderAt('#/model-runs', {
      'insight.modelRuns': () => {
        calls += 1;
        return runsPage([calls < 2 ? running : modelRun()]);
      },
    });
    const [row] = await bodyRows('Model runs');
    expect(cells(row!).at(-1)).toBe('RunningScoring 1,200 of 52,000…');
    expect(cells(row!)[5]).toBe('Not yet');
    await waitFor(
      async () => expect(cells((await bodyRows('Model runs'))[0]!).at(-1)).toMatch(/^Finished/),
      { timeout: REFRESH_MS * 4 },
    );
    expect(cells((await bodyRows('Model runs'))[0]!)[5]).toContain('312');
    // Once nothing runs, nothing is read again.
    const after = sent('insight.modelRuns').length;
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS * 2));
    expect(sent('insight.modelRuns').length).toBe(after);
  });

  it('pages and filters by service through the URL', async () => {
    const runs = Array.from({ length: 20 }, (_, i) => modelRun({ id: 45 - i }));
    const { sent } = renderAt('#/model-runs', {
      'insight.modelRuns': () => runsPage(runs, 45),
    });
    await bodyRows('Model runs');
    await nextPage();
    await waitFor(() => expect(sent('insight.modelRuns').at(-1)).toEqual({ page: 1 }));
    expect(hashSearch().get('page')).toBe('2');
    await choose('Service', 'News');
    await waitFor(() =>
      expect(sent('insight.modelRuns').at(-1)).toEqual({ service: 'news', page: 0 }),
    );
    expect(window.location.hash).toBe('#/model-runs?service=news');
  });

  it('shows a failed list with its reason and Try Again', async () => {
    let failing = true;
    renderAt('#/model-runs', {
      'insight.modelRuns': () =>
        failing ? fail(503, 'UNAVAILABLE', 'The server is unavailable.') : runsPage([modelRun()]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The model runs could not be loaded');
    expect(alert.textContent).toContain('The server is unavailable.');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await bodyRows('Model runs')).toHaveLength(1);
  });
});

describe('a model run, opened', () => {
  const changes = [
    runChange({ itemId: 1001 }),
    runChange({
      itemId: 1002,
      message: 'Airdrop claim here',
      oldRatio: 0.2,
      newRatio: 0.71,
      oldSelected: false,
      newSelected: true,
      reviewed: true,
    }),
    runChange({
      itemId: 1003,
      oldRatio: 0.55,
      newRatio: 0.6,
      oldSelected: true,
      newSelected: true,
    }),
  ];

  it('opens from a click on its row, with its result and the items it changed', async () => {
    const { sent } = renderAt('#/model-runs', {
      'insight.modelRuns': () => runsPage([modelRun()]),
      'insight.modelRun': () => ok(modelRun()),
      'insight.modelRunChanges': () => changesPage(changes, 312),
    });
    const [row] = await bodyRows('Model runs');
    await userEvent.click(within(row!).getByText('Tweets'));
    await waitFor(() => expect(window.location.hash).toBe('#/model-runs?run=7'));
    expect(await screen.findByText(modelRunResultText(modelRun()))).toBeTruthy();
    expect(
      screen.getByText(
        'Trained on 4,210; accuracy 91.2% (was 89.8%); 312 items changed: 140 kept → eliminated, 172 eliminated → kept',
      ),
    ).toBeTruthy();
    const rows = await bodyRows('Items run 7 changed');
    expect(sent('insight.modelRun')).toEqual([{ id: 7 }]);
    expect(sent('insight.modelRunChanges')[0]).toEqual({ id: 7, reviewed: 'null', page: 0 });
    const headers = within(screen.getByRole('table', { name: 'Items run 7 changed' }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Item', 'Message', 'Ratio', 'Decision', 'Reviewed']);
    expect(cells(rows[0]!)[0]).toBe('1001');
    expect(cells(rows[0]!)[1]).toContain('Bitcoin breaks out');
    expect(cells(rows[0]!).slice(2)).toEqual(['0.612 → 0.288', 'Kept → Eliminated', 'No']);
    expect(cells(rows[1]!).slice(2)).toEqual(['0.200 → 0.710', 'Eliminated → Kept', 'Yes']);
    expect(cells(rows[2]!).slice(2)).toEqual(['0.550 → 0.600', 'Kept (unchanged)', 'No']);
    // The whole message is there on hover.
    expect(within(rows[0]!).getByTitle(changes[0]!.message)).toBeTruthy();
    // Each item opens on Review by its id.
    const item = within(rows[1]!).getByRole('link', { name: 'Open item 1002 on Review' });
    const query = new URLSearchParams(item.getAttribute('href')!.split('?')[1]);
    expect(query.get('searchWithDataId')).toBe('true');
    expect(query.get('searchDataId')).toBe('1002');
    expect(screen.getByRole('status', { name: 'Result range' }).textContent).toBe(
      'You see ( 0 - 3 ) of 312 results',
    );
  });

  it('opens from a link (Review’s Model button) and filters by direction and reviewed', async () => {
    const { sent } = renderAt('#/model-runs?run=7', {
      'insight.modelRun': () => ok(modelRun()),
      'insight.modelRunChanges': () => changesPage(changes),
    });
    await bodyRows('Items run 7 changed');
    await choose('Direction', 'Kept → eliminated');
    await waitFor(() =>
      expect(sent('insight.modelRunChanges').at(-1)).toEqual({
        id: 7,
        direction: 'keptToEliminated',
        reviewed: 'null',
        page: 0,
      }),
    );
    expect(hashSearch().get('direction')).toBe('keptToEliminated');
    await choose('Reviewed', 'No');
    await waitFor(() =>
      expect(sent('insight.modelRunChanges').at(-1)).toEqual({
        id: 7,
        direction: 'keptToEliminated',
        reviewed: 'false',
        page: 0,
      }),
    );
    await choose('Direction', 'Ratio only (same decision)');
    await waitFor(() =>
      expect(sent('insight.modelRunChanges').at(-1)).toMatchObject({ direction: 'ratioOnly' }),
    );
    await choose('Direction', 'Any change');
    await waitFor(() =>
      expect(sent('insight.modelRunChanges').at(-1)).toEqual({
        id: 7,
        reviewed: 'false',
        page: 0,
      }),
    );
  });

  it('pages the changes', async () => {
    const many = Array.from({ length: 50 }, (_, i) => runChange({ itemId: 2000 + i }));
    const { sent } = renderAt('#/model-runs?run=7', {
      'insight.modelRun': () => ok(modelRun()),
      'insight.modelRunChanges': () => changesPage(many, 120),
    });
    await bodyRows('Items run 7 changed');
    await nextPage();
    await waitFor(() =>
      expect(sent('insight.modelRunChanges').at(-1)).toEqual({ id: 7, reviewed: 'null', page: 1 }),
    );
    expect(hashSearch().get('page')).toBe('2');
  });

  it('Review these opens Review on exactly the items listed', async () => {
    renderAt('#/model-runs?run=7&direction=eliminatedToKept&reviewed=true', {
      'insight.modelRun': () => ok(modelRun({ service: 'news' })),
      'insight.modelRunChanges': () => changesPage(changes.slice(1, 2)),
    });
    await bodyRows('Items run 7 changed');
    // Where the button goes, as it goes there (Review may then write its URL in its own words).
    const pushed = vi.spyOn(window.history, 'pushState');
    await userEvent.click(screen.getByRole('button', { name: 'Review these' }));
    const expected = reviewLinkQueryOf(
      {
        ...DEFAULT_FILTER,
        filterType: 'news',
        startDate: null,
        modelRunId: 7,
        modelRunDirection: 'eliminatedToKept',
        modelRunReviewed: 'true',
      },
      0,
    );
    await waitFor(() => expect(pushed).toHaveBeenCalled());
    expect(pushed.mock.calls[0]![2]).toBe(`#/filter?${expected}`);
    pushed.mockRestore();
  });

  it('offers no Review these when nothing is listed', async () => {
    renderAt('#/model-runs?run=7', {
      'insight.modelRun': () => ok(modelRun()),
      'insight.modelRunChanges': () => changesPage([]),
    });
    expect(await screen.findByText('No item changed this way.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review these' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('follows a running run until it ends, then lists its changes', async () => {
    let reads = 0;
    const { sent } = renderAt('#/model-runs?run=7', {
      'insight.modelRun': () => {
        reads += 1;
        return ok(
          reads < 2
            ? modelRun({ status: 'running', phase: 'training', finishedAt: null, changed: 0 })
            : modelRun(),
        );
      },
      'insight.modelRunChanges': () => changesPage(reads < 2 ? [] : changes),
    });
    // Its progress in the run's line and in its status.
    expect(await screen.findAllByText('Training…')).toHaveLength(2);
    expect(
      await screen.findByText(modelRunResultText(modelRun()), undefined, {
        timeout: REFRESH_MS * 4,
      }),
    ).toBeTruthy();
    expect(await bodyRows('Items run 7 changed')).toHaveLength(3);
    expect(sent('insight.modelRunChanges').length).toBeGreaterThanOrEqual(2);
  });

  it('says when a run cannot be read, with a way back', async () => {
    renderAt('#/model-runs?run=99', {
      'insight.modelRun': () => fail(404, 'NOT_FOUND', 'No model run has id 99.'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Model run 99 could not be loaded');
    expect(alert.textContent).toContain('No model run has id 99.');
    expect(screen.getByRole('link', { name: /All model runs/ }).getAttribute('href')).toBe(
      '#/model-runs',
    );
  });

  it('returns to the list page the user left', async () => {
    const runs = Array.from({ length: 20 }, (_, i) => modelRun({ id: 45 - i }));
    renderAt('#/model-runs?page=2', {
      'insight.modelRuns': () => runsPage(runs, 45),
      'insight.modelRun': () => ok(modelRun({ id: 45 })),
      'insight.modelRunChanges': () => changesPage(changes),
    });
    const [row] = await bodyRows('Model runs');
    await userEvent.click(within(row!).getByRole('link', { name: /^Open run 45/ }));
    await bodyRows('Items run 45 changed');
    await userEvent.click(screen.getByRole('link', { name: /All model runs/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/model-runs?page=2'));
  });
});
