/**
 * A population of demo items with a known truth, a classifier of chosen quality over it, and the
 * audits drawn from it: what the truth tests of the quality estimates
 * (tests/unit/shared/quality/truth.test.ts) measure against. The texts are the demo generator's,
 * their truth the careful reviewer's (src/server/seed/auditTruth.ts).
 */
import { demoTruth } from '../../../src/server/seed/auditTruth';
import { createTextGenerator } from '../../../src/server/seed/demoReview';
import {
  stratumKey,
  type AuditAnswer,
  type AuditSource,
} from '../../../src/shared/quality/auditRecord';
import { simulateClassifier, type ClassifierQuality } from '../../../src/shared/quality/simulation';

export interface PopulationItem {
  itemId: number;
  source: AuditSource;
  truthKeep: boolean;
  classifierKept: boolean;
  keywords: string[];
}

export interface Population {
  items: PopulationItem[];
  /** The items of each stratum, by stratumKey. */
  strata: Map<string, PopulationItem[]>;
  sizes: Map<string, number>;
}

/**
 * `tweets` then `news` demo texts from the generator's `seed`, each decided by the classifier of
 * its source's quality (drawn from `classifierSeed`).
 */
export function demoPopulation(options: {
  tweets: number;
  news: number;
  seed: number;
  classifierSeed: number;
  classifiers: Record<AuditSource, ClassifierQuality>;
}): Population {
  const generator = createTextGenerator(options.seed);
  const decide = {
    tweets: simulateClassifier(options.classifiers.tweets, options.classifierSeed),
    news: simulateClassifier(options.classifiers.news, options.classifierSeed),
  };
  const items = Array.from({ length: options.tweets + options.news }, (_, itemId) => {
    const text = generator.next();
    const truthKeep = demoTruth(text.message);
    if (truthKeep === null) throw new Error(`No truth for the demo text "${text.message}".`);
    const source: AuditSource = itemId < options.tweets ? 'tweets' : 'news';
    return {
      itemId,
      source,
      truthKeep,
      classifierKept: decide[source](String(itemId), truthKeep),
      keywords: text.keywords,
    };
  });
  const strata = new Map<string, PopulationItem[]>();
  for (const item of items) {
    const key = stratumKey({ source: item.source, classifierKept: item.classifierKept });
    const list = strata.get(key);
    if (list) list.push(item);
    else strata.set(key, [item]);
  }
  const sizes = new Map([...strata].map(([key, list]) => [key, list.length]));
  return { items, strata, sizes };
}

/** Mulberry32: a small seeded generator of numbers in [0, 1), for drawing the audits. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `count` distinct items of `list` drawn at random (without replacement). */
export function drawWithoutReplacement<T>(list: readonly T[], count: number, random: () => number) {
  if (count > list.length) throw new Error(`Cannot draw ${count} of ${list.length} items.`);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * list.length));
  return [...chosen].map((index) => list[index]!);
}

/** A stratified audit: `perStratum` items drawn from every stratum (all of a smaller one). */
export function drawStratified(population: Population, perStratum: number, random: () => number) {
  return [...population.strata.values()].flatMap((list) =>
    drawWithoutReplacement(list, Math.min(perStratum, list.length), random),
  );
}

/** The audit answers a reviewer gives to `items`, as the audit records them. */
export function answersOf(
  items: readonly PopulationItem[],
  reviewer: string,
  answer: (itemKey: string, truthKeep: boolean) => boolean,
): AuditAnswer[] {
  return items.map((item) => ({
    itemId: item.itemId,
    stratum: { source: item.source, classifierKept: item.classifierKept },
    answerKept: answer(String(item.itemId), item.truthKeep),
    reviewer,
    answeredAt: '2026-11-30T10:00:00.000Z',
    groups: { keywords: item.keywords, origin: 'demo', day: '2026-11-30', modelRun: null },
  }));
}
