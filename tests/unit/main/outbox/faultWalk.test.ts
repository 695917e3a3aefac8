import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../../src/main/core/createCore';
import { DEFAULT_SETTINGS } from '../../../../src/main/core/settings';
import { isWaitingAnswer, type OutboxView } from '../../../../src/shared/outbox';
import type { JournalPage } from '../../../../src/shared/journal';
import {
  BACKENDS,
  callerOf,
  coreFor,
  signedIn,
  type BackendKind,
} from '../../../support/coreBackends';
import {
  dataCalls,
  fault,
  startFaultProxy,
  type Fault,
  type FaultProxy,
} from '../../../support/faultProxy';
import { startSpecProvider } from '../../../support/specProvider';
import { startTestServer } from '../../../support/testServer';
import { mulberry32 } from '../../../support/quality/auditPopulation';

/**
 * The fault walk (issue 50): a fault proxy between core and the server drops, hangs, resets and
 * answers 503 in random windows while a scripted reviewer makes 500 decisions, and core is killed
 * and started again once in the middle. Afterwards the server holds each decision exactly once and
 * in the order made for each item; none is lost, none applied twice; and no decision was shown as
 * done (answered without "waiting") that had not landed. Against our server and the spec-only
 * stand-in.
 */

/** Named in the test's title too. */
const DECISIONS = 500;
/** States are waited for, never times: the outbox rests a second or two between tries. */
const WAIT = { timeout: 60_000, interval: 50 };
const ITEMS = 30;
const KILL_AT = 250;

const FAULTS: (() => Fault)[] = [
  fault.reset,
  fault.dropAnswer,
  fault.hang,
  () => fault.status(503),
];

/**
 * Switches faults on and off until stopped: a fault for the data calls (never the sign-in) for 50
 * to 250 ms, each kind in turn, then a calm spell of 300 to 1,000 ms.
 */
function faultWindows(proxy: FaultProxy, random: () => number) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const windows: string[] = [];
  const next = (faulty: boolean) => {
    if (stopped) return;
    if (faulty) {
      const chosen = FAULTS[windows.length % FAULTS.length]!();
      windows.push(chosen.kind);
      proxy.set(chosen, { when: dataCalls });
    } else proxy.set(fault.none());
    timer = setTimeout(() => next(!faulty), faulty ? 50 + random() * 200 : 300 + random() * 700);
  };
  next(false);
  return {
    windows,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      proxy.set(fault.none());
    },
  };
}

interface Card {
  id: number;
  tweetId: string;
  twitterUserName: string;
  selected: boolean | null;
  reviewedBy: string | null;
  version?: number;
}

const FILTER = {
  filterType: 'tweets',
  currencies: [],
  keyword: null,
  keywordType: null,
  fromDate: '2000-01-01',
  toDate: '2100-01-01',
  isEliminated: 'null',
  isManuallyChanged: 'null',
  isReviewed: 'null',
  sortBy: 'desc',
} as const;

async function startUpstream(kind: BackendKind) {
  if (kind === 'spec provider') return startSpecProvider();
  return startTestServer('pglite');
}

async function cardsOf(direct: Core): Promise<Card[]> {
  const cards: Card[] = [];
  for (let page = 0; cards.length < ITEMS; page += 1) {
    const envelope = await direct.dispatch('review.filter', { ...FILTER, startIndex: page });
    if (!envelope.ok) throw new Error(envelope.error.message);
    const rows = envelope.data as Record<string, unknown>[];
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.eliminatedBySimilarity === true || row.eliminatedByQuotedPost === true) continue;
      cards.push({
        id: Number(row.id),
        tweetId: String(row.tweetId),
        twitterUserName: String(row.twitterUserName ?? ''),
        selected: typeof row.selected === 'boolean' ? row.selected : null,
        reviewedBy: typeof row.reviewedBy === 'string' ? row.reviewedBy : null,
        ...(typeof row.version === 'number' ? { version: row.version } : {}),
      });
    }
  }
  return cards.slice(0, ITEMS);
}

