import { performance } from 'node:perf_hooks';
import type { Database } from '../../../src/server/db/database';
import { groupServiceArrivals } from '../../../src/server/stories/groupArrivals';
import { pairwiseScore } from '../../../src/shared/stories/pairwiseScore';
import { StoryGrouper } from '../../../src/shared/stories/storyGrouper';
import type { LabelledItem } from '../../../tools/eval/storyCorpus';
import { insertNews, insertTweets } from '../../support/storyItems';

const DAY_MS = 24 * 3600 * 1000;
/**
 * Copies of the corpus start this far apart: beyond its own span (six days) and the story window
 * (three), so that no item of one copy meets another copy's.
 */
const COPY_GAP_MS = 14 * DAY_MS;
/** A copy's tweet ids (and the status links to them) are moved by this much per copy. */
const COPY_ID_STEP = 10n ** 14n;

export interface GroupingRun {
  /** Items grouped per second through the database, one sample per copy. */
  throughput: number[];
  /** The shared rules alone on the same items in memory, items per second, per copy. */
  rulesAlone: number[];
  /** Pairwise precision and recall of what the database grouped, and of the rules alone. */
  score: { precision: number; recall: number };
  rulesScore: { precision: number; recall: number };
  items: number;
  /** Takes back what the run wrote (items, stories, sentence counts): the load as it was. */
  undo(): Promise<void>;
}

/**
 * One copy of the corpus: its times moved, its tweet ids (and the links to them) moved, and every
 * source renamed (accounts, the mentions of them, websites), so that no copy learns another's
 * boilerplate: a source that said a sentence in three copies would take its stories' own
 * sentences for boilerplate. Copy 0 is the corpus as `npm run eval -- stories` reads it.
 */
