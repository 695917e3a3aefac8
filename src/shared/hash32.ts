/**
 * 32-bit hashes for seeded draws and MinHash (quality/simulation.ts, stories/storyBands.ts): not
 * for security, only spread. FNV-1a over a text, and murmur3's finaliser, which lands nearby
 * inputs far apart.
 */

/** FNV-1a over the text's UTF-16 code units, its basis varied by `seed`. */
export function fnv1a32(text: string, seed = 0): number {
  let h = 0x811c9dc5 ^ Math.imul(seed | 0, 0x9e3779b1);
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** murmur3's 32-bit finaliser. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
