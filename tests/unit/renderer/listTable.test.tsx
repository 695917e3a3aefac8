import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../src/renderer/app/theme';
import { cellValue, type ListColumns } from '../../../src/renderer/ui/resource/listColumns';
import { ListTable, LOADING_VEIL_DELAY_MS } from '../../../src/renderer/ui/resource/ListTable';

interface Coin {
  id: string;
  name?: string;
  market?: { name?: string };
}

const COINS: Coin[] = [
  { id: 'btc', name: 'Bitcoin', market: { name: 'KRAKEN' } },
  { id: 'eth', name: 'Ethereum' },
];

const COLUMNS: ListColumns<Coin> = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Market', dataIndex: ['market', 'name'], width: 120 },
  { title: 'Actions', key: 'actions', fixed: 'right', render: (_, coin) => `act ${coin.id}` },
];

function table(props: Partial<Parameters<typeof ListTable<Coin>>[0]> = {}) {
  return (
    <ConfigProvider theme={theme}>
      <ListTable<Coin>
        label="Coins"
        rows={COINS}
        columns={COLUMNS}
        rowKey={(coin) => coin.id}
        loading={false}
        {...props}
      />
    </ConfigProvider>
  );
}

const bodyRows = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row'));

describe('ListTable (a reference list drawn as plain rows in Ant Design classes)', () => {
  it('is a named table with column headers, a row per record keyed, and each field shown', () => {
    const { container } = render(table());
    const grid = screen.getByRole('table', { name: 'Coins' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Market', 'Actions']);
    const rows = bodyRows(container);
    expect(rows.map((row) => row.dataset.rowKey)).toEqual(['btc', 'eth']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Bitcoin', 'KRAKEN', 'act btc']);
    // A nested field the record lacks is empty here (ReferenceList shows it as '-').
    expect(within(rows[1]!).getAllByRole('cell')[1]!.textContent).toBe('');
    expect(container.querySelector('col[style*="width: 120px"]')).not.toBeNull();
  });

  it('scrolls sideways in a focusable region named after the table', () => {
    render(table());
    const region = screen.getByRole('region', { name: 'Coins, scrolls sideways' });
    expect(region.tabIndex).toBe(0);
  });

  it('keeps the last column fixed at the right, with its shadow only while more is hidden', () => {
    const { container } = render(table());
    const fixed = container.querySelectorAll('.ant-table-cell-fix-end');
    expect(fixed).toHaveLength(3); // the header and both rows
    const region = screen.getByRole('region', { name: 'Coins, scrolls sideways' });
    const root = container.querySelector('.ant-table')!;
    const size = (scrollWidth: number, clientWidth: number, scrollLeft: number) => {
      Object.defineProperty(region, 'scrollWidth', { configurable: true, value: scrollWidth });
      Object.defineProperty(region, 'clientWidth', { configurable: true, value: clientWidth });
      Object.defineProperty(region, 'scrollLeft', { configurable: true, value: scrollLeft });
      fireEvent.scroll(region);
    };
    size(1500, 1000, 0);
    expect(root.hasAttribute('data-more-right')).toBe(true);
    size(1500, 1000, 500);
    expect(root.hasAttribute('data-more-right')).toBe(false);
    size(900, 1000, 0);
    expect(root.hasAttribute('data-more-right')).toBe(false);
  });

  it('opens a row under it and closes it again, by the row and not its place', () => {
    const { container, rerender } = render(
      table({ expand: (coin) => <p>Details of {coin.name}</p> }),
    );
    const [btc] = bodyRows(container);
    const open = within(btc!).getByRole('button', { name: 'Expand row' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(container.querySelector('.ant-table-expanded-row')?.textContent).toBe(
      'Details of Bitcoin',
    );
    const close = within(btc!).getByRole('button', { name: 'Collapse row' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    // The rows change order: Bitcoin's details stay under Bitcoin.
    rerender(
      table({ rows: [...COINS].reverse(), expand: (coin) => <p>Details of {coin.name}</p> }),
    );
    const rows = container.querySelectorAll('tbody tr');
    expect(rows[1]!.getAttribute('data-row-key')).toBe('btc');
    expect(rows[2]!.textContent).toBe('Details of Bitcoin');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse row' }));
    expect(container.querySelector('.ant-table-expanded-row')).toBeNull();
  });

  it('shows no empty state while the first answer is awaited, and keeps it in view', () => {
    const { container, rerender } = render(table({ rows: [], loading: true }));
    const holder = container.querySelector<HTMLElement>('tbody tr.ant-table-placeholder td > div')!;
    expect(holder.style.visibility).toBe('hidden');
    rerender(table({ rows: [], loading: false }));
    expect(holder.style.visibility).toBe('');
    expect(holder.style.position).toBe('sticky');
  });

  it('shows the empty state of Ant Design, or the one ConfigProvider gives', () => {
    const { container, unmount } = render(table({ rows: [] }));
    const empty = container.querySelector('tbody tr.ant-table-placeholder td');
    expect(empty?.getAttribute('colspan')).toBe('3');
    expect(empty?.querySelector('.ant-empty-description')?.textContent).toBe('No data');
    unmount();
    render(
      <ConfigProvider renderEmpty={() => <span>Nothing written yet</span>}>
        <ListTable<Coin>
          label="Coins"
          rows={[]}
          columns={COLUMNS}
          rowKey={(coin) => coin.id}
          loading={false}
        />
      </ConfigProvider>,
    );
    expect(screen.getByText('Nothing written yet')).toBeTruthy();
  });

  it('is busy at once while loading, and veils the rows once the load lasts', async () => {
    const { container, rerender } = render(table({ loading: true }));
    const wrapper = container.querySelector('.ant-table-wrapper')!;
    expect(wrapper.getAttribute('aria-busy')).toBe('true');
    await waitFor(() =>
      expect(container.querySelector('.ant-table-wrapper .ant-spin-spinning')).not.toBeNull(),
    );
    rerender(table({ loading: false }));
    expect(wrapper.getAttribute('aria-busy')).toBe('false');
    await waitFor(() =>
      expect(container.querySelector('.ant-table-wrapper .ant-spin-spinning')).toBeNull(),
    );
  });

  it('shields the rows from clicks at once while loading, and only then', () => {
    const { container, rerender } = render(table({ loading: true }));
    const shield = () => container.querySelector('.dqc-list-busy');
    // Over the table, inside the veil's positioned container, and hidden from screen readers.
    expect(shield()?.parentElement?.classList.contains('ant-spin-container')).toBe(true);
    expect(shield()?.previousElementSibling?.querySelector('table')).not.toBeNull();
    expect(shield()?.getAttribute('aria-hidden')).toBe('true');
    rerender(table({ loading: false }));
    expect(shield()).toBeNull();
  });

  it('does not veil the rows for a load quicker than the veil delay', () => {
    vi.useFakeTimers();
    try {
      const { container, rerender } = render(table({ loading: true }));
      act(() => vi.advanceTimersByTime(LOADING_VEIL_DELAY_MS / 2));
      expect(container.querySelector('.ant-spin-spinning')).toBeNull();
      rerender(table({ loading: false }));
      act(() => vi.advanceTimersByTime(LOADING_VEIL_DELAY_MS * 2));
      expect(container.querySelector('.ant-spin-spinning')).toBeNull();
      expect(container.querySelector('.ant-spin-blur')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws again only the rows whose record changed', () => {
    const drawn = vi.fn((_: unknown, coin: Coin) => coin.id);
    const columns: ListColumns<Coin> = [{ title: 'Id', key: 'id', render: drawn }];
    const { rerender } = render(table({ columns }));
    expect(drawn).toHaveBeenCalledTimes(2);
    drawn.mockClear();
    act(() => {
      rerender(table({ columns, rows: [COINS[0]!, { ...COINS[1]!, name: 'Ether' }] }));
    });
    expect(drawn.mock.calls.map(([, coin]) => coin.id)).toEqual(['eth']);
  });

  it('gives a new page the elements of the rows that left; a row that stays keeps its own', () => {
    const { container, rerender } = render(table());
    const [btcRow, ethRow] = bodyRows(container);
    const SOL: Coin = { id: 'sol', name: 'Solana' };
    // Ethereum stays (now first); Bitcoin leaves and Solana takes its element.
    rerender(table({ rows: [COINS[1]!, SOL] }));
    const [first, second] = bodyRows(container);
    expect(first).toBe(ethRow);
    expect(second).toBe(btcRow);
    expect(second!.getAttribute('data-row-key')).toBe('sol');
    expect(second!.textContent).toBe('Solanaact sol');
    expect(first!.textContent).toBe('Ethereumact eth');
  });

  it('builds the buttons anew where the focus was last: it never moves to another record', () => {
    const columns: ListColumns<Coin> = [
      { title: 'Name', dataIndex: 'name' },
      { title: 'Actions', key: 'actions', render: (_, coin) => <button>Delete {coin.id}</button> },
    ];
    const expand = (coin: Coin) => <p>Details of {coin.name}</p>;
    const { container, rerender } = render(table({ columns, expand }));
    const [btcRow, ethRow] = bodyRows(container);
    const btcDelete = within(btcRow!).getByRole('button', { name: 'Delete btc' });
    const btcExpand = within(btcRow!).getByRole('button', { name: 'Expand row' });
    const ethDelete = within(ethRow!).getByRole('button', { name: 'Delete eth' });
    const btcName = btcRow!.cells[1]!;
    // Focus in Bitcoin's row, then a dialog takes it (the element is still the one to go back to).
    act(() => btcDelete.focus());
    act(() => btcDelete.blur());
    // Both leave: Solana takes Bitcoin's row element, Cardano Ethereum's.
    rerender(
      table({
        columns,
        expand,
        rows: [
          { id: 'sol', name: 'Solana' },
          { id: 'ada', name: 'Cardano' },
        ],
      }),
    );
    const [solRow, adaRow] = bodyRows(container);
    expect(solRow).toBe(btcRow);
    expect(solRow!.cells[1]).toBe(btcName);
    expect(btcDelete.isConnected).toBe(false);
    expect(within(solRow!).getByRole('button', { name: 'Expand row' })).not.toBe(btcExpand);
    // A row the focus never was in keeps its controls, rewritten.
    expect(adaRow).toBe(ethRow);
    expect(within(adaRow!).getByRole('button', { name: 'Delete ada' })).toBe(ethDelete);
  });
});

describe('cellValue', () => {
  it('reads a field or a nested path, and nothing where the record lacks it', () => {
    const coin = { name: 'Bitcoin', market: { name: 'KRAKEN' }, tags: null };
    expect(cellValue(coin, 'name')).toBe('Bitcoin');
    expect(cellValue(coin, ['market', 'name'])).toBe('KRAKEN');
    expect(cellValue(coin, ['tags', 'first'])).toBeUndefined();
    expect(cellValue(coin, ['missing', 'name'])).toBeUndefined();
    expect(cellValue(coin, undefined)).toBeUndefined();
  });
});
