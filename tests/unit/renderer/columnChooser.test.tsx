import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { prefsViewAtom } from '../../../src/renderer/domain/prefs/prefsState';
import { chooseColumns, choiceOf } from '../../../src/renderer/ui/resource/columnChoice';
import { ResourcePage } from '../../../src/renderer/domain/resource/ResourcePage';
import { resourceState } from '../../../src/renderer/ui/resource/resourceState';
import type { ResourceView } from '../../../src/renderer/ui/resource/types';
import type { ColumnChoice } from '../../../src/shared/prefs';
import { prefsBridge } from './viewsFakes';
import { TestProviders } from './testProviders';

/**
 * The column chooser of every kit list (docs/user-guide.md, A reviewer's shift): show, hide, order,
 * kept per user.
 */

const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

const COLUMNS = [
  { title: 'Id', dataIndex: 'id' },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Rank', dataIndex: ['stats', 'rank'] },
  { title: 'Same', key: 'same', render: () => 'x' },
];
const keys = (chosen: { key: string; hidden: boolean }[]) =>
  chosen.map((c) => (c.hidden ? `(${c.key})` : c.key));

describe('a column choice', () => {
  it('is the view order, all shown, when there is none', () => {
    expect(keys(chooseColumns(COLUMNS, null))).toEqual(['id', 'name', 'stats.rank', 'same']);
  });

  it('orders and hides by key, ignoring keys the view does not have', () => {
    const choice: ColumnChoice = {
      order: ['same', 'gone', 'id', 'name'],
      hidden: ['name', 'gone'],
    };
    // 'stats.rank' is new to the stored order: it goes after 'name', the column it follows.
    expect(keys(chooseColumns(COLUMNS, choice))).toEqual(['same', 'id', '(name)', 'stats.rank']);
  });

  it('puts a new first column first', () => {
    expect(keys(chooseColumns(COLUMNS, { order: ['same', 'name'], hidden: [] }))).toEqual([
      'id',
      'same',
      'name',
      'stats.rank',
    ]);
  });

  it('always keeps one column shown', () => {
    const all = { order: [], hidden: ['id', 'name', 'stats.rank', 'same'] };
    expect(keys(chooseColumns(COLUMNS, all))).toEqual(['id', '(name)', '(stats.rank)', '(same)']);
  });

  it('is what a chooser list stands for', () => {
    expect(
      choiceOf([
        { key: 'b', hidden: false },
        { key: 'a', hidden: true },
      ]),
    ).toEqual({ order: ['b', 'a'], hidden: ['a'] });
  });
});

type Row = { id: number; name: string; rank: number };

function openList() {
  const fake = prefsBridge();
  setBridge(fake.bridge);
  const store = createStore();
  store.set(prefsViewAtom, { prefs: fake.prefs(), sessionStartedAt: null });
  const view: ResourceView<Row, Record<string, string>> = {
    label: 'Coins',
    filter: { label: 'Coin filter', fields: [] },
    state: resourceState<Row, Record<string, string>>({}),
    paging: { kind: 'client', pageSize: 10, fetch: async () => [{ id: 1, name: 'btc', rank: 3 }] },
    rowKey: (row) => String(row.id),
    columns: [
      { title: 'Id', dataIndex: 'id' },
      { title: 'Name', dataIndex: 'name' },
      { title: 'Rank', dataIndex: 'rank' },
    ],
    actions: [{ label: 'Poke', run: () => undefined }],
  };
  render(
    <TestProviders store={store}>
      <MemoryRouter initialEntries={['/coins']}>
        <ResourcePage view={view} title="Coins" />
      </MemoryRouter>
    </TestProviders>,
  );
  return fake;
}

const headings = () =>
  Array.from(document.querySelectorAll('thead th'))
    .map((th) => th.textContent)
    .filter(Boolean);

afterEach(() => setBridge(null));

describe('the Columns chooser', () => {
  it('hides, reorders and resets the columns, keeps one shown, and never lists Actions', async () => {
    const { calls } = openList();
    await waitFor(() => expect(headings()).toEqual(['Id', 'Name', 'Rank', 'Actions']));
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const modal = await waitFor(() => screen.getByRole('dialog', { name: 'Columns of Coins' }));
    const box = (name: string) => within(modal).getByRole('checkbox', { name });
    expect(within(modal).queryByRole('checkbox', { name: 'Actions' })).toBeNull();

    await userEvent.click(box('Name'));
    await waitFor(() => expect(headings()).toEqual(['Id', 'Rank', 'Actions']));
    expect(calls('prefs.setColumns').at(-1)).toEqual({
      path: '/coins',
      choice: { order: ['id', 'name', 'rank'], hidden: ['name'] },
    });

    await userEvent.click(within(modal).getByRole('button', { name: 'Move up: Rank' }));
    await waitFor(() => expect(headings()).toEqual(['Id', 'Rank', 'Actions']));
    await userEvent.click(within(modal).getByRole('button', { name: 'Move up: Rank' }));
    await waitFor(() => expect(headings()).toEqual(['Rank', 'Id', 'Actions']));

    await userEvent.click(box('Id'));
    await waitFor(() => expect(headings()).toEqual(['Rank', 'Actions']));
    // The last shown column cannot be hidden.
    expect((box('Rank') as HTMLInputElement).disabled).toBe(true);

    await userEvent.click(within(modal).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(headings()).toEqual(['Id', 'Name', 'Rank', 'Actions']));
    expect(calls('prefs.setColumns').at(-1)).toEqual({ path: '/coins', choice: null });
  });
});