const selectedOn = async (direct: Core, id: number): Promise<boolean | null> => {
  const envelope = await direct.dispatch('review.findById', { filterType: 'tweets', id });
  if (!envelope.ok) throw new Error(envelope.error.message);
  const selected = (envelope.data as { selected?: unknown }).selected;
  return typeof selected === 'boolean' ? selected : null;
};

/** A card's Select or Eliminate, whichever flips it, as the card shows it; the card then shows it made. */
async function decideOn(core: Core, card: Card) {
  const kase = card.selected === false ? 'manually-select' : 'manually-eliminate';
  const envelope = await core.dispatch('review.manualChange', {
    filterType: 'tweets',
    case: kase,
    tweetId: card.tweetId,
    twitterUserName: card.twitterUserName,
    keyword: null,
    keywordType: null,
    unwantedUsage: null,
    shown: {
      id: card.id,
      selected: card.selected,
      reviewedBy: card.reviewedBy,
      ...(card.version === undefined ? {} : { version: card.version }),
    },
  });
  card.selected = kase === 'manually-select';
  delete card.version;
  return { kase, envelope };
}

const isDecisionWrite = ({ method, path }: { method: string; path: string }) =>
  method === 'PUT' && path.startsWith('/twitter-service/manually-');

/** The decisions on a tweet that reached the server and were answered 2xx there, in order. */
function landedOn(proxy: FaultProxy, tweetId: string): string[] {
  return proxy.log
    .filter(
      (r) =>
        isDecisionWrite(r) &&
        r.upstreamStatus !== undefined &&
        r.upstreamStatus >= 200 &&
        r.upstreamStatus < 300 &&
        (JSON.parse(r.body ?? '{}') as { tweetId?: unknown }).tweetId === tweetId,
    )
    .map((r) => r.path.split('/').pop()!);
}

const outboxOf = async (core: Core): Promise<OutboxView> => {
  const envelope = await core.dispatch('outbox.view', undefined);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.data as OutboxView;
};

