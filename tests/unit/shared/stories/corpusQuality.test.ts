import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pairwiseScore } from '../../../../src/shared/stories/pairwiseScore';
import { StoryGrouper } from '../../../../src/shared/stories/storyGrouper';
import { writeCorpus } from '../../../fixtures/stories/corpusWriter';
import { readStoryCorpus } from '../../../../tools/eval/storyCorpus';

const FILE = fileURLToPath(new URL('../../../fixtures/stories/corpus.jsonl', import.meta.url));

describe('story grouping on the labelled corpus (issue 48)', () => {
  const corpus = readStoryCorpus(FILE);

  it('is the corpus its writer writes, and holds every case it is there for', () => {
    const written = writeCorpus().map((item) => JSON.stringify(item));
    expect(readFileSync(FILE, 'utf8').trimEnd().split('\n')).toEqual(written);
    expect(corpus.length).toBeGreaterThanOrEqual(2000);
    const messages = corpus.map((c) => c.item.message);
    const count = (test: (m: string) => boolean) => messages.filter(test).length;
    expect(count((m) => m.startsWith('RT @'))).toBeGreaterThan(300);
    expect(count((m) => m.startsWith('RT @') && m.endsWith('…'))).toBeGreaterThan(30);
    expect(
      count((m) => m.startsWith('QT @') || /^https:\/\/x\.com\/\w+\/status\/\d+$/.test(m)),
    ).toBeGreaterThan(30);
    expect(
      count((m) => /\S QT @|^\S.* https:\/\/x\.com\/\w+\/status\/\d+$/.test(m)),
    ).toBeGreaterThan(30);
    const newsStories = new Map<string, number>();
    for (const c of corpus)
      if (c.item.kind === 'news') newsStories.set(c.label, (newsStories.get(c.label) ?? 0) + 1);
    expect([...newsStories.values()].filter((n) => n >= 5).length).toBeGreaterThan(40);
  });

  it('groups with pairwise precision at least 0.98 and recall at least 0.90', () => {
    const grouper = new StoryGrouper();
    const grouped = corpus.map(({ item, label }) => ({
      label: `${item.kind}:${label}`,
      group: grouper.add(item),
    }));
    const score = pairwiseScore(grouped);
    expect(score.labelledPairs).toBeGreaterThan(5_000);
    expect(score.precision).toBeGreaterThanOrEqual(0.98);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe('pairwiseScore', () => {
  it('counts pairs grouped, labelled and both', () => {
    const score = pairwiseScore([
      { label: 'a', group: '1' },
      { label: 'a', group: '1' },
      { label: 'a', group: '2' },
      { label: 'b', group: '2' },
    ]);
    expect(score).toEqual({
      precision: 0.5,
      recall: 1 / 3,
      groupedPairs: 2,
      labelledPairs: 3,
      bothPairs: 1,
    });
    expect(pairwiseScore([{ label: 'a', group: '1' }])).toMatchObject({ precision: 1, recall: 1 });
  });
});
