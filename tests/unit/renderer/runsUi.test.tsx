import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { InterruptedRuns } from '../../../src/renderer/domain/runs/InterruptedRuns';
import { CANCEL_RUN_TEXT } from '../../../src/renderer/domain/runs/runActions';
import { RunsDrawer } from '../../../src/renderer/domain/runs/RunsDrawer';
import { RunsIndicator } from '../../../src/renderer/domain/runs/RunsIndicator';
import { runsDrawerOpenAtom, useRunsFeed } from '../../../src/renderer/domain/runs/runsState';
import { CANNOT_UNDO, type RunView } from '../../../src/shared/runs';
import { appInfo, fail, fakeBridge, ok, signedIn } from './fakeBridge';
import { TestProviders } from './testProviders';

beforeEach(() => {
  window.location.hash = '';
});
afterEach(() => setBridge(null));

let serial = 0;
function run(over: Partial<RunView> = {}): RunView {
  serial += 1;
  return {
    id: `run-${String(serial).padStart(8, '0')}`,
    kind: 'bulk',
    action: 'eliminate',
    filterType: 'tweets',
    label: 'Eliminating',
    status: 'running',
    matched: 1300,
    read: 1300,
    total: 1234,
    leftOut: 0,
    done: 452,
    skipped: 3,
    heldByOthers: 0,
    failed: 1,
    inFlight: 4,
    concurrency: 4,
    etaSeconds: 95,
    createdAt: `2024-05-01T10:${String(serial % 60).padStart(2, '0')}:00.000Z`,
    startedAt: '2024-05-01T10:00:05.000Z',
    finishedAt: null,
    problems: [],
    undoneBy: null,
    undoOf: null,
    canUndo: false,
    error: null,
    ...over,
  };
}

const finished = (over: Partial<RunView> = {}) =>
  run({ status: 'done', etaSeconds: null, finishedAt: '2024-05-01T10:30:00.000Z', ...over });

/** What a run's control answers: the run in its new state. */
const answering = (runs: readonly RunView[]) => (payload: unknown) => {
  const { id } = payload as { id: string };
  const found = runs.find((candidate) => candidate.id === id);
  return found ? ok(found) : fail(404, 'NO_SUCH_RUN', 'There is no such run.');
};

function Shell() {
  useRunsFeed();
  return (
    <>
      <RunsIndicator />
      <InterruptedRuns />
      <RunsDrawer />
    </>
  );
}

function renderRuns(runs: RunView[], answers: Parameters<typeof fakeBridge>[0] = {}) {
  const bridge = fakeBridge({
    'runs.list': () => ok(runs),
    'runs.pause': answering(runs),
    'runs.resume': answering(runs),
    'runs.cancel': answering(runs),
    'runs.retryFailed': answering(runs),
    'runs.undo': answering(runs),
    'runs.discard': () => ok(null),
    ...answers,
  });
  setBridge(bridge);
  const store = createStore();
  render(
    <TestProviders store={store}>
      <Shell />
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { bridge, store, sent };
}

/** Opens the drawer from the top bar's indicator. */
async function openDrawer() {
  await userEvent.click(await screen.findByRole('button', { name: /^Runs$| of [\d,]+/ }));
  return screen.findByRole('dialog', { name: 'Runs' });
}

/**
 * The cancel confirm, found by its question: under test, Ant Design gives every dialog's title the
 * same id, so the confirm's accessible name is the drawer's.
 */
const findConfirm = async () =>
  (await screen.findByText(CANCEL_RUN_TEXT)).closest<HTMLElement>('[role="dialog"]')!;

const runIn = (drawer: HTMLElement, label: string) =>
  within(drawer).getByRole('article', { name: label });

describe('the runs indicator', () => {
  it('is absent without runs, and follows each pushed change of a run', async () => {
    const { bridge } = renderRuns([]);
    await waitFor(() => expect(bridge.invoke).toHaveBeenCalledWith('runs.list', undefined));
    expect(screen.queryByRole('button')).toBeNull();

    const going = run();
    act(() => bridge.push({ type: 'runs.changed', run: going }));
    const button = screen.getByRole('button', {
      name: 'Eliminating: 456 of 1,234, 3 skipped, 1 failed, about 2 min left',
    });
    expect(button.getAttribute('title')).toBe(button.textContent);

    act(() => bridge.push({ type: 'runs.changed', run: { ...going, done: 1000, etaSeconds: 20 } }));
    expect(
      screen.getByRole('button', {
        name: 'Eliminating: 1,004 of 1,234, 3 skipped, 1 failed, less than a minute left',
      }),
    ).toBeTruthy();

    act(() =>
      bridge.push({
        type: 'runs.changed',
        run: { ...going, status: 'done', done: 1230, etaSeconds: null },
      }),
    );
    expect(screen.getByRole('button', { name: 'Runs' })).toBeTruthy();
  });

  it('names the newest active run and counts the others', async () => {
    renderRuns([run({ status: 'paused' }), run({ label: 'Selecting', etaSeconds: null })]);
    expect(
      await screen.findByRole('button', {
        name: 'Selecting: 456 of 1,234, 3 skipped, 1 failed (+1 more)',
      }),
    ).toBeTruthy();
  });

  it('sits in the navigation bar of the shell, with a banner for an interrupted run', async () => {
    const cut = run({ status: 'interrupted', done: 1000, skipped: 0, failed: 0 });
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
      'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
      'tags.getEcosystemTagsIncludes': () => ok([]),
      'runs.list': () => ok([cut]),
    });
    window.location.hash = '#/ecosystemTag';
    setBridge(bridge);
    render(<App />);
    const bar = await screen.findByRole('banner');
    expect(
      await within(bar).findByRole('button', { name: 'Run interrupted: 1,000 of 1,234 done' }),
    ).toBeTruthy();
    expect(screen.getByText('A run was interrupted: 1,000 of 1,234 done')).toBeTruthy();
  });
});

