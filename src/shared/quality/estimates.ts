/**
 * The Quality screen's three figures from the audit answers, re-weighted to the population by the
 * strata of the sample: the audit draws about as many items from each stratum (source × the
 * classifier's decision) whatever its size, so a plain share of the answers would over-count the
 * small strata. Each stratum's share is weighted by its population size (the count calls).
 *
 * Strata without answers: a rate no answer bears on is null, value and interval; where only some
 * of a rate's strata have answers, the rate is the re-weighted share over those strata alone
 * (their weights scaled to sum to 1), and `uncoveredStrata` names the others, so a screen can say
 * "tweets only" instead of showing a figure nobody measured. A stratum of size 0 has no items to
 * cover and takes no part.
 */
import { stratumKey, type AuditAnswer, type AuditSource, type StratumSizes } from './auditRecord';
import { auditedItems, type AuditedItem } from './auditItems';
import type { QualityEstimate, RateEstimate } from './estimateTypes';
import { stratifiedShare, type StratumTally } from './intervals';

const SOURCES: readonly AuditSource[] = ['tweets', 'news'];
const STRATA = SOURCES.flatMap((source) =>
  [true, false].map((classifierKept) => ({
    source,
    classifierKept,
    key: stratumKey({ source, classifierKept }),
  })),
);

type RateName = keyof QualityEstimate;

const append = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Which strata a rate reads, and when an item's verdict counts as a "yes" of that rate. */
const RATES: Record<RateName, { kept: boolean | null; yes: (item: AuditedItem) => number }> = {
  keptShouldBeEliminated: { kept: true, yes: (item) => 1 - item.keepShare },
  eliminatedShouldBeKept: { kept: false, yes: (item) => item.keepShare },
  accuracy: {
    kept: null,
    yes: (item) => (item.stratum.classifierKept ? item.keepShare : 1 - item.keepShare),
  },
};

/** A population count must be a whole number from 0; a missing stratum counted nothing. */
function sizeOf(sizes: StratumSizes, key: string): number {
  const size = sizes.get(key) ?? 0;
  if (!Number.isInteger(size) || size < 0)
    throw new RangeError(
      `The population count of stratum ${key} must be a whole number from 0, not ${size}.`,
    );
  return size;
}

/**
 * The three rates over `items`, each stratum standing for `weightOf(key)` population items.
 * `unanswered` are the strata that hold items but have no answer at all.
 */
function estimateItems(
  items: readonly AuditedItem[],
  weightOf: (key: string) => number,
  unanswered: ReadonlySet<string>,
): QualityEstimate {
  const byStratum = new Map<string, AuditedItem[]>();
  for (const item of items) append(byStratum, stratumKey(item.stratum), item);
  const rate = (name: RateName): RateEstimate => {
    const { kept, yes } = RATES[name];
    const strata = STRATA.filter((s) => kept === null || s.classifierKept === kept);
    const tallies: StratumTally[] = strata.map(({ key }) => {
      const answered = byStratum.get(key) ?? [];
      return {
        size: weightOf(key),
        answers: answered.length,
        successes: answered.reduce((sum, item) => sum + yes(item), 0),
      };
    });
    const share = stratifiedShare(tallies);
    return {
      value: share?.value ?? null,
      interval: share?.interval ?? null,
      // Answers in a stratum of size 0 stand for no item and are not counted either.
      answers: tallies.reduce((sum, t) => sum + (t.size > 0 ? t.answers : 0), 0),
      uncoveredStrata: strata.filter(({ key }) => unanswered.has(key)).map(({ key }) => key),
    };
  };
  return {
    keptShouldBeEliminated: rate('keptShouldBeEliminated'),
    eliminatedShouldBeKept: rate('eliminatedShouldBeKept'),
    accuracy: rate('accuracy'),
  };
}

const unansweredStrata = (items: readonly AuditedItem[], sizes: StratumSizes) => {
  const answered = new Set(items.map((item) => stratumKey(item.stratum)));
  return new Set(
    STRATA.filter(({ key }) => sizeOf(sizes, key) > 0 && !answered.has(key)).map((s) => s.key),
  );
};

/** The three figures over all answers (one verdict per item: auditItems.ts). */
export function estimateQuality(
  answers: readonly AuditAnswer[],
  sizes: StratumSizes,
): QualityEstimate {
  const items = auditedItems(answers);
  return estimateItems(items, (key) => sizeOf(sizes, key), unansweredStrata(items, sizes));
}

export type Grouping = 'keyword' | 'origin' | 'day' | 'modelRun' | 'source';

/** Every grouping, in the order the Quality screen offers them. */
export const GROUPINGS: readonly Grouping[] = ['keyword', 'source', 'origin', 'day', 'modelRun'];

/** An item's groups under a grouping; null is "none" (no keyword, no known model run). */
export function groupsOf(item: AuditedItem, by: Grouping): (string | null)[] {
  switch (by) {
    case 'keyword':
      return item.groups.keywords.length > 0 ? [...new Set(item.groups.keywords)] : [null];
    case 'origin':
      return [item.groups.origin];
    case 'day':
      return [item.groups.day];
    case 'modelRun':
      return [item.groups.modelRun === null ? null : String(item.groups.modelRun)];
    case 'source':
      return [item.stratum.source];
  }
}

export interface GroupEstimate {
  /** The keyword, origin, day (YYYY-MM-DD), model run (its number) or source; null is "none". */
  group: string | null;
  estimate: QualityEstimate;
}

/**
 * The three figures per group. An item with several keywords counts under each. The population of
 * a group in a stratum is not counted by the provider, so it is estimated from the sample: the
 * stratum's size times the group's share of that stratum's answered items (the usual ratio
 * estimate of a domain's size). Its own uncertainty is left out of the interval, which is drawn
 * from the group's answers alone. A stratum no answer reached is uncovered for every group.
 * Groups come sorted (numbers by value, "none" last).
 */
export function estimatesBy(
  answers: readonly AuditAnswer[],
  sizes: StratumSizes,
  by: Grouping,
): GroupEstimate[] {
  const items = auditedItems(answers);
  const unanswered = unansweredStrata(items, sizes);
  const answeredIn = new Map<string, number>();
  const members = new Map<string | null, AuditedItem[]>();
  for (const item of items) {
    const key = stratumKey(item.stratum);
    answeredIn.set(key, (answeredIn.get(key) ?? 0) + 1);
    for (const group of groupsOf(item, by)) append(members, group, item);
  }
  const estimates = [...members].map(([group, groupItems]) => {
    const inStratum = new Map<string, number>();
    for (const item of groupItems) {
      const key = stratumKey(item.stratum);
      inStratum.set(key, (inStratum.get(key) ?? 0) + 1);
    }
    const weightOf = (key: string) => {
      const answered = answeredIn.get(key) ?? 0;
      return answered === 0 ? 0 : (sizeOf(sizes, key) * (inStratum.get(key) ?? 0)) / answered;
    };
    return { group, estimate: estimateItems(groupItems, weightOf, unanswered) };
  });
  return estimates.sort((a, b) =>
    a.group === null
      ? 1
      : b.group === null
        ? -1
        : a.group.localeCompare(b.group, 'en', { numeric: true }),
  );
}
