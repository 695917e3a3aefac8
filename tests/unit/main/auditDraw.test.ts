import { describe, expect, it } from 'vitest';
import { allocate } from '../../../src/main/core/audit/allocation';
import { callLimit } from '../../../src/main/core/audit/callLimit';
import { StratumDraw } from '../../../src/main/core/audit/stratumDraw';
import { auditWindowOf } from '../../../src/main/core/audit/auditWindow';
import { drawSample } from '../../../src/main/core/audit/drawSample';
import type { FilterType, ReviewFilterBody } from '../../../src/shared/bodies/review';
import type { ReviewItem } from '../../../src/shared/api/records';
import { REVIEW_PAGE_SIZE } from '../../../src/shared/constants';

/**
 * The pieces of an audit draw without a provider: how a sample's size is split across strata, how
 * one stratum is drawn over its pages, the window's defaults, and the bound on calls in flight.
 */

const sizes = (entries: [string, number][]) => new Map(entries);

describe('splitting a sample across strata', () => {
  it('gives each stratum an equal share, the remainder to the first ones', () => {
    const shares = allocate(
      10,
      sizes([
        ['a', 100],
        ['b', 100],
        ['c', 100],
        ['d', 100],
      ]),
    );
    expect([...shares.values()]).toEqual([3, 3, 2, 2]);
  });

  it('never gives a stratum more than it holds, and splits what it cannot take among the others', () => {
    const shares = allocate(
      200,
      sizes([
        ['a', 1000],
        ['b', 7],
        ['c', 0],
        ['d', 60],
      ]),
    );
    expect(Object.fromEntries(shares)).toEqual({ a: 133, b: 7, c: 0, d: 60 });
  });

  it('takes every item when the strata hold fewer than asked', () => {
    const shares = allocate(
      200,
      sizes([
        ['a', 5],
        ['b', 0],
      ]),
    );
    expect(Object.fromEntries(shares)).toEqual({ a: 5, b: 0 });
  });
});

/** A stratum of `count` items on pages of 20; `short` pages come back with fewer items. */
function pagedStratum(count: number, short: Record<number, number> = {}) {
  const reads: number[] = [];
  const readPage = async (page: number): Promise<ReviewItem[]> => {
    reads.push(page);
    const first = page * REVIEW_PAGE_SIZE;
    const length = short[page] ?? Math.max(0, Math.min(REVIEW_PAGE_SIZE, count - first));
    return Array.from({ length }, (_, i) => ({
      id: first + i + 1,
      detectedKeyword: [],
      unwantedUsage: [],
    }));
  };
  return { reads, readPage };
}

const randomBelow = (below: number) => Math.floor(Math.random() * below);

function drawOf(count: number, readPage: (page: number) => Promise<ReviewItem[]>) {
  const taken = new Set<number>();
  return new StratumDraw<number>(count, {
    readPage,
    random: randomBelow,
    take: (item) => item.id ?? null,
    claim: (id) => !taken.has(id) && Boolean(taken.add(id)),
  });
}

