import { DuplicateIndex } from '../../src/shared/duplicates/likelyDuplicates';
import { readCatalogue, readDetected, type Kind } from './duplicateSet';

export interface DuplicateScores {
  /** Of the detected records that duplicate one: the share whose first suggestion is it. */
  topOne: number;
  /** Of the genuinely new ones: the share with no suggestion at or above "likely". */
  newUnsuggested: number;
  duplicates: number;
  news: number;
}

/**
 * `npm run eval -- duplicates CATALOGUE FILE`: suggests, for each labelled detected record, the
 * catalogue records it likely duplicates (DuplicateIndex, as core does), and prints each kind's
 * figures, then top-1 accuracy and the share of new ones left unsuggested as its last line.
 */
export function evalDuplicates(
  catalogueFile: string,
  detectedFile: string,
  log: (line: string) => void = console.log,
): DuplicateScores {
  const catalogue = readCatalogue(catalogueFile);
  const detected = readDetected(detectedFile);
  const started = performance.now();
  const totals = { hits: 0, duplicates: 0, clean: 0, news: 0 };
  for (const kind of ['currency', 'market'] as Kind[]) {
    const records = catalogue.filter((r) => r.kind === kind);
    const asked = detected.filter((d) => d.kind === kind);
    if (asked.length === 0) continue;
    const index = new DuplicateIndex(records);
    const part = { hits: 0, duplicates: 0, clean: 0, news: 0 };
    for (const record of asked) {
      const suggestions = index.suggest(record);
      if (record.duplicateOf !== null) {
        part.duplicates += 1;
        const first = suggestions[0];
        if (first && records[first.index]?.uniqueName === record.duplicateOf) part.hits += 1;
      } else {
        part.news += 1;
        if (!suggestions.some((s) => s.likely)) part.clean += 1;
      }
    }
    log(
      `${kind}: ${records.length} in the catalogue, ${asked.length} detected; top-1 ${part.hits} of ${part.duplicates} duplicates, ${part.clean} of ${part.news} new ones unsuggested`,
    );
    totals.hits += part.hits;
    totals.duplicates += part.duplicates;
    totals.clean += part.clean;
    totals.news += part.news;
  }
  log(
    `${detected.length} detected records suggested for in ${(performance.now() - started).toFixed(0)} ms`,
  );
  const scores = {
    topOne: totals.duplicates === 0 ? 1 : totals.hits / totals.duplicates,
    newUnsuggested: totals.news === 0 ? 1 : totals.clean / totals.news,
    duplicates: totals.duplicates,
    news: totals.news,
  };
  log(
    `top-1 accuracy ${scores.topOne.toFixed(4)} new left unsuggested ${scores.newUnsuggested.toFixed(4)}`,
  );
  return scores;
}
