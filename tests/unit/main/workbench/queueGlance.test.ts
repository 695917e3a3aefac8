import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeFailure } from '../../../../src/main/core/bridgeFailure';
import { callContext } from '../../../../src/main/core/bridge/callContext';
import { silentLogger } from '../../../../src/main/core/log';
import { createQueuesService } from '../../../../src/main/core/workbench/queueGlance';
import { providerTimeMs, type QueueRead } from '../../../../src/main/core/workbench/queueReads';
import { QueueSeenStore } from '../../../../src/main/core/workbench/queueSeen';
import { UserJournals } from '../../../../src/main/core/writes/userJournals';
import type { BridgeChannel } from '../../../../src/shared/bridge';
import type { QueueGlance } from '../../../../src/shared/workbench/queues';

/**
 * Queues at a glance in core (issue 49): each queue read with SPEC.md 7's calls, its depth, its
 * oldest record's age, its turnover over 24 hours from what this console saw and the user's own
 * journal; a queue that fails says why and the others still show; a restart keeps what was seen.
 */

const HOUR = 3_600_000;
const T0 = Date.parse('2026-12-01T12:00:00Z');
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dqc-queues-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

type Lists = Partial<Record<BridgeChannel, unknown>>;

function start(lists: Lists, clock: { now: number }) {
  const journals = new UserJournals({
    root,
    apiUrl: 'http://api.test',
    retentionDays: 30,
    log: silentLogger,
    onAppended: () => undefined,
  });
  const calls: { channel: BridgeChannel; payload: Record<string, unknown> }[] = [];
  const read: QueueRead = async (channel, payload) => {
    calls.push({ channel, payload });
    const answer = lists[channel];
    if (answer instanceof Error) throw answer;
    if (channel === 'currencies.getNewCurrencies') {
      const all = (answer ?? []) as unknown[];
      const page = payload.startIndex as number;
      return all.slice(page * 25, page * 25 + 25);
    }
    if (channel === 'currencies.countNewCurrencies')
      return ((lists['currencies.getNewCurrencies'] ?? []) as unknown[]).length;
    return answer ?? [];
  };
  const queues = createQueuesService({
    read: () => read,
    seen: new QueueSeenStore({ folderOf: (u) => journals.folderOf(u), log: silentLogger }),
    journals,
    now: () => clock.now,
  });
  const context = callContext(() => 'operator1');
  const glance = async (fresh = true) => {
    const answer = await queues.service.glance({ fresh }, context);
    return Object.fromEntries(answer.queues.map((q) => [q.id, q])) as Record<string, QueueGlance>;
  };
  return { glance, calls, journals, queues };
}

const newCurrency = (id: number, detectTime?: string) => ({
  currencyId: id,
  uniqueName: `coin-${id}`,
  name: `Coin ${id}`,
  ...(detectTime ? { detectTime } : {}),
});

