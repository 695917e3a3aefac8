/**
 * Which human decisions a model run holds out of training to measure its accuracy on. The split
 * is by a hash of the item's id, so it is the same at every run: the held-out items are never
 * trained on, by this run or any other, and the accuracies of successive runs are measured on the
 * same kind of sample (the set grows only as reviewers decide more items) and can be compared.
 */

/** About this share of the human decisions is held out (in hundredths). */
export const HELD_OUT_PERCENT = 15;

/** murmur3's 32-bit finalizer: neighbouring ids land far apart. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Whether the item with this id is held out of training (ids beyond 2^32 fold their high part in). */
export function isHeldOut(id: number): boolean {
  const high = Math.floor(id / 2 ** 32);
  return mix(mix(id) ^ high) % 100 < HELD_OUT_PERCENT;
}
