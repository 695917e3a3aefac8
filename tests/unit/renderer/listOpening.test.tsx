/**
 * A core-paged list's opening call (docs/performance.md, The paint floor): started by the frame as
 * the URL enters the list (listOpening.ts), before anything is drawn, and taken once by the list's
 * own first call (openingCall.ts).
 */
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameUrl } from '../../../src/renderer/app/frameRouting';
import { enterRoute, registerListView } from '../../../src/renderer/domain/resource/listOpening';
import { FILTERS_FROM_URL } from '../../../src/renderer/domain/views/viewLink';
import {
  OPENING_KEPT_MS,
  openList,
  pageFetch,
} from '../../../src/renderer/ui/resource/openingCall';
import { resourceState, type CorePage } from '../../../src/renderer/ui/resource/resourceState';
import type { FilterValues, ResourceView } from '../../../src/renderer/ui/resource/types';

type Filter = { contains: string };
type Row = { name: string };

/** A call left waiting until the test answers it. */
function deferred() {
  let answer!: (page: CorePage<Row>) => void;
  let refuse!: (error: Error) => void;
  const call = new Promise<CorePage<Row>>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  return { call, answer, refuse };
}

const PAGE: CorePage<Row> = { rows: [{ name: 'Bitcoin' }], total: 1, page: 0 };

function corePaging() {
  const calls: ReturnType<typeof deferred>[] = [];
  const fetch = vi.fn((_filter: Filter, _page: number, _fresh: boolean) => {
    const next = deferred();
    calls.push(next);
    return next.call;
  });
  return { paging: { kind: 'core' as const, pageSize: 50, fetch }, fetch, calls };
}

describe('openList and pageFetch: the opening call, taken once', () => {
  it('starts one call per filter and page while it waits; the first fresh call takes it', async () => {
    const { paging, fetch, calls } = corePaging();
    openList(paging, { contains: '' }, 0);
    openList(paging, { contains: '' }, 0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenLastCalledWith({ contains: '' }, 0, true);
    const taken = pageFetch(paging)({ contains: '' }, 0, true);
    expect(fetch).toHaveBeenCalledTimes(1);
    calls[0]!.answer(PAGE);
    await expect(taken).resolves.toBe(PAGE);
    // Taken once: a reload of the same page asks core again.
    void pageFetch(paging)({ contains: '' }, 0, true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not taken by a page turn or by another filter, which ask core themselves', () => {
    const { paging, fetch } = corePaging();
    openList(paging, { contains: 'btc' }, 2);
    void pageFetch(paging)({ contains: 'btc' }, 2, false);
    void pageFetch(paging)({ contains: 'eth' }, 2, true);
    void pageFetch(paging)({ contains: 'btc' }, 0, true);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(fetch.mock.calls.slice(1)).toEqual([
      [{ contains: 'btc' }, 2, false],
      [{ contains: 'eth' }, 2, true],
      [{ contains: 'btc' }, 0, true],
    ]);
  });

  it('is taken when its answer came first, or its failure, for a while; then the list asks again', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const { paging, fetch, calls } = corePaging();
      openList(paging, { contains: '' }, 0);
      calls[0]!.answer(PAGE);
      await Promise.resolve();
      await Promise.resolve();
      now.mockReturnValue(1_000_000 + OPENING_KEPT_MS);
      await expect(pageFetch(paging)({ contains: '' }, 0, true)).resolves.toBe(PAGE);
      expect(fetch).toHaveBeenCalledTimes(1);

      // A failure is the list's to show, as its own call's would be.
      openList(paging, { contains: 'x' }, 0);
      calls[1]!.refuse(new Error('The configuration service is down.'));
      await Promise.resolve();
      await Promise.resolve();
      await expect(pageFetch(paging)({ contains: 'x' }, 0, true)).rejects.toThrow('down');
      expect(fetch).toHaveBeenCalledTimes(2);

      // Answered too long ago: neither taken nor counted as waiting.
      openList(paging, { contains: 'y' }, 0);
      calls[2]!.answer(PAGE);
      await Promise.resolve();
      await Promise.resolve();
      now.mockReturnValue(1_000_000 + 2 * OPENING_KEPT_MS + 1);
      openList(paging, { contains: 'y' }, 0);
      expect(fetch).toHaveBeenCalledTimes(4);
      now.mockReturnValue(1_000_000 + 4 * OPENING_KEPT_MS);
      calls[3]!.answer(PAGE);
      await Promise.resolve();
      await Promise.resolve();
      now.mockReturnValue(1_000_000 + 6 * OPENING_KEPT_MS);
      void pageFetch(paging)({ contains: 'y' }, 0, true);
      expect(fetch).toHaveBeenCalledTimes(5);
    } finally {
      now.mockRestore();
    }
  });
});

