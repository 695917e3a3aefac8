import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ArrivingItem } from '../../src/shared/stories/storyGrouper';

/** One labelled item: `kind`, its SPEC.md 3 fields (those grouping reads) and its `story`. */
const line = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tweet'),
    story: z.union([z.string(), z.number()]),
    id: z.union([z.string(), z.number()]).optional(),
    tweetId: z.union([z.string(), z.number()]),
    twitterUserName: z.string(),
    message: z.string(),
    detectTime: z.string().optional(),
    tweetTime: z.string().optional(),
  }),
  z.object({
    kind: z.literal('news'),
    story: z.union([z.string(), z.number()]),
    id: z.union([z.string(), z.number()]).optional(),
    newsId: z.union([z.string(), z.number()]).optional(),
    website: z.string(),
    message: z.string(),
    detectTime: z.string().optional(),
    cryptoCurrencyList: z
      .array(z.union([z.string(), z.object({ symbol: z.string() }).passthrough()]))
      .nullish(),
  }),
]);

export interface LabelledItem {
  item: ArrivingItem;
  label: string;
}

/**
 * A labelled JSON Lines file, in arrival order (detectTime, then the file's order). A line that
 * is not such an item stops the reading with its number and what is wrong with it.
 */
export function readStoryCorpus(file: string): LabelledItem[] {
  const items: (LabelledItem & { line: number })[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new Error(`${file}:${index + 1}: not JSON (${(error as Error).message})`);
      }
      const parsed = line.safeParse(json);
      if (!parsed.success)
        throw new Error(
          `${file}:${index + 1}: not a labelled tweet or news item: ${parsed.error.issues
            .map((i) => `${i.path.join('.') || 'line'}: ${i.message}`)
            .join('; ')}`,
        );
      const row = parsed.data;
      const when = row.detectTime ?? (row.kind === 'tweet' ? row.tweetTime : undefined);
      const time = when === undefined ? Number.NaN : Date.parse(when);
      if (Number.isNaN(time))
        throw new Error(`${file}:${index + 1}: detectTime (or a tweet's tweetTime) is not a date`);
      const key = String(
        row.id ?? (row.kind === 'tweet' ? row.tweetId : (row.newsId ?? index + 1)),
      );
      items.push({
        line: index + 1,
        label: String(row.story),
        item:
          row.kind === 'tweet'
            ? {
                kind: 'tweet',
                key,
                ownId: String(row.tweetId),
                time,
                source: row.twitterUserName,
                message: row.message,
              }
            : {
                kind: 'news',
                key,
                ownId: null,
                time,
                source: row.website,
                message: row.message,
                symbols: (row.cryptoCurrencyList ?? []).map((c) =>
                  typeof c === 'string' ? c : c.symbol,
                ),
              },
      });
    });
  items.sort((a, b) => a.item.time - b.item.time || a.line - b.line);
  return items.map(({ item, label }) => ({ item, label }));
}
