import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { forgetSuggestions } from '../../../src/renderer/domain/duplicates/suggestionsLoader';
import type { Currency, NewVersionCurrency } from '../../../src/shared/api/records';
import type { Candidate } from '../../../src/shared/workbench/duplicateChannels';
import { fail, fakeBridge, ok } from './fakeBridge';
import { renderScreenAt } from './testProviders';

/**
 * Likely duplicates and compare on a queue (issue 49): each row shows its best candidate with the
 * evidence; Compare shows both records field by field and Merge opens SPEC.md's own modal with the
 * values picked; a refused Merge keeps the picks; "Not a duplicate" goes to core and the row asks
 * again.
 */

afterEach(() => {
  setBridge(null);
  forgetSuggestions();
});

const userEvent = userEventLib.setup({ pointerEventsCheck: 0, delay: null });

const OLD = { uniqueName: 'bitcoin', name: 'Bitcoin', currency: 'BTC' } as Currency;
const VERSION = {
  id: 9,
  currencyId: 501,
  rank: 3,
  currency: 'BTC',
  name: 'Bitcoin v2',
  uniqueName: 'bitcoin-v2',
  active: true,
  searchWithCurrency: false,
  tags: ['layer1'],
  unwantedUsages: [],
  website: [],
  currencyIds: [],
  marketTradingPairs: [],
  detectTime: '2026-11-30T10:00:00Z',
  oldVersionCurrency: OLD,
} as unknown as NewVersionCurrency;

const CANDIDATE: Candidate = {
  id: 'bitcoin-core',
  score: 11,
  likely: true,
  record: {
    uniqueName: 'bitcoin-core',
    name: 'Bitcoin Core',
    currency: 'BTC',
    rank: 1,
    tags: ['pow', 'store-of-value'],
  },
  evidence: [
    { kind: 'symbol', matches: true, text: 'same symbol BTC', weight: 2 },
    { kind: 'website', matches: false, text: 'different website (a.org, b.org)', weight: -4 },
  ],
};

function renderVersions(mergeAnswers: ((payload: unknown) => ReturnType<typeof ok>)[]) {
  const merges: unknown[] = [];
  const dismissed: unknown[] = [];
  let candidates = [CANDIDATE];
  const bridge = fakeBridge({
    'currencies.getNewVersionCurrencies': () => ok([VERSION]),
    'duplicates.suggest': (payload) => {
      const { records } = payload as { records: { key: string }[] };
      return ok({
        suggestions: records.map((r) => ({ key: r.key, candidates })),
        catalogueSize: 3,
      });
    },
    'duplicates.dismiss': (payload) => {
      dismissed.push(payload);
      candidates = [];
      return ok([]);
    },
    'currencies.mergeNewVersionWithOldCurrency': (payload) => {
      merges.push(payload);
      return (mergeAnswers.shift() ?? (() => ok(null)))(payload);
    },
  });
  setBridge(bridge);
  return { bridge, merges, dismissed };
}

async function openVersions() {
  await renderScreenAt('/cryptoCurrency/get-new-version-of-currencies');
}

