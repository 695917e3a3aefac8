import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sameStory, storyFacts } from '../../../../src/shared/stories/sameStory';
import { BANDS, storyKeys, storyLookupKeys } from '../../../../src/shared/stories/storyBands';
import { allWords } from '../../../../src/shared/stories/storyGrouper';
import { storyText } from '../../../../src/shared/stories/storyText';
import { STORY_DAY_MS } from '../../../../src/shared/stories/storyWindow';
import { readStoryCorpus } from '../../../../tools/eval/storyCorpus';

const words = (text: string) => new Set(text.split(' '));
const T = Date.parse('2026-11-20T12:00:00Z');

describe('story band keys (MinHash with LSH): where an arriving item looks for its copies', () => {
  it('gives the same words the same keys on one day, and finds them from the days after', () => {
    const w = words('binance list zentra spot trading usdt pair deposit open');
    expect(storyKeys(w, T)).toHaveLength(BANDS);
    expect(storyKeys(w, T + 3_600_000)).toEqual(storyKeys(w, T));
    const stored = new Set(storyKeys(w, T));
    expect(storyLookupKeys(w, T + 2 * STORY_DAY_MS).some((k) => stored.has(k))).toBe(true);
    // Beyond the story window, the same words are another story's.
    expect(storyLookupKeys(w, T + 5 * STORY_DAY_MS).some((k) => stored.has(k))).toBe(false);
    expect(storyKeys(new Set(), T)).toEqual([]);
  });

  it('shares no key between unrelated texts', () => {
    const a = new Set(
      storyKeys(words('binance list zentra spot trading usdt pair deposit open'), T),
    );
    const b = storyLookupKeys(
      words('sec sue kraken staking program judge penalty court filing'),
      T,
    );
    expect(b.some((k) => a.has(k))).toBe(false);
  });

  it('finds nearly every pair of the corpus that sameStory groups', () => {
    const corpus = readStoryCorpus(
      fileURLToPath(new URL('../../../fixtures/stories/corpus.jsonl', import.meta.url)),
    );
    const read = corpus.map(({ item }) => {
      const text = storyText(item);
      return {
        item,
        facts: storyFacts(item.kind, item.source, item.ownId, text, () => false),
        stored: new Set(storyKeys(allWords(text), item.time)),
        lookup: storyLookupKeys(allWords(text), item.time),
        hasWords: allWords(text).size > 0,
      };
    });
    let pairs = 0;
    let found = 0;
    for (let i = 0; i < read.length; i += 1)
      for (let j = 0; j < i; j += 1) {
        const [later, earlier] = [read[i]!, read[j]!];
        if (!later.hasWords || later.item.kind !== earlier.item.kind) continue;
        if (later.item.time - earlier.item.time > 3 * STORY_DAY_MS) continue;
        if (!sameStory(later.facts, earlier.facts)) continue;
        pairs += 1;
        if (later.lookup.some((k) => earlier.stored.has(k))) found += 1;
      }
    expect(pairs).toBeGreaterThan(5000);
    expect(found / pairs).toBeGreaterThanOrEqual(0.97);
  });
});
