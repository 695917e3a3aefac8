import { pairwiseScore } from '../../src/shared/stories/pairwiseScore';
import { StoryGrouper } from '../../src/shared/stories/storyGrouper';
import { readStoryCorpus } from './storyCorpus';

/**
 * `npm run eval -- stories FILE`: groups a labelled JSON Lines file as the server would, item by
 * item in arrival order, and prints pairwise precision and recall as its last line.
 */
export function evalStories(file: string, log: (line: string) => void = console.log): void {
  const corpus = readStoryCorpus(file);
  const grouper = new StoryGrouper();
  const started = performance.now();
  const grouped = corpus.map(({ item, label }) => ({
    label: `${item.kind}:${label}`,
    group: grouper.add(item),
  }));
  const ms = performance.now() - started;
  for (const kind of ['tweet', 'news'] as const) {
    const part = grouped.filter((g) => g.label.startsWith(`${kind}:`));
    if (part.length === 0) continue;
    const s = pairwiseScore(part);
    log(
      `${kind}: ${part.length} items, ${new Set(part.map((p) => p.label)).size} labelled stories, ${new Set(part.map((p) => p.group)).size} grouped; precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}`,
    );
  }
  log(`${corpus.length} items grouped in ${ms.toFixed(0)} ms`);
  const all = pairwiseScore(grouped);
  log(`precision ${all.precision.toFixed(4)} recall ${all.recall.toFixed(4)}`);
}
