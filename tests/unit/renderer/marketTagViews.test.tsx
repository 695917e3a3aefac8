import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { screenAt } from '../../../src/renderer/app/routes';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { usagesFromText } from '../../../src/renderer/features/cryptoTag/cryptoTagFields';
import {
  MARKET_UPDATE_FIELDS,
  marketFormValues,
} from '../../../src/renderer/features/market/marketFields';
import { fail, fakeBridge, ok } from './fakeBridge';
import { TestProviders } from './testProviders';

afterEach(() => setBridge(null));
const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

function renderAt(path: string, element: ReactNode) {
  return render(
    <TestProviders store={createStore()}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </TestProviders>,
  );
}

/** The screen a route shows, from the screen registries, rendered at that route. */
async function renderScreen(path: string) {
  const Screen = await screenAt(path);
  return renderAt(path, <Screen />);
}
const header = () => screen.getByLabelText('Result range').textContent;

describe('market forms', () => {
  it('update: prefilled from the row, ids read-only, flags free text, lists start empty', () => {
    const values = marketFormValues({
      marketId: 7,
      uniqueName: 'kraken',
      name: 'Kraken',
      search: true,
      active: false,
      unwantedUsages: ['kraken monster'],
      tags: ['cex'],
    });
    expect(values).toEqual({
      marketId: 7,
      uniqueName: 'kraken',
      name: 'Kraken',
      search: 'true',
      active: 'false',
      unwantedUsages: [],
      tags: [],
    });
    const byName = Object.fromEntries(MARKET_UPDATE_FIELDS.map((f) => [f.name, f]));
    expect(byName.marketId!.readOnly).toBe(true);
    expect(byName.uniqueName!.readOnly).toBe(true);
    expect(byName.search!.kind).toBe('flag');
    expect(Object.keys(byName).sort()).toEqual(Object.keys(values).sort());
  });

  it('lists markets from the includes call, with the filter text and "-" for what is missing', async () => {
    const bridge = fakeBridge({
      'markets.getMarketsIncludes': () =>
        ok([{ marketId: 1, name: 'Binance', unwantedUsages: [], tags: ['cex'] }]),
    });
    setBridge(bridge);
    await renderScreen('/market/get-markets');
    await waitFor(() => expect(header()).toBe('You see ( 0 - 1 ) of 1 results'));
    expect(bridge.invoke).toHaveBeenCalledWith('markets.getMarketsIncludes', { text: '' });
    const row = screen.getByText('Binance').closest('tr')!;
    // The unique name, search and active were not sent.
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 5)).toEqual([
      '1',
      'Binance',
      '-',
      '-',
      '-',
    ]);
  });
});

describe('Add Crypto Tag', () => {
  it('reads usages written with commas', () => {
    expect(usagesFromText(' staking, yield ,,defi ')).toEqual(['staking', 'yield', 'defi']);
    expect(usagesFromText(undefined)).toEqual([]);
  });

  it('checks the free-text flags beside the field, keeps what was typed when refused, then adds', async () => {
    let refuse = true;
    const bridge = fakeBridge({
      'tags.getCryptoTagsIncludes': () => ok([]),
      'tags.addCryptoTag': () =>
        refuse ? fail(409, 'duplicate', 'The crypto tag "restaking" already exists.') : ok(null),
    });
    setBridge(bridge);
    await renderScreen('/cryptoTag');
    await waitFor(() => expect(header()).toBe('You see ( 0 - 0 ) of 0 results'));
    await userEvent.click(screen.getByRole('tab', { name: 'Add Crypto Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Crypto Tag' });
    const box = (label: string) => dialog.querySelector<HTMLInputElement>(`input#${label}`)!;
    await userEvent.type(box('name'), 'Restaking');
    await userEvent.type(box('uniqueName'), 'restaking');
    await userEvent.type(box('usages'), 'restaking, liquid restaking');
    await userEvent.type(box('search'), 'yes');
    await userEvent.type(box('displayOnApps'), 'TRUE');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Search must be true or false')).toBeTruthy();
    expect(bridge.invoke).not.toHaveBeenCalledWith('tags.addCryptoTag', expect.anything());

    await userEvent.clear(box('search'));
    await userEvent.type(box('search'), 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The crypto tag "restaking" already exists.')).toBeTruthy();
    expect(box('usages').value).toBe('restaking, liquid restaking');

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Crypto Tag' })).toBeNull(),
    );
    expect(bridge.invoke).toHaveBeenLastCalledWith('tags.getCryptoTagsIncludes', { text: '' });
    expect(bridge.invoke).toHaveBeenCalledWith('tags.addCryptoTag', {
      name: 'Restaking',
      uniqueName: 'restaking',
      usages: ['restaking', 'liquid restaking'],
      search: 'false',
      displayOnApps: 'TRUE',
    });
  });
});
