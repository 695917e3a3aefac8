import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createModal, modalAction } from '../../../src/renderer/ui/resource/actions';
import { ResourcePage } from '../../../src/renderer/domain/resource/ResourcePage';
import { resourceState } from '../../../src/renderer/ui/resource/resourceState';
import type { Paging, RecordAction, ResourceView } from '../../../src/renderer/ui/resource/types';
import type { UpdateField } from '../../../src/renderer/ui/updateFields';
import { TestProviders } from './testProviders';

/**
 * The resource kit itself (ui/resource), driven by small test-only views whose calls are vi.fn
 * fakes: the list pattern of SPEC.md 2 and 9, the load states and reloads of SPEC.md 4, and the
 * confirms of SPEC.md 8.
 */

const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

type Row = { id: number; name?: string; tags: string[] };
type Filter = { text: string };
type NameForm = { name: string };

const item = (id: number, extra: Partial<Row> = {}): Row => ({
  id,
  name: `Item ${id}`,
  tags: [],
  ...extra,
});
const items = (count: number, first = 1) =>
  Array.from({ length: count }, (_, i) => item(first + i));

const NAME_FIELDS: UpdateField[] = [{ name: 'name', label: 'Name', kind: 'text' }];

function view(
  paging: Paging<Row, Filter>,
  extra: Partial<ResourceView<Row, Filter>> = {},
): ResourceView<Row, Filter> {
  return {
    label: 'Items',
    noun: 'items',
    filter: {
      label: 'Item filter',
      fields: [{ name: 'text', label: 'Contains' }],
      // The read filter differs from what was typed, so a test can tell which one was used.
      read: (values) => ({ text: (values.text ?? '').toLowerCase() }),
    },
    state: resourceState<Row, Filter>({ text: '' }),
    paging,
    rowKey: (row) => String(row.id),
    columns: [
      { title: 'Id', dataIndex: 'id' },
      { title: 'Name', dataIndex: 'name' },
    ],
    ...extra,
  };
}

function renderView(resource: ResourceView<Row, Filter>) {
  return render(
    <TestProviders store={createStore()}>
      {/* The kit keeps a list's filter in its URL: it needs a router. */}
      <MemoryRouter initialEntries={['/items']}>
        <ResourcePage view={resource} title="Test Items" />
      </MemoryRouter>
    </TestProviders>,
  );
}

// By its label, not its role: a role query checks the styles of every element on the page, which
// under jsdom with Ant Design's style sheets makes each waitFor round slow.
const header = () => screen.getByLabelText('Result range').textContent;
/** The table's body rows by key (antd marks each with data-row-key). */
const rowKeys = () =>
  Array.from(document.querySelectorAll('tr[data-row-key]')).map((tr) =>
    tr.getAttribute('data-row-key'),
  );
const rowOf = (id: number) => {
  const tr = document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`);
  if (!tr) throw new Error(`no row ${id}`);
  return tr;
};
const cellsOf = (id: number) =>
  within(rowOf(id))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function filterBy(text: string) {
  const box = screen.getByLabelText('Contains');
  await userEvent.clear(box);
  if (text) await userEvent.type(box, text);
  await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
}

const updateAction = (submit: (values: NameForm, row: Row) => Promise<unknown>) =>
  modalAction<Row, NameForm>({
    label: 'Update',
    title: (row) => `Update Item ${row.id}`,
    fields: NAME_FIELDS,
    values: (row) => ({ name: row.name }),
    submit,
    done: (values) => `${values.name} updated`,
  });

/** The confirm dialog of useConfirm (SPEC.md 8), found by its text. */
async function findConfirm(text: string) {
  const content = await screen.findByText(text);
  const dialog = content.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog around "${text}"`);
  return dialog;
}

describe('resource kit: client paging (SPEC.md 2, 9)', () => {
  it('pages 120 rows by 50 from page 0, a new filter goes back to page 0 with the read filter, a missing field shows -', async () => {
    const fetch = vi.fn(async ({ text }: Filter) =>
      text ? [...items(59, 1), item(60, { name: undefined })] : items(120),
    );
    renderView(view({ kind: 'client', pageSize: 50, fetch }));

    await waitFor(() => expect(header()).toBe('You see ( 0 - 50 ) of 120 results'));
    expect(fetch).toHaveBeenCalledWith({ text: '' });
    expect(rowKeys()).toHaveLength(50);
    expect(rowKeys()[0]).toBe('1');
    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header()).toBe('You see ( 50 - 100 ) of 120 results'));
    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header()).toBe('You see ( 100 - 120 ) of 120 results'));
    expect(rowKeys()).toEqual(items(20, 101).map((row) => String(row.id)));
    // The whole list came in one call; a page turn is not a call.
    expect(fetch).toHaveBeenCalledTimes(1);

    // 60 rows: a page counter left at 2 would show the last page, ( 50 - 60 ).
    await filterBy('ITEM');
    await waitFor(() => expect(header()).toBe('You see ( 0 - 50 ) of 60 results'));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenLastCalledWith({ text: 'item' });

    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header()).toBe('You see ( 50 - 60 ) of 60 results'));
    expect(cellsOf(60)).toEqual(['60', '-']);
    expect(cellsOf(59)).toEqual(['59', 'Item 59']);
  });
});

