import { act, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createStore } from 'jotai';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router-dom';
import { ResourcePage } from '../../../src/renderer/domain/resource/ResourcePage';
import { resourceState } from '../../../src/renderer/ui/resource/resourceState';
import type { FilterField, ResourceView } from '../../../src/renderer/ui/resource/types';
import { listQuery, readListQuery } from '../../../src/renderer/ui/resource/urlFilter';
import { FILTERS_FROM_URL } from '../../../src/renderer/domain/views/viewLink';
import { TestProviders } from './testProviders';

/**
 * A kit list's filter and page in its URL (DESIGN.md, Links into the app): a query applies on
 * opening, a list entered without one writes the filter it kept, every Filter and page turn
 * replaces the query, and a bad value in the URL gives way to the field's initial value.
 */

const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

type Row = { id: number; name: string };
type Filter = { contains: string; kind: string; id: string };
const INITIAL: Filter = { contains: '', kind: 'a', id: '0' };

const FIELDS: FilterField[] = [
  { name: 'contains', label: 'Contains' },
  {
    name: 'kind',
    label: 'Kind',
    kind: 'select',
    options: [
      { value: 'a', label: 'Kind A' },
      { value: 'b', label: 'Kind B' },
    ],
  },
  { name: 'id', label: 'Item Id', kind: 'wholeNumber' },
];

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}` }));

function makeView(fetch = vi.fn(async (_filter: Filter) => rows(5))) {
  const view: ResourceView<Row, Filter> = {
    label: 'Items',
    filter: { label: 'Item filter', fields: FIELDS },
    state: resourceState<Row, Filter>(INITIAL),
    paging: { kind: 'client', pageSize: 2, fetch },
    rowKey: (row) => String(row.id),
    columns: [
      { title: 'Id', dataIndex: 'id' },
      { title: 'Name', dataIndex: 'name' },
    ],
  };
  return { view, fetch };
}

/** Where the router is, and how to move it, as the test's probe last saw them. */
const router: { location: Location | null; navigate: ReturnType<typeof useNavigate> | null } = {
  location: null,
  navigate: null,
};
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    router.location = location;
    router.navigate = navigate;
  });
  return null;
}

function open(view: ResourceView<Row, Filter>, entry: string, store = createStore()) {
  render(
    <TestProviders store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Probe />
        <ResourcePage view={view} title="Test Items" />
      </MemoryRouter>
    </TestProviders>,
  );
  return store;
}

const search = () => router.location?.search ?? null;
const header = () => screen.getByLabelText('Result range').textContent;
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the query of a list', () => {
  it('is written only for values that differ from the initial filter, page 1-based past the first', () => {
    expect(listQuery(FIELDS, INITIAL, INITIAL, 0)).toBe('');
    expect(listQuery(FIELDS, INITIAL, { ...INITIAL, contains: 'b c', kind: 'b' }, 2)).toBe(
      'contains=b+c&kind=b&page=3',
    );
  });

  it('reads back what it wrote', () => {
    const filter = { contains: 'ä & =x', kind: 'b', id: '42' };
    expect(readListQuery(FIELDS, INITIAL, listQuery(FIELDS, INITIAL, filter, 4))).toEqual({
      values: filter,
      page: 4,
    });
  });

  it('gives way to the initial value where the URL has one the field cannot hold', () => {
    expect(
      readListQuery(FIELDS, INITIAL, '?kind=zzz&id=12x&contains=ok&page=nope&other=1'),
    ).toEqual({ values: { contains: 'ok', kind: 'a', id: '0' }, page: 0 });
    expect(
      readListQuery(FIELDS, INITIAL, '?id=99999999999&page=0&contains=' + 'x'.repeat(600)),
    ).toEqual({ values: INITIAL, page: 0 });
    expect(readListQuery(FIELDS, INITIAL, '?id=-1&page=-2')).toEqual({ values: INITIAL, page: 0 });
  });
});

describe('a kit list and its URL', () => {
  it("writes a Filter's query once the list's answer is in: until then it says the rows on screen", async () => {
    let answer: (found: Row[]) => void = () => undefined;
    const { view, fetch } = makeView();
    open(view, '/items');
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 5 results'));
    await waitFor(() => expect(search()).toBe(''));
    fetch.mockImplementationOnce(() => new Promise<Row[]>((resolve) => (answer = resolve)));

    await userEvent.type(box('Contains'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ ...INITIAL, contains: 'abc' }));
    // The call is under way: the URL still says the list on screen (React Router would draw the
    // whole frame again for it while the answer comes back).
    await act(async () => new Promise((done) => setTimeout(done, 150)));
    expect(search()).toBe('');

    answer(rows(3));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 3 results'));
    await waitFor(() => expect(search()).toBe('?contains=abc'));
  });

  it('writes the query after a failed answer too', async () => {
    const { view, fetch } = makeView();
    open(view, '/items');
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 5 results'));
    fetch.mockRejectedValueOnce(new Error('Request failed with status code 503'));
    await userEvent.type(box('Contains'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(search()).toBe('?contains=x'));
  });

  it('opens on the filter and page its URL says, fetching that filter only', async () => {
    const { view, fetch } = makeView();
    open(view, '/items?contains=abc&kind=b&id=7&page=2');
    await waitFor(() => expect(header()).toBe('You see ( 2 - 4 ) of 5 results'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith({ contains: 'abc', kind: 'b', id: '7' });
    expect(box('Contains').value).toBe('abc');
    expect(box('Item Id').value).toBe('7');
    expect(screen.getByTitle('Kind B')).toBeTruthy();
    expect(search()).toBe('?contains=abc&kind=b&id=7&page=2');
  });

  it('falls back to the defaults for bad values, never breaking, and rewrites the URL', async () => {
    const { view, fetch } = makeView();
    open(view, '/items?kind=zzz&id=12x&page=abc');
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 5 results'));
    expect(fetch).toHaveBeenCalledWith(INITIAL);
    await waitFor(() => expect(search()).toBe(''));
    expect(box('Item Id').value).toBe('0');
  });

  it('entered without a query, shows the filter it kept and writes it into the URL', async () => {
    const { view, fetch } = makeView();
    const store = createStore();
    store.set(view.state.filterAtom, { ...INITIAL, contains: 'kept' });
    store.set(view.state.pageAtom, 1);
    open(view, '/items', store);
    await waitFor(() => expect(search()).toBe('?contains=kept&page=2'));
    expect(fetch).toHaveBeenCalledWith({ ...INITIAL, contains: 'kept' });
    expect(box('Contains').value).toBe('kept');
  });

  it('writes every Filter and page turn into the URL', async () => {
    const { view } = makeView();
    open(view, '/items');
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 5 results'));
    await userEvent.type(box('Contains'), 'xyz');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(search()).toBe('?contains=xyz'));
    await userEvent.click(screen.getByLabelText('Next page'));
    await waitFor(() => expect(search()).toBe('?contains=xyz&page=2'));
  });

  it('applies a view opened while it is on screen, and the form follows', async () => {
    const { view, fetch } = makeView();
    open(view, '/items?contains=first');
    await waitFor(() => expect(box('Contains').value).toBe('first'));
    act(() => void router.navigate!('/items?contains=second&kind=b', { state: FILTERS_FROM_URL }));
    await waitFor(() => expect(box('Contains').value).toBe('second'));
    expect(fetch).toHaveBeenLastCalledWith({ contains: 'second', kind: 'b', id: '0' });
    // A view saved as the list opens has no query: opened, it brings the defaults back.
    act(() => void router.navigate!('/items', { state: FILTERS_FROM_URL }));
    await waitFor(() => expect(box('Contains').value).toBe(''));
    expect(fetch).toHaveBeenLastCalledWith(INITIAL);
    expect(search()).toBe('');
  });

  it('keeps the page in the URL of a list without filter fields', async () => {
    const { view } = makeView();
    const bare: ResourceView<Row, Filter> = { ...view, filter: { label: 'None', fields: [] } };
    open(bare, '/items?page=3');
    await waitFor(() => expect(header()).toBe('You see ( 4 - 5 ) of 5 results'));
    await userEvent.click(screen.getByLabelText('Previous page'));
    await waitFor(() => expect(router.location?.search).toBe('?page=2'));
  });
});
