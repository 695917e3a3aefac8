import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Currency, NewCurrency } from '../../../src/shared/api/records';
import { screenAt } from '../../../src/renderer/app/routes';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  CURRENCY_UPDATE_FIELDS,
  currencyFormValues,
  NEW_VERSION_FIELDS,
  newVersionFormValues,
} from '../../../src/renderer/features/cryptoCurrency/currencyFields';
import type { Envelope } from '../../../src/shared/bridge';
import { fail, fakeBridge, ok } from './fakeBridge';
import { fakeCataloguePage } from './fakeCatalogue';

afterEach(() => setBridge(null));

// Ant Design's style sheets make the pointer-events check (getComputedStyle up the tree on every
// click) the slowest part of these tests under jsdom; the controls here are plain buttons.
const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

const socials = {
  twitter: undefined,
  reddit: undefined,
  discord: undefined,
  telegram: undefined,
  forum: undefined,
  facebook: undefined,
};
const currency = (i: number, extra: Partial<Currency> = {}): Currency => ({
  id: i,
  currencyId: 1000 + i,
  currencyIds: [],
  rank: i,
  currency: `C${i}`,
  name: `Coin ${i}`,
  uniqueName: `coin-${i}`,
  active: true,
  searchWithCurrency: false,
  tags: ['defi'],
  unwantedUsages: ['coin mood'],
  detectTime: undefined,
  website: [],
  socials,
  marketTradingPairs: [],
  ...extra,
});
const queued = (i: number): NewCurrency => {
  return {
    ...currency(i),
    currencyId: 50_000 + i,
    detectTime: '2026-11-01T10:00:00Z',
    sameCurrencySymbolList: [],
  };
};

function renderAt(path: string, screenElement: ReactNode) {
  return render(
    <Provider store={createStore()}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>{screenElement}</MemoryRouter>
      </AntApp>
    </Provider>,
  );
}

/** The screen a route shows, from the screen registries, rendered at that route. */
async function renderScreen(path: string) {
  const Screen = await screenAt(path);
  return renderAt(path, <Screen />);
}
const header = () => screen.getByRole('status', { name: 'Result range' });

describe('currency modal configs', () => {
  it('currency update: prefilled, unique name read-only, free-text flags, tags and usages empty', () => {
    const values = currencyFormValues(currency(3, { active: false }));
    expect(values).toEqual({
      currency: 'C3',
      name: 'Coin 3',
      uniqueName: 'coin-3',
      active: 'false',
      searchWithCurrency: 'false',
      tags: [],
      unwantedUsages: [],
    });
    const byName = Object.fromEntries(CURRENCY_UPDATE_FIELDS.map((f) => [f.name, f]));
    expect(byName.uniqueName!.readOnly).toBe(true);
    expect(byName.active!.kind).toBe('flag');
    expect(byName.searchWithCurrency!.kind).toBe('flag');
    expect(byName.tags!.kind).toBe('list');
    expect(Object.keys(byName)).toEqual(Object.keys(values));
  });

  it('new version: every body field of the spec, the old currency fixed', () => {
    const { sameCurrencySymbolList: _same, ...base } = queued(1);
    const values = newVersionFormValues({
      ...base,
      currencyIds: [7],
      oldVersionCurrency: currency(9),
    });
    expect(values.oldVersionCurrency).toBe('coin-9');
    expect(NEW_VERSION_FIELDS.map((f) => f.name).sort()).toEqual(Object.keys(values).sort());
    expect(NEW_VERSION_FIELDS.find((f) => f.name === 'oldVersionCurrency')!.readOnly).toBe(true);
  });
});

