import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { ageText } from '../../../src/renderer/features/queues/queueTexts';
import type { QueueGlance, QueuesGlance } from '../../../src/shared/workbench/queues';
import { appInfo, fakeBridge, ok, signedIn } from './fakeBridge';

/**
 * Queues at a glance (issue 49): the screen lists every queue with its depth, oldest age, turnover
 * and own writes, each linking to its list; a queue core could not read says why in its row while
 * the others show; the side menu shows the depths of the areas holding queues.
 */

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => setBridge(null));

const READ_AT = '2026-12-01T12:00:00.000Z';
const queue = (id: QueueGlance['id'], fields: Partial<QueueGlance>): QueueGlance => ({
  id,
  depth: 0,
  oldestAt: null,
  oldestBy: null,
  cameIn: 0,
  wentOut: 0,
  byYou: 0,
  watchedSince: null,
  partial: false,
  error: null,
  ...fields,
});

const GLANCE: QueuesGlance = {
  readAt: READ_AT,
  queues: [
    queue('newCurrencies', {
      depth: 12,
      oldestAt: '2026-11-28T08:00:00.000Z',
      oldestBy: 'detectTime',
      cameIn: 5,
      wentOut: 3,
      byYou: 2,
    }),
    queue('newVersions', {
      depth: 3,
      oldestAt: '2026-12-01T09:30:00.000Z',
      oldestBy: 'detectTime',
    }),
    queue('newMarkets', {
      depth: null,
      cameIn: null,
      wentOut: null,
      error: 'Market service is down',
    }),
    queue('tradingPairs', { depth: 0 }),
    queue('explorerUrls', {
      depth: 7,
      oldestAt: '2026-12-01T10:00:00.000Z',
      oldestBy: 'firstSeen',
      watchedSince: '2026-12-01T10:00:00.000Z',
    }),
  ],
};

let dismissed: unknown[] = [];
const restored: unknown[] = [];

function renderQueues() {
  const bridge = fakeBridge({
    'app.info': () => ok({ ...appInfo, demo: false }),
    'session.get': () => ok(signedIn),
    'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
    'extensions.get': () => ok([]),
    'queues.glance': () => ok(GLANCE),
    'duplicates.dismissed': () => ok(dismissed),
    'duplicates.restore': (payload) => {
      restored.push(payload);
      dismissed = [];
      return ok([]);
    },
  });
  window.location.hash = '#/queues';
  setBridge(bridge);
  render(<App />);
  return bridge;
}

describe('the Queues screen', () => {
  it('shows each queue with its depth, age and turnover, linking to its list', async () => {
    const bridge = renderQueues();
    const table = await screen.findByRole('table', { name: 'Queues' });
    const row = await within(table).findByRole('row', { name: /New currencies/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['New currencies', '12', '3 d 4 h', '5', '3', '2']);
    expect(within(row).getByRole('link', { name: 'New currencies' }).getAttribute('href')).toBe(
      '#/cryptoCurrency/get-newCurrencies',
    );
    const urls = within(table).getByRole('row', { name: /Mismatched explorer urls/ });
    expect(urls.textContent).toMatch('2 h (first seen here)');
    expect(urls.textContent).toMatch(/watched since/);
    // The screen asks core to read every queue now.
    expect(bridge.invoke).toHaveBeenCalledWith('queues.glance', { fresh: true });
  });

  it('a queue that could not be read says why in its row; the others still show', async () => {
    renderQueues();
    const table = await screen.findByRole('table', { name: 'Queues' });
    const markets = await within(table).findByRole('row', { name: /New markets/ });
    expect(markets.textContent).toMatch('Could not be read: Market service is down');
    expect(within(table).getByRole('row', { name: /New versions/ }).textContent).toMatch('3');
  });

  it('the side menu shows how many records wait in each area holding queues', async () => {
    renderQueues();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => within(nav).getByTestId('depth /cryptoCurrency'));
    const currency = within(nav).getByTestId('depth /cryptoCurrency');
    expect(currency.textContent).toMatch('15');
    expect(currency.textContent).toMatch('New currencies: 12, New versions of currencies: 3');
    // The market queue could not be read: its area's sum is marked.
    expect(within(nav).getByTestId('depth /market').textContent).toMatch('0!');
    expect(within(nav).getByTestId('depth /mismatches').textContent).toMatch('7');
    expect(within(nav).getByTestId('depth /queues').textContent).toMatch('22!');
    // The links keep their names.
    expect(within(nav).getByRole('link', { name: 'Crypto Currency' }).textContent).toBe(
      'Crypto Currency',
    );
  });
});

describe('Not duplicates on the Queues screen', () => {
  it('lists the pairs the user dismissed, and Undo gives one back to the suggestions', async () => {
    dismissed = [
      {
        kind: 'currency',
        detected: 'bitcoin-v2',
        catalogue: 'bitcoin',
        at: '2026-12-01T11:00:00Z',
      },
    ];
    renderQueues();
    const table = await screen.findByRole('table', { name: 'Not duplicates' });
    const row = await within(table).findByRole('row', { name: /bitcoin-v2/ });
    expect(row.textContent).toMatch('Currencybitcoin-v2bitcoinyou');
    within(row).getByRole('button', { name: 'Undo' }).click();
    await waitFor(() =>
      expect(restored).toEqual([
        { kind: 'currency', detected: 'bitcoin-v2', catalogue: 'bitcoin' },
      ]),
    );
    await within(table).findByText('No pair has been dismissed.');
  });
});

describe('ageText', () => {
  it('tells an age as an operator reads it', () => {
    expect(ageText(20_000)).toBe('under a minute');
    expect(ageText(45 * 60_000)).toBe('45 min');
    expect(ageText(5 * 3_600_000 + 10 * 60_000)).toBe('5 h 10 min');
    expect(ageText(2 * 3_600_000)).toBe('2 h');
    expect(ageText(76 * 3_600_000)).toBe('3 d 4 h');
  });
});