function listViewAt(path: string) {
  const { paging, fetch, calls } = corePaging();
  const view = {
    label: 'Coins',
    filter: { label: 'Coin filter', fields: [{ name: 'contains', label: 'Contains' }] },
    state: resourceState<Row, Filter>({ contains: '' }),
    paging,
    rowKey: (row: Row) => row.name,
    columns: [{ title: 'Name', dataIndex: 'name' }],
  } as unknown as ResourceView<Row, Filter>;
  registerListView(path, view as unknown as ResourceView<object, FilterValues>);
  return { view, fetch, calls };
}

describe('enterRoute: the frame starts a list’s opening call as the URL enters it', () => {
  it('opens on the filter and page the list last had, once per entry, not at each query', async () => {
    const store = createStore();
    const { view, fetch, calls } = listViewAt('/coins/opened');
    store.set(view.state.filterAtom, { contains: 'sol' });
    store.set(view.state.pageAtom, 3);
    // True: it started a call (the frame lets core take it before drawing, App.tsx).
    expect(enterRoute({ pathname: '/coins/opened', search: '', state: null }, store)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenLastCalledWith({ contains: 'sol' }, 3, true);
    // The list writes its own query (a Filter, a page turn): the list's business.
    expect(
      enterRoute({ pathname: '/coins/opened', search: '?contains=ada', state: null }, store),
    ).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Left and entered again while the first call still waits: that call serves.
    expect(enterRoute({ pathname: '/elsewhere', search: '', state: null }, store)).toBe(false);
    expect(enterRoute({ pathname: '/coins/opened', search: '', state: null }, store)).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Once its answer is older than an opening is kept, entering again opens again.
    calls[0]!.answer(PAGE);
    await Promise.resolve();
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + OPENING_KEPT_MS + 1);
    try {
      enterRoute({ pathname: '/elsewhere', search: '', state: null }, store);
      expect(enterRoute({ pathname: '/coins/opened', search: '', state: null }, store)).toBe(true);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      later.mockRestore();
    }
  });

  it('opens on the filter and page of a link, as the list itself will (useFilterInUrl)', () => {
    const store = createStore();
    const { fetch } = listViewAt('/coins/linked');
    enterRoute({ pathname: '/coins/linked', search: '?contains=doge&page=2', state: null }, store);
    expect(fetch).toHaveBeenLastCalledWith({ contains: 'doge' }, 1, true);
    enterRoute({ pathname: '/elsewhere', search: '', state: null }, store);
    // A saved view as it opens: no query, and its state says to apply the URL's filters.
    enterRoute({ pathname: '/coins/linked', search: '', state: FILTERS_FROM_URL }, store);
    expect(fetch).toHaveBeenLastCalledWith({ contains: '' }, 0, true);
  });

  it('starts nothing for a route whose view has not loaded, or that core does not page', () => {
    const store = createStore();
    const { view, fetch } = listViewAt('/coins/other');
    const clientFetch = vi.fn(() => Promise.resolve([]));
    registerListView('/client/list', {
      ...view,
      paging: { kind: 'client', pageSize: 50, fetch: clientFetch },
    } as unknown as ResourceView<object, FilterValues>);
    expect(enterRoute({ pathname: '/not/loaded', search: '', state: null }, store)).toBe(false);
    expect(enterRoute({ pathname: '/client/list', search: '', state: null }, store)).toBe(false);
    expect(clientFetch).not.toHaveBeenCalled();
    // Entering a list core pages after them still opens it.
    enterRoute({ pathname: '/coins/other', search: '', state: null }, store);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the frame', () => {
  // A memory router here: the window's hash (another file's, maybe) says nothing of where it is.
  const noHash = () => window.history.replaceState(null, '', window.location.pathname);
  beforeEach(noHash);
  afterEach(noHash);

  function Go({ to }: { to: string }) {
    const navigate = useNavigate();
    return <button onClick={() => void navigate(to)}>Go</button>;
  }

  it('starts a list’s call as the URL enters it, from the first thing it draws', async () => {
    const store = createStore();
    const { fetch } = listViewAt('/coins/framed');
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/filter']}>
          <FrameUrl username="reviewer1" navigateRef={{ current: null }} />
          <Go to="/coins/framed?contains=eth" />
        </MemoryRouter>
      </Provider>,
    );
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('button', { name: 'Go' }).click());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenLastCalledWith({ contains: 'eth' }, 0, true);
  });

  it('drawn at a list the window’s URL has already left, starts nothing for it', () => {
    const store = createStore();
    const { fetch } = listViewAt('/coins/left');
    const drawFrame = () =>
      render(
        <Provider store={store}>
          <MemoryRouter initialEntries={['/coins/left']}>
            <FrameUrl username="reviewer1" navigateRef={{ current: null }} />
          </MemoryRouter>
        </Provider>,
      );
    window.history.replaceState(null, '', '#/elsewhere/now');
    drawFrame();
    expect(fetch).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '#/coins/left');
    drawFrame();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
