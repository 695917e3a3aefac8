import type { ReviewFilterBody } from '../../../shared/bodies/review';
import { AUDIT_MESSAGES, type AuditWindow } from '../../../shared/quality/auditChannels';
import { stratumKey, type AuditStratum } from '../../../shared/quality/auditRecord';
import { BridgeFailure } from '../bridgeFailure';
import type { ReviewCalls } from '../runs/reviewCalls';
import { allocate } from './allocation';
import { callLimit } from './callLimit';
import { sampleItemOf, type SampleItem } from './sampleItem';
import { StratumDraw, type RandomBelow } from './stratumDraw';

/** The four strata, in the order the allocation's remainder goes: source × classifier decision. */
export const STRATA: readonly AuditStratum[] = [
  { source: 'tweets', classifierKept: true },
  { source: 'tweets', classifierKept: false },
  { source: 'news', classifierKept: true },
  { source: 'news', classifierKept: false },
];

export interface DrawnSample {
  /** stratumKey → the stratum's count in the window (SPEC.md 7's count call). */
  sizes: Record<string, number>;
  /** In the order they are served: shuffled across strata, so no card's place says its stratum. */
  items: SampleItem[];
  /** Strata no item could be drawn from. */
  emptyStrata: string[];
}

export interface DrawDeps {
  calls: Pick<ReviewCalls, 'count' | 'page'>;
  random: RandomBelow;
  /** Calls in flight at most (the runConcurrency setting). */
  concurrency: number;
}

/**
 * A stratum's filter: SPEC.md 7's Review filter with the window's dates and the classifier's
 * decision (isEliminated), everything else left at "all". Oldest first, so that items still
 * arriving in the window join its end instead of moving the pages already read.
 */
export function stratumFilter(window: AuditWindow, stratum: AuditStratum): ReviewFilterBody {
  return {
    startDate: window.from,
    endDate: window.to,
    isEliminated: stratum.classifierKept ? 'false' : 'true',
    isManuallyChanged: 'null',
    isReviewed: 'null',
    reviewedBy: null,
    sortBy: 'asc',
    startIndex: 0,
    keyword: null,
  };
}

/**
 * Draws a sample of `size` items from the window, against any provider: each stratum's size from
 * its count call, its share of the sample (allocation.ts) drawn at random over its pages
 * (stratumDraw.ts), and what a stratum could not give drawn from the others. Refused, with the
 * reason, when the window holds nothing to audit. A failed call fails the draw (nothing is kept).
 */
export async function drawSample(
  deps: DrawDeps,
  window: AuditWindow,
  size: number,
): Promise<DrawnSample> {
  const limit = callLimit(deps.concurrency);
  const counts = await Promise.all(
    STRATA.map((stratum) =>
      limit(() => deps.calls.count(stratum.source, stratumFilter(window, stratum))),
    ),
  );
  const sizes = Object.fromEntries(STRATA.map((s, i) => [stratumKey(s), counts[i]!]));
  if (counts.every((count) => count === 0))
    throw new BridgeFailure(
      409,
      'AUDIT_EMPTY_WINDOW',
      AUDIT_MESSAGES.emptyWindow(window.from, window.to),
    );

  const taken = new Set<string>();
  // Enough for a stratum nine tenths of whose items take no decision, and no more.
  const maxTries = 10 * size + 100;
  const draws = STRATA.map(
    (stratum, index) =>
      new StratumDraw<SampleItem>(counts[index]!, {
        readPage: (page) =>
          limit(() => deps.calls.page(stratum.source, stratumFilter(window, stratum), page)),
        random: deps.random,
        maxTries,
        take: (item) => sampleItemOf(stratum.source, stratum.classifierKept, item),
        claim: (item) => {
          const id = `${item.source}:${item.itemId}`;
          if (taken.has(id)) return false;
          taken.add(id);
          return true;
        },
      }),
  );
  const drawn: SampleItem[][] = STRATA.map(() => []);
  // Each round splits what is still wanted among the strata that have positions left; a stratum
  // that came short has then run out of them, so the rounds end.
  for (;;) {
    const wanted = size - drawn.reduce((sum, items) => sum + items.length, 0);
    if (wanted <= 0) break;
    const capacity = new Map(STRATA.map((s, i) => [stratumKey(s), draws[i]!.untried]));
    if ([...capacity.values()].every((left) => left === 0)) break;
    const shares = allocate(wanted, capacity);
    const round = await Promise.all(
      STRATA.map((s, i) => draws[i]!.draw(shares.get(stratumKey(s)) ?? 0)),
    );
    round.forEach((items, i) => drawn[i]!.push(...items));
  }

  const emptyStrata = STRATA.filter((_, i) => drawn[i]!.length === 0).map(stratumKey);
  const items = shuffled(drawn.flat(), deps.random);
  if (items.length === 0)
    throw new BridgeFailure(
      409,
      'AUDIT_EMPTY_WINDOW',
      AUDIT_MESSAGES.nothingDecidable(window.from, window.to),
    );
  return { sizes, items, emptyStrata };
}

/** Fisher-Yates. */
function shuffled<T>(items: T[], random: RandomBelow): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
