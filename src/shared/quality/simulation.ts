/**
 * A classifier and reviewers of chosen quality, for measuring the estimators against a known
 * truth: each takes an item's true label (what a careful reviewer decides; for the demo data,
 * src/server/seed/auditTruth.ts) and errs on it at a chosen rate. Every draw is a pure function
 * of (seed, who draws, item), not of a stream, so the same item gets the same decision in any
 * order, in a unit test, in the demo seed and in an E2E test, and two reviewers' errors are
 * independent. Nothing in the product decides with these.
 */
import { fnv1a32, mix32 } from '../hash32';

/** FNV-1a over the text, then murmur3's finaliser: nearby keys land far apart. */
const hash32 = (text: string, seed: number): number => mix32(fnv1a32(text, seed));

/** A number in [0, 1) fixed by the seed, the drawer and the item. */
export const seededUnit = (seed: number, drawer: string, itemKey: string): number =>
  hash32(`${drawer}\u0000${itemKey}`, seed) / 2 ** 32;

const checkRate = (name: string, rate: number) => {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`${name} must be in [0, 1], not ${rate}.`);
};

/** How often a classifier errs each way. */
export interface ClassifierQuality {
  /** Of the items that should be eliminated, the share it keeps. */
  falseKeepRate: number;
  /** Of the items that should be kept, the share it eliminates. */
  falseEliminateRate: number;
}

/** A classifier of the chosen quality: given an item and its truth, its decision (kept or not). */
export function simulateClassifier(
  quality: ClassifierQuality,
  seed: number,
): (itemKey: string, truthKeep: boolean) => boolean {
  checkRate('falseKeepRate', quality.falseKeepRate);
  checkRate('falseEliminateRate', quality.falseEliminateRate);
  return (itemKey, truthKeep) => {
    const draw = seededUnit(seed, 'classifier', itemKey);
    return truthKeep ? draw >= quality.falseEliminateRate : draw < quality.falseKeepRate;
  };
}

/** A reviewer who answers the truth but errs, either way, on `errorRate` of the items. */
export function simulateReviewer(
  name: string,
  errorRate: number,
  seed: number,
): (itemKey: string, truthKeep: boolean) => boolean {
  checkRate('errorRate', errorRate);
  return (itemKey, truthKeep) =>
    seededUnit(seed, `reviewer:${name}`, itemKey) < errorRate ? !truthKeep : truthKeep;
}