describe('resource kit: rows drawn once per answer', () => {
  it("a Filter that brings the same records back draws none of its rows again, on any of the page's renders", async () => {
    // The same record objects on every call: rows whose record, place and columns stay as they
    // were are not drawn again while the list loads or after (ListTable's memoised rows).
    const records = items(3);
    let answer: (rows: Row[]) => void = () => undefined;
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(records)
      .mockImplementation(() => new Promise<Row[]>((resolve) => (answer = resolve)));
    const drawName = vi.fn((name: unknown) => String(name));
    // No extra actions (useActions): the page's own empty list of them must stay one array.
    renderView(
      view(
        { kind: 'client', pageSize: 50, fetch },
        {
          columns: [
            { title: 'Id', dataIndex: 'id' },
            { title: 'Name', dataIndex: 'name', render: drawName },
          ],
        },
      ),
    );
    await waitFor(() => expect(header()).toBe('You see ( 0 - 3 ) of 3 results'));
    const drawnAtOpen = drawName.mock.calls.length;
    expect(drawnAtOpen).toBeGreaterThanOrEqual(3);

    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    // The list is busy (the page rendered for it), then the same records arrive.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(document.querySelector('.dqc-list-table')?.getAttribute('aria-busy')).toBe('true'),
    );
    answer(records);
    await waitFor(() =>
      expect(document.querySelector('.dqc-list-table')?.getAttribute('aria-busy')).toBe('false'),
    );
    expect(cellsOf(2)).toEqual(['2', 'Item 2']);
    expect(drawName.mock.calls.length).toBe(drawnAtOpen);
  });
});

describe('resource kit: server paging (SPEC.md 9)', () => {
  it('asks for the page and the count; a page turn asks for the new page only', async () => {
    const fetch = vi.fn(async (_filter: Filter, page: number) => items(25, page * 25 + 1));
    const count = vi.fn(async (_filter: Filter) => 60);
    renderView(view({ kind: 'server', pageSize: 25, fetch, count }));

    await waitFor(() => expect(header()).toBe('You see ( 0 - 25 ) of 60 results'));
    expect(fetch).toHaveBeenCalledWith({ text: '' }, 0);
    expect(count).toHaveBeenCalledWith({ text: '' });
    expect(rowKeys()[0]).toBe('1');

    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header()).toBe('You see ( 25 - 50 ) of 60 results'));
    expect(fetch).toHaveBeenLastCalledWith({ text: '' }, 1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(count).toHaveBeenCalledTimes(1);
    expect(rowKeys()[0]).toBe('26');

    await filterBy('Coin');
    // The header of page 0 can show while page 1's rows are still on screen: wait for the call.
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ text: 'coin' }, 0));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 25 ) of 60 results'));
    expect(count).toHaveBeenLastCalledWith({ text: 'coin' });
  });
});