describe('queues.glance', () => {
  it('reads every page of new currencies and tells the depth and the oldest detect time', async () => {
    const currencies = Array.from({ length: 60 }, (_, i) =>
      newCurrency(i + 1, new Date(T0 - (i + 1) * HOUR).toISOString()),
    );
    const { glance, calls } = start({ 'currencies.getNewCurrencies': currencies }, { now: T0 });
    const q = (await glance()).newCurrencies!;
    expect(q.depth).toBe(60);
    expect(q.oldestAt).toBe(new Date(T0 - 60 * HOUR).toISOString());
    expect(q.oldestBy).toBe('detectTime');
    // Detected within the last 24 hours: the first 24.
    expect(q.cameIn).toBe(24);
    expect(q.partial).toBe(false);
    const pages = calls.filter((c) => c.channel === 'currencies.getNewCurrencies');
    expect(pages.map((c) => c.payload.startIndex)).toEqual([0, 1, 2]);
    expect(pages[0]!.payload).toMatchObject({ currencySymbolNameOrUniqueName: '', currencyId: 0 });
  });

  it('one queue failing says why; the others still show', async () => {
    const { glance } = start(
      {
        'markets.getNewMarkets': new BridgeFailure(500, 'SERVER_ERROR', 'Market service is down'),
        'mismatches.getMismatchExplorerUrls': { not: 'a list' },
        'mismatches.getMismatchTradingPairs': [{ market: 'binance', pair: 'BTCUSDT' }],
      },
      { now: T0 },
    );
    const all = await glance();
    expect(all.newMarkets).toMatchObject({ depth: null, error: 'Market service is down' });
    expect(all.explorerUrls).toMatchObject({
      depth: null,
      error: 'The server did not answer with a list.',
    });
    expect(all.tradingPairs).toMatchObject({ depth: 1, error: null });
    expect(all.newCurrencies).toMatchObject({ depth: 0, error: null });
  });

  it('records without a detect time are aged from when this console first saw them, across a restart', async () => {
    const clock = { now: T0 };
    const urls = [
      { url: 'https://a.io', uniqueName: 'a' },
      { url: 'https://b.io', uniqueName: 'b' },
    ];
    const lists: Lists = { 'mismatches.getMismatchExplorerUrls': urls };
    const first = start(lists, clock);
    expect((await first.glance()).explorerUrls).toMatchObject({
      depth: 2,
      oldestAt: new Date(T0).toISOString(),
      oldestBy: 'firstSeen',
      cameIn: 2,
      wentOut: 0,
      watchedSince: new Date(T0).toISOString(),
    });
    // Three hours on, after a restart: one left, one came.
    clock.now = T0 + 3 * HOUR;
    lists['mismatches.getMismatchExplorerUrls'] = [
      urls[1],
      { url: 'https://c.io', uniqueName: 'c' },
    ];
    const second = start(lists, clock);
    expect((await second.glance()).explorerUrls).toMatchObject({
      depth: 2,
      oldestAt: new Date(T0).toISOString(),
      cameIn: 2,
      wentOut: 1,
    });
    // A day later the first sightings are older than the window; what left then is forgotten.
    clock.now = T0 + 28 * HOUR;
    const third = await second.glance();
    expect(third.explorerUrls).toMatchObject({ cameIn: 0, wentOut: 0, watchedSince: null });
  });

  it("counts the user's own successful writes of the last 24 hours per queue", async () => {
    const { glance, journals } = start({}, { now: T0 });
    const entry = (channel: string, outcome: 'ok' | 'failed', at: number) =>
      journals.record('operator1', {
        at: new Date(at).toISOString(),
        channel,
        call: 'x',
        area: channel.startsWith('mismatches') ? 'mismatches' : 'currencies',
        target: null,
        summary: '',
        before: null,
        outcome,
        status: outcome === 'ok' ? 200 : 500,
        message: null,
        runId: null,
      });
    await entry('currencies.saveNewCurrency', 'ok', T0 - HOUR);
    await entry('currencies.saveNewCurrency', 'failed', T0 - HOUR);
    await entry('currencies.mergeNewVersionWithOldCurrency', 'ok', T0 - 2 * HOUR);
    await entry('mismatches.deleteMismatchExplorerUrl', 'ok', T0 - HOUR);
    await entry('mismatches.deleteMismatchExplorerUrl', 'ok', T0 - 30 * HOUR);
    const all = await glance();
    expect(all.newCurrencies!.byYou).toBe(1);
    expect(all.newVersions!.byYou).toBe(1);
    expect(all.explorerUrls!.byYou).toBe(1);
    expect(all.tradingPairs!.byYou).toBe(0);
  });

  it('answers a glance of the last minute again unless fresh, and reads anew after forget()', async () => {
    const clock = { now: T0 };
    const { glance, calls, queues } = start({}, clock);
    await glance(false);
    const reads = calls.length;
    await glance(false);
    expect(calls.length).toBe(reads);
    queues.forget();
    await glance(false);
    expect(calls.length).toBe(2 * reads);
    await glance(true);
    expect(calls.length).toBe(3 * reads);
  });

  it('reads provider times without a zone on UTC', () => {
    expect(providerTimeMs('2026-12-01T10:00')).toBe(Date.parse('2026-12-01T10:00:00Z'));
    expect(providerTimeMs('2026-12-01T10:00:00+02:00')).toBe(Date.parse('2026-12-01T08:00:00Z'));
    expect(providerTimeMs('yesterday')).toBeNull();
    expect(providerTimeMs(42)).toBeNull();
  });
});
