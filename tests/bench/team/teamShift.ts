/**
 * One arm of the team scenario: `reviewers` reviewers on one Review filter for `minutes`, each
 * deciding an item of its page every 1 to 2 seconds (a card's Select or Eliminate, with the
 * version its card showed as If-Match, as core sends it to a server offering conditional writes)
 * and reading its page again after each decision, as the console does. With claims, the page is
 * the work queue's (the reviewer's own leases first, then items nobody holds) and one time in ten
 * the reviewer leaves the page for the next one; without, it is SPEC.md 7's filter page, which
 * every reviewer shares. Every reviewer listens to the item-events stream: the time from a
 * decision sent to its event reaching each other reviewer is the event latency.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ItemEvent } from '../../../src/shared/api/liveEvents';
import { listenToItems } from './eventListener';
import type { ReviewerClient } from './reviewerClient';
import { HoldBook, type AcceptedDecision } from './teamLedger';

/** A card as the team scenario needs it. */
interface Card {
  id: number;
  tweetId: string;
  twitterUserName: string;
  version: number;
}

export interface ShiftOutcome {
  /** Decisions answered 200, with what they wrote. */
  accepted: AcceptedDecision[];
  /** Decisions refused because the item had changed since its card was drawn (412). */
  conflicts: number;
  /** Calls answered otherwise (neither 200 nor 412), with the first's answer. */
  failed: number;
  firstFailure: string | null;
  /** Items handed to two reviewers at once (queue pages only). */
  doubleHeld: number;
  /** Decision sent to its event read by another reviewer (ms), one sample per other reviewer. */
  eventLatencies: number[];
  /** Pages taken (queue or filter). */
  pages: number;
}

/** The Review filter both arms work on: items nobody has decided yet, newest first. */
const FILTER = { isManuallyChanged: 'false', sortBy: 'desc' } as const;

const cardsOf = (body: unknown): Card[] => {
  const items = Array.isArray(body) ? body : (body as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as Card[]) : [];
};

export async function runShift(options: {
  clients: readonly ReviewerClient[];
  claims: boolean;
  minutes: number;
  log: (line: string) => void;
}): Promise<ShiftOutcome> {
  const { clients, claims, minutes, log } = options;
  const holds = new HoldBook();
  const outcome: ShiftOutcome = {
    accepted: [],
    conflicts: 0,
    failed: 0,
    firstFailure: null,
    doubleHeld: 0,
    eventLatencies: [],
    pages: 0,
  };
  const sentAt = new Map<string, number>();
  const heard = (listener: string) => (event: ItemEvent) => {
    if (event.who === listener || event.kind !== 'tweets') return;
    const sent = sentAt.get(`${event.id}:${event.who}`);
    if (sent !== undefined) outcome.eventLatencies.push(performance.now() - sent);
  };
  const listeners = await Promise.all(
    clients.map((client) => listenToItems(client, heard(client.username))),
  );
  const failure = (what: string, status: number, body: unknown) => {
    outcome.failed++;
    outcome.firstFailure ??= `${what}: ${status} ${JSON.stringify(body).slice(0, 200)}`;
  };

  async function takePage(client: ReviewerClient, leave: number[]): Promise<Card[]> {
    outcome.pages++;
    if (claims) holds.letGo(client.username, leave);
    const answer = claims
      ? await client.send('POST', '/dqc-extensions/twitter-service/queue', { ...FILTER, leave })
      : await client.send('POST', '/twitter-service/filter', { ...FILTER, startIndex: 0 });
    if (answer.status !== 200) {
      failure(claims ? 'queue page' : 'filter page', answer.status, answer.body);
      return [];
    }
    const cards = cardsOf(answer.body);
    if (claims)
      holds.handedOut(
        client.username,
        cards.map((card) => card.id),
      );
    return cards;
  }

  async function decide(client: ReviewerClient, card: Card): Promise<void> {
    const select = Math.random() < 0.5;
    if (claims) holds.letGo(client.username, [card.id]);
    sentAt.set(`${card.id}:${client.username}`, performance.now());
    const answer = await client.send(
      'PUT',
      `/twitter-service/${select ? 'manually-select' : 'manually-eliminate'}`,
      {
        tweetId: card.tweetId,
        twitterUserName: card.twitterUserName,
        keyword: null,
        keywordType: 'NO_FILTER',
        unwantedUsage: null,
        reviewedBy: client.username,
      },
      { 'if-match': `"${card.version}"` },
    );
    if (answer.status === 200) {
      const written = answer.body as { version: number };
      outcome.accepted.push({
        id: card.id,
        reviewer: client.username,
        selected: select,
        version: written.version,
      });
    } else if (answer.status === 412) outcome.conflicts++;
    else failure('decision', answer.status, answer.body);
  }

  const end = performance.now() + minutes * 60_000;
  async function reviewer(client: ReviewerClient, index: number): Promise<void> {
    // The reviewers start spread over the first second, as people do.
    await sleep(Math.floor((index / clients.length) * 1000));
    let page = await takePage(client, []);
    while (performance.now() < end) {
      await sleep(1000 + Math.random() * 1000);
      if (page.length === 0) {
        page = await takePage(client, []);
        continue;
      }
      if (claims && Math.random() < 0.1) {
        page = await takePage(
          client,
          page.map((card) => card.id),
        );
        continue;
      }
      // With claims the page is the reviewer's own: the first card. Without, reviewers on one
      // filter pick among the same twenty cards.
      const card = claims ? page[0]! : page[Math.floor(Math.random() * page.length)]!;
      await decide(client, card);
      page = await takePage(client, []);
    }
  }
  const progress = setInterval(
    () =>
      log(
        `  ${claims ? 'with claims' : 'without claims'}: ${outcome.accepted.length} decisions, ${outcome.conflicts} refused as conflicts, ${outcome.failed} failed`,
      ),
    30_000,
  );
  try {
    await Promise.all(clients.map((client, index) => reviewer(client, index)));
    if (claims) {
      // What the reviewers still hold is left for the next arm's filter to find.
      await Promise.all(
        clients.map((client) => client.send('POST', '/dqc-extensions/claims/release-mine')),
      );
    }
    // Events still on their way are given a moment to land before the streams close.
    await sleep(1000);
  } finally {
    clearInterval(progress);
    listeners.forEach((listener) => listener.close());
  }
  outcome.doubleHeld = holds.doubleHeld;
  return outcome;
}