describe('List Crypto Currencies', () => {
  it('pages by 50 from page 0 and goes back to page 0 on a new filter', async () => {
    const all = Array.from({ length: 120 }, (_, i) => currency(i + 1));
    const catalogue = fakeCataloguePage({
      all: () => ok(all),
      includes: (text) => ok(all.filter((c) => c.name?.includes(text))),
    });
    const bridge = fakeBridge({ 'currencies.cataloguePage': catalogue.answer });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-currencies');
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 50 ) of 120 results'));
    await userEvent.click(screen.getByText('>>'));
    await userEvent.click(screen.getByText('>>'));
    expect(header().textContent).toBe('You see ( 100 - 120 ) of 120 results');

    await userEvent.type(screen.getByLabelText('Currency Contains'), 'Coin 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 32 ) of 32 results'));
    // The filter goes to core, which searches the provider (get-currencies-includes).
    expect(bridge.invoke).toHaveBeenLastCalledWith('currencies.cataloguePage', {
      contains: 'Coin 1',
      page: 0,
      fresh: true,
    });
    expect(catalogue.read).toHaveBeenLastCalledWith('Coin 1');
  });

  it('asks core for the page shown: fresh on open, filter and Try Again, from what core holds on a page turn', async () => {
    const all = Array.from({ length: 120 }, (_, i) => currency(i + 1));
    const catalogue = fakeCataloguePage({ all: () => ok(all) });
    const bridge = fakeBridge({ 'currencies.cataloguePage': catalogue.answer });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-currencies');
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 50 ) of 120 results'));
    expect(bridge.invoke).toHaveBeenLastCalledWith('currencies.cataloguePage', {
      contains: '',
      page: 0,
      fresh: true,
    });
    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header().textContent).toBe('You see ( 50 - 100 ) of 120 results'));
    expect(screen.getByText('Coin 51')).toBeTruthy();
    expect(bridge.invoke).toHaveBeenLastCalledWith('currencies.cataloguePage', {
      contains: '',
      page: 1,
      fresh: false,
    });
    // Only the page shown crossed the bridge.
    const answers = await Promise.all(
      bridge.invoke.mock.results.map((result) => result.value as Promise<Envelope<unknown>>),
    );
    for (const answer of answers)
      if (answer.ok && answer.data && typeof answer.data === 'object' && 'rows' in answer.data)
        expect((answer.data as { rows: unknown[] }).rows.length).toBeLessThanOrEqual(50);
  });

  it('opens with one call, sent as the screen starts to render rather than once it is drawn', async () => {
    const all = Array.from({ length: 3 }, (_, i) => currency(i + 1));
    const catalogue = fakeCataloguePage({ all: () => ok(all) });
    const drawnWhenAsked: boolean[] = [];
    const bridge = fakeBridge({
      'currencies.cataloguePage': (payload) => {
        drawnWhenAsked.push(document.querySelector('[aria-label="Result range"]') !== null);
        return catalogue.answer(payload);
      },
    });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-currencies');
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 3 ) of 3 results'));
    // The list's own first call (when committed) took the opening call's answer.
    expect(drawnWhenAsked).toEqual([false]);
  });

  it('shows the page core answers when the list has shrunk below the page asked for', async () => {
    let shrunk = false;
    const all = Array.from({ length: 120 }, (_, i) => currency(i + 1));
    const catalogue = fakeCataloguePage({ all: () => ok(shrunk ? all.slice(0, 60) : all) });
    const bridge = fakeBridge({
      'currencies.cataloguePage': catalogue.answer,
      'currencies.deleteTagOfCurrency': () => {
        shrunk = true;
        return ok(currency(101));
      },
    });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-currencies');
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 50 ) of 120 results'));
    await userEvent.click(screen.getByText('>>'));
    await userEvent.click(screen.getByText('>>'));
    await waitFor(() => expect(header().textContent).toBe('You see ( 100 - 120 ) of 120 results'));
    // A removal reloads the list (SPEC.md 4): fresh, and the last page now is page 1.
    await userEvent.click(screen.getAllByRole('button', { name: /Remove tag/ })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes!' }));
    await waitFor(() => expect(header().textContent).toBe('You see ( 50 - 60 ) of 60 results'));
    expect(bridge.invoke).toHaveBeenLastCalledWith('currencies.cataloguePage', {
      contains: '',
      page: 2,
      fresh: true,
    });
  });

  it('a failed call empties the list and keeps the message; Try Again loads again', async () => {
    let failing = true;
    const catalogue = fakeCataloguePage({
      all: () =>
        failing ? fail(503, 'HTTP_ERROR', 'The configuration service is down.') : ok([currency(1)]),
    });
    const bridge = fakeBridge({ 'currencies.cataloguePage': catalogue.answer });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-currencies');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The configuration service is down.');
    expect(header().textContent).toBe('You see ( 0 - 0 ) of 0 results');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 1 ) of 1 results'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bridge.invoke).toHaveBeenLastCalledWith('currencies.cataloguePage', {
      contains: '',
      page: 0,
      fresh: true,
    });
  });
});

