/**
 * Where to look for an arriving item's copies: MinHash with LSH over its content words. Each
 * item gets BANDS keys (32-bit integers), each a hash of two of its word set's MinHash values and
 * its day; two items whose word sets overlap by Jaccard J share at least one key of the same day
 * with probability 1 - (1 - J²)^BANDS (0.996 at J = 0.5, 0.85 at J = 0.3). An arriving item looks
 * up its keys for its own day and the days of the story window before it, so a key's items are
 * one day's near-copies: short lists even with millions of items, on any index of integer arrays
 * (a GIN index in PostgreSQL).
 *
 * Why not pg_trgm's similarity with its index, measured on the labelled corpus: over the 9,119
 * pairs of items within the window that sameStory accepts, the similarity of their sorted words
 * reaches pg_trgm's default threshold (0.3) for 9,118, and the band keys
 * (tests/unit/shared/stories/storyBands.test.ts) are shared by 9,087 (99.6%). Grouping loses little
 * by it, since a copy missed by one member is found through another: precision 0.986 and recall
 * 0.972 with the band keys, 0.986 and 0.975 with every item sharing four words a candidate. The
 * choice is the index's cost: a trigram index answers from the posting lists of the
 * text's trigrams, and the trigrams of ordinary words (" th", "ing") list most of the table, so at
 * 10 million items a lookup reads millions of entries before the time window cuts them; band keys
 * are rare by construction and carry their day. The stories benchmark is to measure that cost.
 */
import { fnv1a32 as fnv1a, mix32 as mix } from '../hash32';
import { STORY_DAY_MS, STORY_WINDOW_DAYS } from './storyWindow';

export const BANDS = 20;
const ROWS = 2;

/**
 * The MinHash signature: for each of BANDS × ROWS hash functions, the least hash of any word.
 * Kept for a words set (allWords gives one set per text), since an item's keys and lookups are
 * asked for more than once while it is grouped.
 */
function signature(words: Iterable<string>): number[] | null {
  if (typeof words !== 'object') return computeSignature(words);
  const kept = signatures.get(words);
  if (kept !== undefined) return kept;
  const mins = computeSignature(words);
  signatures.set(words, mins);
  return mins;
}
const signatures = new WeakMap<object, number[] | null>();

function computeSignature(words: Iterable<string>): number[] | null {
  const mins = new Array<number>(BANDS * ROWS).fill(0xffffffff);
  let any = false;
  for (const word of words) {
    any = true;
    const base = fnv1a(word);
    for (let k = 0; k < mins.length; k += 1) {
      const h = mix((base ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0);
      if (h < (mins[k] ?? 0)) mins[k] = h;
    }
  }
  return any ? mins : null;
}

/** The day an item falls in, as band keys count days. */
export const storyDay = (timeMs: number): number => Math.floor(timeMs / STORY_DAY_MS);

function bandKeys(mins: readonly number[], day: number): number[] {
  const keys: number[] = [];
  for (let band = 0; band < BANDS; band += 1) {
    let h = mix((day ^ Math.imul(band + 1, 0x27d4eb2f)) >>> 0);
    for (let r = 0; r < ROWS; r += 1) h = mix((h ^ (mins[band * ROWS + r] ?? 0)) >>> 0);
    // PostgreSQL's integer is signed: the same 32 bits, read as a signed number.
    keys.push(h | 0);
  }
  return keys;
}

/** The keys an item is stored under: its own day's. None for an item without words. */
export function storyKeys(words: Iterable<string>, timeMs: number): number[] {
  const mins = signature(words);
  return mins === null ? [] : bandKeys(mins, storyDay(timeMs));
}

/** The keys an arriving item looks up: its own day's and those of the window's days before it. */
export function storyLookupKeys(words: Iterable<string>, timeMs: number): number[] {
  const mins = signature(words);
  if (mins === null) return [];
  const day = storyDay(timeMs);
  const keys: number[] = [];
  for (let back = 0; back <= STORY_WINDOW_DAYS; back += 1) keys.push(...bandKeys(mins, day - back));
  return keys;
}