describe.each(BACKENDS)('the fault walk against the %s', (kind) => {
  it('500 decisions through drops, hangs, resets and 503s, with a kill in the middle', async () => {
    const upstream = await startUpstream(kind);
    const proxy = await startFaultProxy(upstream.url);
    const dataDir = await mkdtemp(join(tmpdir(), 'dqc-fault-walk-'));
    // A decision gives up on its answer after 1 s (15 s by default), so that a hang is short.
    const settings = { ...DEFAULT_SETTINGS, requestTimeoutSeconds: 1 };
    const startConsole = () => signedIn(coreFor(proxy.url, { dataDir, settings }), 'reviewer2');
    // The truth, read around the proxy.
    const direct = await signedIn(coreFor(upstream.url), 'reviewer2');
    let core = await startConsole();
    const random = mulberry32(50);
    const cards = await cardsOf(direct);
    expect(cards).toHaveLength(ITEMS);
    const made = new Map<number, string[]>(cards.map((card) => [card.id, []]));
    const shownDone: { id: number; selected: boolean | null; onServer: boolean | null }[] = [];
    let waited = 0;
    const windows = faultWindows(proxy, random);
    try {
      for (let i = 0; i < DECISIONS; i += 1) {
        if (i === KILL_AT) {
          // Killed: nothing more is sent or kept; what the old process had on the wire lands or
          // not before the new one starts, as it would after a real kill.
          await core.close();
          await vi.waitFor(() => expect(proxy.pendingUpstream()).toBe(0), { timeout: 30_000 });
          core = await startConsole();
        }
        // The reviewer reads the next card for a moment (0 to 30 ms here, seconds on a shift), so
        // that the walk spans many windows of faults.
        await new Promise((resolve) => setTimeout(resolve, random() * 30));
        const card = cards[Math.floor(random() * cards.length)]!;
        const { kase, envelope } = await decideOn(core, card);
        // No decision of this walk may be refused: each is made over the card's own last one.
        if (!envelope.ok) throw new Error(`decision ${i} refused: ${envelope.error.message}`);
        made.get(card.id)!.push(kase);
        // The card shows it as made, waiting or not; the next decision is made over it.
        if (isWaitingAnswer(envelope.data)) waited += 1;
        else
          shownDone.push({
            id: card.id,
            selected: card.selected,
            onServer: await selectedOn(direct, card.id),
          });
      }
    } finally {
      windows.stop();
    }

    // Once the provider answers for good, everything waiting goes out.
    await vi.waitFor(
      async () => {
        const view = await outboxOf(core);
        expect(view.writes.filter((w) => w.state !== 'waiting' && w.state !== 'sending')).toEqual(
          [],
        );
        expect(view.writes).toEqual([]);
      },
      { timeout: 120_000, interval: 200 },
    );

    // Faults of every kind did happen, and some decisions waited.
    expect(new Set(windows.windows).size).toBe(FAULTS.length);
    expect(waited).toBeGreaterThan(0);
    // Nothing shown as done had not landed.
    expect(shownDone.filter((d) => d.onServer !== d.selected)).toEqual([]);
    // Each decision reached the server exactly once, in the order made for its item.
    for (const card of cards)
      expect(landedOn(proxy, card.tweetId), `tweet ${card.id}`).toEqual(made.get(card.id));
    // And the server holds each item as its last decision left it.
    for (const card of cards) {
      const last = made.get(card.id)!.at(-1);
      if (last) expect(await selectedOn(direct, card.id)).toBe(last === 'manually-select');
    }

    await core.close();
    await direct.close();
    await proxy.close();
    await upstream.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 240_000);
});

describe.each(BACKENDS)('a lost answer against the %s', (kind) => {
  it('a decision that landed before its answer was lost is not sent again; one that never arrived is', async () => {
    const upstream = await startUpstream(kind);
    const proxy = await startFaultProxy(upstream.url);
    const settings = { ...DEFAULT_SETTINGS, requestTimeoutSeconds: 1 };
    const direct = await signedIn(coreFor(upstream.url), 'reviewer2');
    const core = await signedIn(coreFor(proxy.url, { settings }), 'reviewer2');
    try {
      const [landed, lost] = await cardsOf(direct);
      // Its write reaches the server, which writes it; its answer never comes back.
      proxy.set(fault.dropAnswer(), { when: isDecisionWrite, times: 1 });
      const first = await decideOn(core, landed!);
      expect(first.envelope.ok && isWaitingAnswer(first.envelope.data)).toBe(true);
      await vi.waitFor(async () => expect((await outboxOf(core)).writes).toEqual([]), WAIT);
      expect(landedOn(proxy, landed!.tweetId)).toEqual([first.kase]);
      expect(proxy.log.filter(isDecisionWrite)).toHaveLength(1);

      // Its write is cut off before it reaches the server: sent again, once.
      proxy.set(fault.reset(), { when: isDecisionWrite, times: 1 });
      const second = await decideOn(core, lost!);
      expect(second.envelope.ok && isWaitingAnswer(second.envelope.data)).toBe(true);
      await vi.waitFor(async () => expect((await outboxOf(core)).writes).toEqual([]), WAIT);
      expect(landedOn(proxy, lost!.tweetId)).toEqual([second.kase]);
      expect(proxy.log.filter(isDecisionWrite)).toHaveLength(3);

      const journal = (await callerOf(core)('journal.list', {})) as JournalPage;
      expect(journal.entries.map((e) => [e.target, e.outcome, e.message])).toEqual([
        [`tweet ${lost!.id}`, 'ok', 'Sent from the outbox.'],
        [
          `tweet ${landed!.id}`,
          'ok',
          'Sent from the outbox: its first answer was lost; read again, it had landed.',
        ],
      ]);
    } finally {
      core.halt();
      await proxy.close();
      await upstream.close();
    }
  }, 120_000);
});