describe('the interrupted-run banner', () => {
  it('resumes or discards the run it names, one banner per run', async () => {
    const first = run({ status: 'interrupted', done: 10, skipped: 0, failed: 0 });
    const second = run({ status: 'interrupted', done: 20, skipped: 0, failed: 0 });
    const { sent } = renderRuns([first, second], {
      'runs.resume': () => ok({ ...first, status: 'running' }),
    });
    const banner = (await screen.findByText('A run was interrupted: 10 of 1,234 done')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(screen.getByText('A run was interrupted: 20 of 1,234 done')).toBeTruthy();

    await userEvent.click(within(banner).getByRole('button', { name: 'Resume' }));
    expect(sent('runs.resume')).toEqual([{ id: first.id }]);
    await waitFor(() =>
      expect(screen.queryByText('A run was interrupted: 10 of 1,234 done')).toBeNull(),
    );

    const other = screen
      .getByText('A run was interrupted: 20 of 1,234 done')
      .closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(other).getByRole('button', { name: 'Discard' }));
    expect(sent('runs.discard')).toEqual([{ id: second.id }]);
    await waitFor(() =>
      expect(screen.queryByText('A run was interrupted: 20 of 1,234 done')).toBeNull(),
    );
  });
});

describe('the runs drawer', () => {
  it('lists the runs newest first, with their state, counts, times and what was left out', async () => {
    const older = finished({ label: 'Selecting', leftOut: 1066, skipped: 3, heldByOthers: 2 });
    const newer = run();
    renderRuns([older, newer]);
    const drawer = await openDrawer();
    const headings = within(drawer).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Eliminating', 'Selecting']);
    const going = runIn(drawer, 'Eliminating');
    expect(going.textContent).toContain('Running');
    expect(going.textContent).toContain('452 done, 3 skipped, 1 failed of 1,234');
    expect(within(going).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('36');
    expect(going.textContent).not.toContain('left out');
    expect(going.textContent).not.toContain('held by');
    const done = runIn(drawer, 'Selecting');
    expect(done.textContent).toContain('Done');
    expect(done.textContent).toContain(
      '1,066 left out: eliminated by similarity or by quoted post, never acted on',
    );
    // Items other reviewers held in their queues (the claims extension) are counted apart.
    expect(done.textContent).toContain('2 items held by other reviewers were left alone');
    expect(done.textContent).toMatch(/Started \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, finished /);
  });

  it('pauses a running run, and cancels it only once confirmed', async () => {
    const going = run();
    const { sent } = renderRuns([going]);
    const card = runIn(await openDrawer(), 'Eliminating');
    expect(within(card).queryByRole('button', { name: 'Resume' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Pause' }));
    expect(sent('runs.pause')).toEqual([{ id: going.id }]);

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('WARNING');
    expect(sent('runs.cancel')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close' }));
    expect(sent('runs.cancel')).toEqual([]);

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const again = await findConfirm();
    await userEvent.click(within(again).getByRole('button', { name: 'Yes!' }));
    await waitFor(() => expect(sent('runs.cancel')).toEqual([{ id: going.id }]));
  });

  it.each(['paused', 'waitingForSession'] as const)(
    'resumes or cancels a %s run',
    async (status) => {
      const waiting = run({ status });
      const { sent } = renderRuns([waiting]);
      const card = runIn(await openDrawer(), 'Eliminating');
      expect(within(card).queryByRole('button', { name: 'Pause' })).toBeNull();
      expect(within(card).getByRole('button', { name: 'Cancel' })).toBeTruthy();
      await userEvent.click(within(card).getByRole('button', { name: 'Resume' }));
      expect(sent('runs.resume')).toEqual([{ id: waiting.id }]);
    },
  );

  it('resumes or discards an interrupted run', async () => {
    const cut = run({ status: 'interrupted' });
    const { sent } = renderRuns([cut]);
    const drawer = await openDrawer();
    const card = runIn(drawer, 'Eliminating');
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Resume' }));
    expect(sent('runs.resume')).toEqual([{ id: cut.id }]);
    await userEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    expect(sent('runs.discard')).toEqual([{ id: cut.id }]);
    await waitFor(() => expect(within(drawer).queryByRole('article')).toBeNull());
  });

  it('offers Retry failed when items failed, Undo run when it can be undone, and Discard', async () => {
    const ended = finished({ canUndo: true });
    const { sent } = renderRuns([ended]);
    const card = runIn(await openDrawer(), 'Eliminating');
    expect(card.textContent).toContain(CANNOT_UNDO.manuallyChanged);
    await userEvent.click(within(card).getByRole('button', { name: 'Retry failed' }));
    expect(sent('runs.retryFailed')).toEqual([{ id: ended.id }]);
    await userEvent.click(within(card).getByRole('button', { name: 'Undo run' }));
    expect(sent('runs.undo')).toEqual([{ id: ended.id }]);
    await userEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    expect(sent('runs.discard')).toEqual([{ id: ended.id }]);
  });

  it('offers neither Retry failed nor Undo run when there is nothing to retry or undo', async () => {
    renderRuns([finished({ failed: 0, canUndo: false, status: 'cancelled' })]);
    const card = runIn(await openDrawer(), 'Eliminating');
    expect(card.textContent).toContain('Cancelled');
    expect(within(card).queryByRole('button', { name: 'Retry failed' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Undo run' })).toBeNull();
    expect(card.textContent).not.toContain(CANNOT_UNDO.manuallyChanged);
    expect(within(card).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('says a reviewed mark cannot be undone instead of offering Undo run', async () => {
    renderRuns([finished({ action: 'reviewed', label: 'Marking reviewed', canUndo: false })]);
    const card = runIn(await openDrawer(), 'Marking reviewed');
    expect(within(card).queryByRole('button', { name: 'Undo run' })).toBeNull();
    expect(card.textContent).toContain(CANNOT_UNDO.reviewed);
  });

  it('names the run an undo run undoes', async () => {
    const undone = finished({ label: 'Selecting' });
    const undo = run({ kind: 'undo', label: 'Undoing Select', undoOf: undone.id });
    renderRuns([{ ...undone, undoneBy: undo.id }, undo]);
    const card = runIn(await openDrawer(), 'Undoing Select');
    expect(card.textContent).toContain('Undo of Selecting');
  });

  it('lists a finished run’s problems, 20 to a page', async () => {
    const problems = Array.from({ length: 25 }, (_, index) => ({
      id: 100 + index,
      outcome: index % 2 === 0 ? ('skipped' as const) : ('failed' as const),
      reason: index % 2 === 0 ? 'changed by someone else' : 'HTTP 503',
    }));
    renderRuns([finished({ problems, skipped: 13, failed: 12 })]);
    const card = runIn(await openDrawer(), 'Eliminating');
    const table = within(card).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(rows[0]!.textContent).toBe('100skippedchanged by someone else');
    expect(rows[1]!.textContent).toBe('101failedHTTP 503');
    await userEvent.click(within(card).getByRole('listitem', { name: '2' }));
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5);
  });

  it('says why a control was refused', async () => {
    const going = run();
    renderRuns([going], {
      'runs.pause': () => fail(409, 'RUN_STATE', 'This run has already ended.'),
    });
    const card = runIn(await openDrawer(), 'Eliminating');
    await userEvent.click(within(card).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('This run has already ended.')).toBeTruthy();
  });

  it('has no serious or critical axe violation, and every control has a name', async () => {
    const { store } = renderRuns([
      run(),
      run({ status: 'paused' }),
      run({ status: 'interrupted' }),
      finished({
        canUndo: true,
        leftOut: 3,
        problems: [{ id: 7, outcome: 'failed', reason: 'HTTP 503' }],
      }),
      finished({ action: 'reviewed', label: 'Marking reviewed' }),
    ]);
    await screen.findAllByText(/A run was interrupted/);
    act(() => store.set(runsDrawerOpenAtom, true));
    const drawer = await screen.findByRole('dialog', { name: 'Runs' });
    const { violations } = await axe.run(drawer, { resultTypes: ['violations'] });
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
    for (const button of within(drawer).getAllByRole('button')) {
      expect(button.textContent || button.getAttribute('aria-label')).toBeTruthy();
    }
  });
});