describe('List New Crypto Currencies', () => {
  it('asks the server for page and count, gates Save on the image check, and re-fetches both after it', async () => {
    let saved = false;
    let imageOk = false;
    const rows = Array.from({ length: 1 }, (_, i) => queued(i + 1));
    const bridge = fakeBridge({
      'currencies.countNewCurrencies': () => ok(saved ? 59 : 60),
      'currencies.getNewCurrencies': () => ok(saved ? [queued(2)] : rows),
      'currencies.checkCurrencyImage': () => ok(imageOk),
      'currencies.saveNewCurrency': () => {
        saved = true;
        return ok(currency(1));
      },
    });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-newCurrencies');
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 1 ) of 60 results'));
    expect(bridge.invoke).toHaveBeenCalledWith('currencies.getNewCurrencies', {
      currencySymbolNameOrUniqueName: '',
      currencyId: 0,
      startIndex: 0,
    });
    expect((screen.getByLabelText('Currency Id') as HTMLInputElement).value).toBe('0');

    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Save New Currency Coin 1' });
    const update = within(dialog).getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    expect(within(dialog).getByText('**Please Check Image Of Currency**')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Check Img' }));
    expect(await screen.findByText('Check Image is False')).toBeTruthy();
    expect(update.disabled).toBe(true);

    imageOk = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check Img' }));
    expect(await screen.findByText('Check Image is True')).toBeTruthy();
    await waitFor(() => expect(update.disabled).toBe(false));
    const callsBefore = bridge.invoke.mock.calls.length;
    await userEvent.click(update);
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 1 ) of 59 results'));
    // The provider's calls (each row's likely duplicates are core's own, asked again on reload).
    const after = bridge.invoke.mock.calls
      .slice(callsBefore)
      .map(([channel]) => channel as string)
      .filter((channel) => !channel.startsWith('duplicates.'));
    expect(after).toEqual([
      'currencies.saveNewCurrency',
      'currencies.countNewCurrencies',
      'currencies.getNewCurrencies',
    ]);
    expect(bridge.invoke.mock.calls[callsBefore]![1]).toMatchObject({
      currencyId: 50_001,
      uniqueName: 'coin-1',
      active: 'true',
      // The record as the list showed it goes with the write, for the journal (issue 49).
      shownRecord: {
        target: 'coin-1',
        fields: expect.objectContaining({ uniqueName: 'coin-1', currencyId: 50_001 }),
      },
    });
  });

  it('a failed count empties the list even when the page itself arrived', async () => {
    setBridge(
      fakeBridge({
        'currencies.countNewCurrencies': () => fail(500, 'server_error', 'The count failed.'),
        'currencies.getNewCurrencies': () => ok([queued(1)]),
      }),
    );
    await renderScreen('/cryptoCurrency/get-newCurrencies');
    expect((await screen.findByRole('alert')).textContent).toContain('The count failed.');
    expect(header().textContent).toBe('You see ( 0 - 0 ) of 0 results');
    expect(screen.queryByText('coin-1')).toBeNull();
  });

  it('refuses a Currency Id that is not a number without calling the server', async () => {
    const bridge = fakeBridge({
      'currencies.countNewCurrencies': () => ok(0),
      'currencies.getNewCurrencies': () => ok([]),
    });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-newCurrencies');
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 0 ) of 0 results'));
    const calls = bridge.invoke.mock.calls.length;
    await userEvent.clear(screen.getByLabelText('Currency Id'));
    await userEvent.type(screen.getByLabelText('Currency Id'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Currency Id must be a whole number')).toBeTruthy();
    expect(bridge.invoke.mock.calls.length).toBe(calls);
  });

  it("refuses a Currency Id beyond the server's integer range without calling the server", async () => {
    const bridge = fakeBridge({
      'currencies.countNewCurrencies': () => ok(0),
      'currencies.getNewCurrencies': () => ok([]),
    });
    setBridge(bridge);
    await renderScreen('/cryptoCurrency/get-newCurrencies');
    await waitFor(() => expect(header().textContent).toBe('You see ( 0 - 0 ) of 0 results'));
    const calls = bridge.invoke.mock.calls.length;
    await userEvent.clear(screen.getByLabelText('Currency Id'));
    await userEvent.type(screen.getByLabelText('Currency Id'), '123456789012345');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Currency Id is too large (at most 2147483647)')).toBeTruthy();
    expect(bridge.invoke.mock.calls.length).toBe(calls);
  });
});