function copyOf(corpus: readonly LabelledItem[], copy: number, start: number): LabelledItem[] {
  const first = Math.min(...corpus.map((c) => c.item.time));
  const shift = start + copy * COPY_GAP_MS - first;
  const moveId = (id: string) => String(BigInt(id) + BigInt(copy) * COPY_ID_STEP);
  const rename = (name: string) => (copy === 0 ? name : `${name}_c${copy}`);
  const message = (text: string) =>
    text
      .replace(/status\/(\d+)/g, (_, id: string) => `status/${moveId(id)}`)
      .replace(/x\.com\/(\w+)\//g, (_, name: string) => `x.com/${rename(name)}/`)
      .replace(/@(\w+)/g, (_, name: string) => `@${rename(name)}`);
  return corpus.map(({ item, label }) => ({
    label: `${copy}:${item.kind}:${label}`,
    item: {
      ...item,
      key: `${copy}:${item.key}`,
      time: item.time + shift,
      ownId: item.ownId === null ? null : moveId(item.ownId),
      source:
        item.kind === 'tweet'
          ? rename(item.source)
          : copy === 0
            ? item.source
            : `c${copy}.${item.source}`,
      message: message(item.message),
    },
  }));
}

/** Inserts a copy as the collector would (tweets, then news); answers each item's row id. */
async function insertCopy(db: Database, items: readonly LabelledItem[]): Promise<number[]> {
  const tweets = items.filter((c) => c.item.kind === 'tweet');
  const news = items.filter((c) => c.item.kind === 'news');
  const at = (c: LabelledItem) => new Date(c.item.time).toISOString();
  const tweetIds = await insertTweets(
    db,
    tweets.map((c) => ({
      user: c.item.source,
      message: c.item.message,
      at: at(c),
      tweetId: c.item.ownId,
    })),
  );
  const newsIds = await insertNews(
    db,
    news.map((c) => ({
      newsId: `bench-${c.item.key}`,
      website: c.item.source,
      message: c.item.message,
      at: at(c),
      symbols: c.item.symbols ?? [],
    })),
  );
  const ids = new Map<LabelledItem, number>();
  tweets.forEach((c, i) => ids.set(c, tweetIds[i]!));
  news.forEach((c, i) => ids.set(c, newsIds[i]!));
  return items.map((c) => ids.get(c)!);
}

/**
 * Grouping as items arrive, timed: `copies` copies of the labelled corpus, each inserted (its
 * statement triggers queue it) and then grouped by the server's own grouper in its batches, against
 * everything grouped before it. Beside each copy, the shared rules alone on the same items in
 * memory: what grouping costs with no database at all. The stories the database gave are scored
 * against the labels.
 */
export async function measureGrouping(
  db: Database,
  corpus: readonly LabelledItem[],
  options: { copies: number; start: number; log: (line: string) => void },
): Promise<GroupingRun> {
  const throughput: number[] = [];
  const rulesAlone: number[] = [];
  const grouped: { label: string; group: string }[] = [];
  const byRules: { label: string; group: string }[] = [];
  const inserted = { tweets: [] as number[], news: [] as number[] };
  // The sentence counts as they were: a later run's corpus must not meet this run's boilerplate.
  await db.query('DROP TABLE IF EXISTS bench_story_sentences');
  await db.query('CREATE TABLE bench_story_sentences AS SELECT * FROM story_sentences');
  for (let copy = 0; copy < options.copies; copy++) {
    const items = copyOf(corpus, copy, options.start);
    const ids = await insertCopy(db, items);
    items.forEach((c, i) => inserted[c.item.kind === 'tweet' ? 'tweets' : 'news'].push(ids[i]!));
    const started = performance.now();
    const n = (await groupServiceArrivals(db, 'tweets')) + (await groupServiceArrivals(db, 'news'));
    const seconds = (performance.now() - started) / 1000;
    throughput.push(n / seconds);

    const grouper = new StoryGrouper();
    const rulesStarted = performance.now();
    const groups = items.map((c) => `${c.item.kind}:${grouper.add(c.item)}`);
    rulesAlone.push(items.length / ((performance.now() - rulesStarted) / 1000));
    items.forEach((c, i) => byRules.push({ label: c.label, group: `${copy}:${groups[i]}` }));

    const rows = await db.query<{
      service: string;
      item_id: string | number;
      story_id: string | number;
    }>(
      `SELECT service, item_id, story_id FROM story_members
        WHERE (service = 'tweets' AND item_id = ANY($1::bigint[]))
           OR (service = 'news' AND item_id = ANY($2::bigint[]))`,
      [
        ids.filter((_, i) => items[i]!.item.kind === 'tweet'),
        ids.filter((_, i) => items[i]!.item.kind === 'news'),
      ],
    );
    const story = new Map(
      rows.map((r) => [`${r.service}:${Number(r.item_id)}`, String(r.story_id)]),
    );
    items.forEach((c, i) => {
      const service = c.item.kind === 'tweet' ? 'tweets' : 'news';
      grouped.push({
        label: c.label,
        group: `${service}:${story.get(`${service}:${ids[i]}`) ?? `none-${c.item.key}`}`,
      });
    });
    options.log(
      `  copy ${copy + 1}: ${n} items grouped in ${seconds.toFixed(1)} s (${(n / seconds).toFixed(0)} items/s)`,
    );
  }
  return {
    throughput,
    rulesAlone,
    score: pairwiseScore(grouped),
    rulesScore: pairwiseScore(byRules),
    items: grouped.length,
    undo: async () => {
      for (const service of ['tweets', 'news'] as const) {
        const ids = inserted[service];
        await db.query(
          'DELETE FROM story_members WHERE service = $1 AND item_id = ANY($2::bigint[])',
          [service, ids],
        );
        await db.query('DELETE FROM stories WHERE service = $1 AND lead_id = ANY($2::bigint[])', [
          service,
          ids,
        ]);
        await db.query(`DELETE FROM ${service} WHERE id = ANY($1::bigint[])`, [ids]);
      }
      await db.query('TRUNCATE story_sentences');
      await db.query('INSERT INTO story_sentences SELECT * FROM bench_story_sentences');
      await db.query('DROP TABLE bench_story_sentences');
    },
  };
}