describe('resource kit: a modal action reloads after a success (SPEC.md 4)', () => {
  it('prefills from the row, submits with the row, closes and fetches the list again', async () => {
    let renamed = false;
    const fetch = vi.fn(async () =>
      renamed ? [item(1), item(2, { name: 'Item 2 X' })] : [item(1), item(2)],
    );
    const submit = vi.fn(async () => {
      renamed = true;
    });
    renderView(view({ kind: 'client', pageSize: 50, fetch }, { actions: [updateAction(submit)] }));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 2 results'));

    await userEvent.click(within(rowOf(2)).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Item 2' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Item 2');
    await userEvent.type(name, ' X');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(submit).toHaveBeenCalledWith({ name: 'Item 2 X' }, item(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Item 2' })).toBeNull());
    await waitFor(() => expect(cellsOf(2)).toContain('Item 2 X'));
  });

  it('a refused submit keeps the modal open with the message and what was typed', async () => {
    const fetch = vi.fn(async () => [item(1)]);
    const submit = vi.fn(async () => {
      throw new Error('duplicate');
    });
    renderView(view({ kind: 'client', pageSize: 50, fetch }, { actions: [updateAction(submit)] }));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 1 ) of 1 results'));

    await userEvent.click(within(rowOf(1)).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Item 1' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    await userEvent.clear(name);
    await userEvent.type(name, 'Item 9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('duplicate');
    expect(submit).toHaveBeenCalledWith({ name: 'Item 9' }, item(1));
    expect(screen.getByRole('dialog', { name: 'Update Item 1' })).toBe(dialog);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Item 9');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  /** A server-paged view whose calls write to one log, so their order can be read. */
  function loggedServerView(total: { now: number }) {
    const log: string[] = [];
    const fetch = vi.fn(async (_filter: Filter, page: number) => {
      log.push(`fetch ${page}`);
      return items(Math.max(0, Math.min(25, total.now - page * 25)), page * 25 + 1);
    });
    const count = vi.fn(async () => {
      log.push('count');
      return total.now;
    });
    const submit = vi.fn(async () => {
      log.push('submit');
      total.now -= 1;
    });
    const resource = view(
      { kind: 'server', pageSize: 25, fetch, count },
      { actions: [updateAction(submit)] },
    );
    return { log, resource };
  }

  async function saveRow(id: number) {
    await userEvent.click(within(rowOf(id)).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: `Update Item ${id}` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
  }

  it('server pages: after a success the count is fetched before the page', async () => {
    const total = { now: 60 };
    const { log, resource } = loggedServerView(total);
    renderView(resource);
    await waitFor(() => expect(header()).toBe('You see ( 0 - 25 ) of 60 results'));
    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header()).toBe('You see ( 25 - 50 ) of 60 results'));
    const before = log.length;

    await saveRow(30);
    await waitFor(() => expect(header()).toBe('You see ( 25 - 50 ) of 59 results'));
    expect(log.slice(before)).toEqual(['submit', 'count', 'fetch 1']);
  });

  it('server pages: when the page on screen no longer exists, the new last page is shown', async () => {
    const total = { now: 26 };
    const { log, resource } = loggedServerView(total);
    renderView(resource);
    await waitFor(() => expect(header()).toBe('You see ( 0 - 25 ) of 26 results'));
    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header()).toBe('You see ( 25 - 26 ) of 26 results'));
    const before = log.length;

    await saveRow(26);
    await waitFor(() => expect(header()).toBe('You see ( 0 - 25 ) of 25 results'));
    expect(log.slice(before)).toEqual(['submit', 'count', 'fetch 0']);
    expect(rowKeys()[0]).toBe('1');
  });
});

describe('resource kit: a failed call (SPEC.md 4, 8)', () => {
  it('empties the list and keeps the message; Try Again fetches again and the rows come back', async () => {
    let failing = false;
    const fetch = vi.fn(async () => {
      if (failing) throw new Error('The item service is down.');
      return items(3);
    });
    renderView(view({ kind: 'client', pageSize: 50, fetch }));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 3 ) of 3 results'));
    expect(rowKeys()).toEqual(['1', '2', '3']);

    failing = true;
    await filterBy('');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The items could not be loaded');
    expect(alert.textContent).toContain('The item service is down.');
    expect(rowKeys()).toEqual([]);
    expect(header()).toBe('You see ( 0 - 0 ) of 0 results');

    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 3 ) of 3 results'));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(rowKeys()).toEqual(['1', '2', '3']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('server pages: a failed count empties the list even when the page arrived', async () => {
    let failing = true;
    const fetch = vi.fn(async () => items(2));
    const count = vi.fn(async () => {
      if (failing) throw new Error('The count failed.');
      return 2;
    });
    renderView(view({ kind: 'server', pageSize: 25, fetch, count }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The items could not be loaded');
    expect(alert.textContent).toContain('The count failed.');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(header()).toBe('You see ( 0 - 0 ) of 0 results');
    expect(rowKeys()).toEqual([]);

    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 2 results'));
    expect(count).toHaveBeenCalledTimes(2);
    expect(rowKeys()).toEqual(['1', '2']);
  });
  // A server-paged list that fails on a later page empties rows and total, and counts from 0.
  it('server pages: a call failing on a later page still reads ( 0 - 0 ) of 0', async () => {
    let failing = false;
    const fetch = vi.fn(async (_filter: Filter, page: number) => {
      if (failing) throw new Error('The page failed.');
      return items(25, page * 25 + 1);
    });
    const count = vi.fn(async () => 60);
    renderView(view({ kind: 'server', pageSize: 25, fetch, count }));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 25 ) of 60 results'));
    failing = true;
    await userEvent.click(screen.getByText('>>'));
    expect((await screen.findByRole('alert')).textContent).toContain('The page failed.');
    expect(rowKeys()).toEqual([]);
    expect(header()).toBe('You see ( 0 - 0 ) of 0 results');
  });
});

describe('resource kit: confirms and row actions (SPEC.md 2, 8)', () => {
  it('a confirm action asks WARNING first: Close does nothing, Yes! runs it and reloads', async () => {
    const fetch = vi.fn(async () => items(2));
    const run = vi.fn(async () => undefined);
    const remove: RecordAction<Row> = {
      label: 'Delete',
      confirm: {
        content: 'Are you sure to the delete this item',
        run,
        done: (row) => `Item ${row.id} deleted`,
      },
    };
    renderView(view({ kind: 'client', pageSize: 50, fetch }, { actions: [remove] }));
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 2 results'));

    await userEvent.click(within(rowOf(2)).getByRole('button', { name: 'Delete' }));
    let dialog = await findConfirm('Are you sure to the delete this item');
    expect(screen.getByRole('dialog', { name: 'WARNING' })).toBe(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByText('Are you sure to the delete this item')).toBeNull(),
    );
    expect(run).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.click(within(rowOf(2)).getByRole('button', { name: 'Delete' }));
    dialog = await findConfirm('Are you sure to the delete this item');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(item(2));
  });

  it('removing one value of a removable field asks its confirm, then removes it and reloads', async () => {
    let removed = false;
    const fetch = vi.fn(async () => [
      item(1, { tags: removed ? ['defi'] : ['defi', 'nft'] }),
      item(2),
    ]);
    const remove = vi.fn(async () => {
      removed = true;
    });
    renderView(
      view(
        { kind: 'client', pageSize: 50, fetch },
        {
          removable: [
            {
              title: 'Tags',
              values: (row) => row.tags,
              removeLabel: 'Remove tag',
              confirm: 'Are You Sure The Delete This Tag',
              remove,
              done: (_, tag) => `Tag "${tag}" removed`,
            },
          ],
        },
      ),
    );
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 2 results'));
    // The last cell holds the record's History, an icon button (issue 49): a record written to has one.
    expect(cellsOf(1)).toEqual(['1', 'Item 1', expect.stringMatching(/defi.*nft/), '']);
    expect(within(rowOf(1)).getByRole('button', { name: 'History' })).toBeTruthy();
    expect(cellsOf(2)[2]).toBe('-');

    await userEvent.click(within(rowOf(1)).getByLabelText('Remove tag nft'));
    const dialog = await findConfirm('Are You Sure The Delete This Tag');
    expect(screen.getByRole('dialog', { name: 'WARNING' })).toBe(dialog);
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(remove).toHaveBeenCalledWith(item(1, { tags: ['defi', 'nft'] }), 'nft');
    await waitFor(() => expect(within(rowOf(1)).queryByText('nft')).toBeNull());
    expect(within(rowOf(1)).getByText('defi')).toBeTruthy();
  });

  it('an action whose disabled(row) gives a reason is disabled for that row only', async () => {
    const run = vi.fn();
    const check: RecordAction<Row> = {
      label: 'Check',
      disabled: (row) => (row.name ? null : 'This item has no name'),
      run,
    };
    renderView(
      view(
        {
          kind: 'client',
          pageSize: 50,
          fetch: async () => [item(1), item(2, { name: undefined })],
        },
        { actions: [check] },
      ),
    );
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 2 results'));
    const without = within(rowOf(2)).getByRole('button', { name: 'Check' }) as HTMLButtonElement;
    const withName = within(rowOf(1)).getByRole('button', { name: 'Check' }) as HTMLButtonElement;
    expect(without.disabled).toBe(true);
    expect(withName.disabled).toBe(false);

    await userEvent.click(without);
    expect(run).not.toHaveBeenCalled();
    await userEvent.hover(without.parentElement!);
    expect(await screen.findByText('This item has no name')).toBeTruthy();
    await userEvent.click(withName);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0]).toEqual(item(1));
  });

  it('a create tab opens its modal with the current filter, and a save reloads the list', async () => {
    const fetch = vi.fn(async () => items(2));
    const submit = vi.fn(async () => undefined);
    renderView(
      view(
        { kind: 'client', pageSize: 50, fetch },
        {
          create: {
            tab: 'Add Item',
            open: createModal<Filter, NameForm>({
              title: 'Add Item',
              okText: 'Add',
              fields: NAME_FIELDS,
              values: (filter) => ({ name: `new ${filter.text}` }),
              submit,
              done: (values) => `${values.name} added`,
            }),
          },
        },
      ),
    );
    await waitFor(() => expect(header()).toBe('You see ( 0 - 2 ) of 2 results'));
    await filterBy('ABC');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));

    await userEvent.click(screen.getByRole('tab', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('new abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(submit).toHaveBeenCalledWith({ name: 'new abc' }, { text: 'abc' });
    expect(fetch).toHaveBeenLastCalledWith({ text: 'abc' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Item' })).toBeNull());
  });
});