describe('likely duplicates on a queue', () => {
  it('shows the best candidate with its evidence for and against', async () => {
    const { bridge } = renderVersions([]);
    await openVersions();
    const cell = await screen.findByRole('button', { name: /Likely.*Bitcoin Core/ });
    expect(bridge.invoke).toHaveBeenCalledWith('duplicates.suggest', {
      kind: 'currency',
      records: [
        expect.objectContaining({ uniqueName: 'bitcoin-v2', name: 'Bitcoin v2', currency: 'BTC' }),
      ],
    });
    await userEvent.click(cell);
    const evidence = await screen.findByRole('list', {
      name: 'Evidence for Bitcoin Core (bitcoin-core)',
    });
    expect(
      within(evidence)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([' For: same symbol BTC', ' Against: different website (a.org, b.org)']);
  });

  it('Merge opens from Compare with the picked values; a refused Merge keeps the picks; the body carries them exactly', async () => {
    const { merges } = renderVersions([
      () => fail(500, 'HTTP_ERROR', 'The configuration service is down.'),
    ]);
    await openVersions();
    await userEvent.click(await screen.findByRole('button', { name: /Likely.*Bitcoin Core/ }));
    const candidates = await screen.findByRole('list', { name: 'Likely duplicates' });
    await userEvent.click(within(candidates).getByRole('button', { name: 'Compare' }));
    const compare = await screen.findByRole('table', { name: 'Compare' });
    // The differing fields are marked.
    const nameRow = within(compare).getByRole('row', { name: /^Name/ });
    expect(nameRow.textContent).toContain('differs');
    await userEvent.click(within(compare).getByRole('radio', { name: 'Name: catalogue value' }));
    await userEvent.click(within(compare).getByRole('radio', { name: 'Tags: catalogue value' }));
    // The dialog holding the compare table (under jsdom every Ant Design title has one id).
    const compareDialog = () =>
      screen.getByRole('table', { name: 'Compare' }).closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.click(within(compareDialog()).getByRole('button', { name: 'Merge' }));
    const mergeDialog = async () =>
      (
        await screen.findByText('Merge new Version Currency With Old Currency')
      ).closest<HTMLElement>('[role="dialog"]')!;
    const dialog = await mergeDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty(
      'value',
      'Bitcoin Core',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await within(dialog).findByText('The configuration service is down.');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty(
      'value',
      'Bitcoin Core',
    );
    // Closed after the refusal: back to the compare view, the picks as they were.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const again = await screen.findByRole('table', { name: 'Compare' });
    expect(within(again).getByRole('radio', { name: 'Name: catalogue value' })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(compareDialog()).getByRole('button', { name: 'Merge' }));
    const second = await mergeDialog();
    await userEvent.click(within(second).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(merges).toHaveLength(2));
    expect(merges[1]).toEqual({
      currencyId: 501,
      rank: 3,
      currency: 'BTC',
      name: 'Bitcoin Core',
      uniqueName: 'bitcoin-v2',
      active: 'true',
      searchWithCurrency: 'false',
      tags: ['pow', 'store-of-value'],
      unwantedUsages: [],
      // Merge goes into the old version the queue names, whatever was picked from.
      oldVersionCurrency: 'bitcoin',
      // The journal keeps the detected record as the list showed it, not the picks.
      shownRecord: {
        target: 'bitcoin-v2',
        fields: expect.objectContaining({ name: 'Bitcoin v2', uniqueName: 'bitcoin-v2' }),
      },
    });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Compare' })).toBeNull());
  });

  it('"Not a duplicate" tells core the pair and the row asks again', async () => {
    const { dismissed, bridge } = renderVersions([]);
    await openVersions();
    await userEvent.click(await screen.findByRole('button', { name: /Likely.*Bitcoin Core/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Not a duplicate' }));
    await waitFor(() =>
      expect(dismissed).toEqual([
        { kind: 'currency', detected: 'bitcoin-v2', catalogue: 'bitcoin-core' },
      ]),
    );
    await screen.findByText(/Bitcoin Core \(bitcoin-core\): not a duplicate/);
    expect(bridge.invoke.mock.calls.filter(([c]) => c === 'duplicates.suggest')).toHaveLength(2);
  });
});

describe('Match from Compare on the mismatched explorer urls', () => {
  it('opens by its key, and Match sends the unique name picked from the catalogue', async () => {
    const matches: unknown[] = [];
    setBridge(
      fakeBridge({
        'mismatches.getMismatchExplorerUrls': () =>
          ok([
            {
              url: 'https://etherscan.io/token/0xabc',
              uniqueName: 'bitcoin-old',
              name: 'Bitcoin',
              specific: false,
            },
          ]),
        'duplicates.suggest': (payload) => {
          const { records } = payload as { records: { key: string }[] };
          return ok({
            suggestions: records.map((r) => ({ key: r.key, candidates: [CANDIDATE] })),
            catalogueSize: 3,
          });
        },
        'mismatches.matchMismatchExplorerUrl': (payload) => {
          matches.push(payload);
          return ok(null);
        },
      }),
    );
    await renderScreenAt('/mismatches/get-explorerUrls');
    await screen.findByText('https://etherscan.io/token/0xabc');
    await userEvent.keyboard('jo');
    const compare = await screen.findByRole('table', { name: 'Compare' });
    await within(compare).findByRole('radio', { name: 'Unique Name: catalogue value' });
    await userEvent.click(
      within(compare).getByRole('radio', { name: 'Unique Name: catalogue value' }),
    );
    const dialog = compare.closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Match' }));
    const form = (await screen.findByText('Match Explorer Url')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(within(form).getByRole('textbox', { name: 'Unique Name' })).toHaveProperty(
      'value',
      'bitcoin-core',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(matches).toHaveLength(1));
    expect(matches[0]).toMatchObject({
      uniqueName: 'bitcoin-core',
      url: 'https://etherscan.io/token/0xabc',
      name: 'Bitcoin',
      isSpecific: 'false',
      shownRecord: { target: 'https://etherscan.io/token/0xabc' },
    });
  });
});