describe('drawing one stratum over its pages', () => {
  it('takes every item exactly once when asked for all of them, each page read once', async () => {
    const { reads, readPage } = pagedStratum(45);
    const drawn = await drawOf(45, readPage).draw(45);
    expect([...drawn].sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect([...reads].sort()).toEqual([0, 1, 2]);
  });

  it('reads only the pages its positions fall on, all within the count', async () => {
    const { reads, readPage } = pagedStratum(10_000);
    const drawn = await drawOf(10_000, readPage).draw(5);
    expect(new Set(drawn).size).toBe(5);
    expect(reads.length).toBeLessThanOrEqual(5);
    expect(reads.every((page) => page >= 0 && page < 500)).toBe(true);
  });

  it('gives every item the same chance, on a full page or the short last one', async () => {
    const counts = new Map<number, number>();
    const { readPage } = pagedStratum(45);
    for (let i = 0; i < 9000; i++) {
      const [id] = await drawOf(45, readPage).draw(1);
      counts.set(id!, (counts.get(id!) ?? 0) + 1);
    }
    // 200 expected per item; these bounds are more than six standard deviations wide.
    expect(counts.size).toBe(45);
    for (const seen of counts.values()) {
      expect(seen).toBeGreaterThan(115);
      expect(seen).toBeLessThan(285);
    }
  });

  it('comes short, without inventing items, when pages hold fewer than the count said', async () => {
    const { readPage } = pagedStratum(40, { 1: 5 });
    const draw = drawOf(40, readPage);
    const drawn = await draw.draw(40);
    expect(drawn.length).toBe(25);
    expect(draw.untried).toBe(0);
  });

  it('gives up on a stratum after its tries, instead of reading it whole', async () => {
    const { reads, readPage } = pagedStratum(10_000);
    const draw = new StratumDraw<number>(10_000, {
      readPage,
      random: randomBelow,
      // Nothing there takes a decision (all eliminated by similarity, say).
      take: () => null,
      claim: () => true,
      maxTries: 50,
    });
    expect(await draw.draw(5)).toEqual([]);
    expect(draw.untried).toBe(0);
    expect(reads.length).toBeLessThanOrEqual(50);
  });
});

/** A tweet as the provider's reader gives it, in the stratum the filter asked for. */
const tweetOf = (id: number, filter: ReviewFilterBody): ReviewItem => ({
  id,
  tweetId: String(id),
  twitterUserName: 'someone',
  selected: filter.isEliminated === 'false',
  detectedKeyword: [],
  unwantedUsage: [],
});

describe('drawing a sample across strata', () => {
  const window = { from: '2024-01-01T00:00', to: '2024-01-08T00:00' };

  it('never takes an item twice, even when the provider gives the same items on every page', async () => {
    const drawn = await drawSample(
      {
        calls: {
          count: async (source: FilterType, filter: ReviewFilterBody) =>
            source === 'tweets' && filter.isEliminated === 'false' ? 40 : 0,
          // A provider that ignores startIndex: page 1 holds page 0's items again.
          page: async (_source: FilterType, filter: ReviewFilterBody) =>
            Array.from({ length: 20 }, (_, i) => tweetOf(i + 1, filter)),
        },
        random: randomBelow,
        concurrency: 2,
      },
      window,
      30,
    );
    expect(drawn.items.map((item) => item.itemId).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(drawn.emptyStrata).toEqual(['tweets:eliminated', 'news:kept', 'news:eliminated']);
  });

  it("serves the strata mixed, so that no card's place tells its stratum", async () => {
    const drawn = await drawSample(
      {
        calls: {
          count: async () => 100,
          page: async (source: FilterType, filter: ReviewFilterBody, page: number) =>
            Array.from({ length: 20 }, (_, i) => {
              const id =
                (source === 'tweets' ? 0 : 10_000) + (filter.isEliminated === 'true' ? 5000 : 0);
              const item = tweetOf(id + page * 20 + i + 1, filter);
              return source === 'tweets'
                ? item
                : {
                    ...item,
                    newsId: String(item.id),
                    website: 'news.example',
                    cryptoCurrencyList: [],
                    cryptoMarketList: [],
                    cryptoTagsList: [],
                  };
            }),
        },
        random: randomBelow,
        concurrency: 4,
      },
      window,
      20,
    );
    const order = drawn.items.map((item) => `${item.source}:${item.classifierKept}`);
    expect(new Set(order).size).toBe(4);
    // Grouped by stratum, as drawn, would be 4 runs; a shuffle of 5 + 5 + 5 + 5 almost never is.
    const runs = order.filter((key, i) => i === 0 || key !== order[i - 1]).length;
    expect(runs).toBeGreaterThan(4);
  });
});

describe("an audit's window", () => {
  const now = new Date('2026-03-10T12:34:56Z');

  it('is the last 7 days ending now, to the minute, when none is given', () => {
    expect(auditWindowOf({}, now)).toEqual({ from: '2026-03-03T12:34', to: '2026-03-10T12:34' });
  });

  it('keeps given ends as the filter sends them, and refuses an empty one', () => {
    expect(auditWindowOf({ from: '2025-01-01T00:00Z' }, now)).toEqual({
      from: '2025-01-01T00:00',
      to: '2026-03-10T12:34',
    });
    expect(() => auditWindowOf({ from: '2027-01-01T00:00' }, now)).toThrow(
      /from \(2027-01-01T00:00\) must be before to/,
    );
  });
});

describe('the bound on calls in flight', () => {
  it('never lets more than the bound run at once', async () => {
    const limit = callLimit(3);
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const calls = Array.from({ length: 10 }, () =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
      }),
    );
    while (gates.length > 0 || running > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    await Promise.all(calls);
    expect(most).toBe(3);
  });
});
