import { createHash } from 'node:crypto';
import { storyLookupKeys, storyKeys } from '../../shared/stories/storyBands';
import {
  StoryGrouper,
  allWords,
  boilerplateSource,
  type ArrivingItem,
} from '../../shared/stories/storyGrouper';
import { storyText, type StoryText } from '../../shared/stories/storyText';
import { STORY_WINDOW_MS } from '../../shared/stories/storyWindow';
import type { Service } from '../claims/claimSql';
import type { Database, Queryable } from '../db/database';
import { inheritDecisions } from './inheritDecisions';
import { STORY_COLUMNS, type StoryColumns } from './storyColumns';

/**
 * Arrivals grouped in one transaction: one read of candidates and one write for all of them. A
 * batch's band keys overlap (the same days, the copies' same words): at 10M grouped tweets, batches
 * of 1,000 grouped the corpus at 1,126 to 1,142 items a second, batches of 500 at 1,045.
 */
export const GROUPING_BATCH = 1000;

interface ItemRow {
  id: string | number;
  story_id: string | number | null;
  source: string;
  own_id: string | null;
  message: string;
  detect_time: string | Date;
  symbols: string[] | null;
}

/** A sentence as story_sentences keys it: short, whatever the sentence's length. */
const sentenceHash = (whole: string): string =>
  createHash('sha256').update(whole).digest('base64url').slice(0, 22);

/** Each item read once: its text is what every step below works from. */
interface Read {
  item: ArrivingItem;
  text: StoryText;
}

const readRow = (row: ItemRow, c: StoryColumns): Read => {
  const item = toArriving(row, c);
  return { item, text: storyText(item) };
};

const toArriving = (row: ItemRow, c: StoryColumns): ArrivingItem => ({
  kind: c.kind,
  key: String(row.id),
  ownId: row.own_id,
  time: new Date(row.detect_time).getTime(),
  source: row.source,
  message: row.message,
  symbols: row.symbols ?? [],
});

/**
 * Groups the oldest items of `service` that have no story yet, up to `limit` (GROUPING_BATCH), and
 * says how many it grouped (0: none was waiting). One grouper per service at a time
 * (pg_advisory_xact_lock), so two server processes never start two stories for one: the second
 * waits, then finds the first's stories among its candidates.
 *
 * In one transaction: the arrivals in detect-time order; their candidates (earlier items sharing a
 * band key within the story window, or the tweets they quote) and the sentence counts both
 * need; the shared StoryGrouper decides, each arrival in turn; then the new stories, the items'
 * story and keys, the stories' member counts and the sentence counts are written, and arrivals
 * that joined a decided story take its decision (inheritDecisions.ts).
 */
export async function groupArrivals(
  db: Database,
  service: Service,
  limit = GROUPING_BATCH,
): Promise<number> {
  const c = STORY_COLUMNS[service];
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [c.lockKey]);
    // The oldest arrivals (the order they came in), taken off the queue; grouped in detect-time
    // order. An item deleted since it arrived is simply not read.
    const taken = await tx.query<{ item_id: string | number }>(
      `DELETE FROM story_arrivals
        WHERE service = $1
          AND item_id IN (SELECT item_id FROM story_arrivals WHERE service = $1
                           ORDER BY item_id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING item_id`,
      [service, limit],
    );
    if (taken.length === 0) return 0;
    const pending = await tx.query<ItemRow>(
      `SELECT ${columnsOf(c, 't')}, NULL::bigint AS story_id FROM ${c.table} t
        WHERE t.id = ANY($1::bigint[])`,
      [taken.map((t) => t.item_id)],
    );
    const read = pending
      .map((row) => readRow(row, c))
      .sort((a, b) => a.item.time - b.item.time || Number(a.item.key) - Number(b.item.key));
    const arriving = read.map((r) => r.item);
    const earlierRows = await candidatesOf(tx, service, c, read);
    const earlier = earlierRows.map((row) => readRow(row, c));
    const grouper = new StoryGrouper((item) => `new:${item.key}`);
    earlier.forEach((r, i) => grouper.remember(r.item, String(earlierRows[i]?.story_id), r.text));
    await knowSentences(tx, service, grouper, [...earlier, ...read]);

    const stories = read.map((r) => grouper.add(r.item, r.text));
    const created = await createStories(tx, service, arriving, stories);
    const storyIds = stories.map((s) => created.get(s) ?? s);
    await tx.query(
      `INSERT INTO story_members (service, item_id, story_id, keys)
       SELECT $4, u.id, u.story_id, u.keys::integer[]
         FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS u(id, story_id, keys)`,
      [
        arriving.map((a) => a.key),
        storyIds,
        read.map((r) => `{${storyKeys(allWords(r.text), r.item.time).join(',')}}`),
        service,
      ],
    );
    await countJoined(tx, arriving, storyIds);
    await markFollowers(
      tx,
      c,
      arriving.filter((item, i) => stories[i] !== `new:${item.key}`),
    );
    // Later copies follow: those that joined a story from before this batch take its decision.
    const fresh = new Set(created.values());
    await inheritDecisions(
      tx,
      service,
      arriving.flatMap((a, i) => {
        const storyId = storyIds[i];
        return storyId !== undefined && !fresh.has(storyId) ? [{ itemId: a.key, storyId }] : [];
      }),
    );
    await countSentences(tx, service, read);
    return taken.length;
  });
}

/** Groups every item of `service` waiting, `batch` at a time; says how many. */
export async function groupServiceArrivals(
  db: Database,
  service: Service,
  batch = GROUPING_BATCH,
): Promise<number> {
  let total = 0;
  for (let n = await groupArrivals(db, service, batch); n > 0;) {
    total += n;
    n = await groupArrivals(db, service, batch);
  }
  return total;
}

/** Groups every item waiting, of both services, `batch` at a time; says how many. */
export async function groupAllArrivals(db: Database, batch = GROUPING_BATCH): Promise<number> {
  return (
    (await groupServiceArrivals(db, 'tweets', batch)) +
    (await groupServiceArrivals(db, 'news', batch))
  );
}

/**
 * The demo items of a new database, grouped in one batch per service: nothing was grouped before
 * them, so no candidate is looked up and grouping is the shared rules' work alone.
 */
export const SEED_GROUPING_BATCH = 20_000;

/** The item's columns grouping reads (its story comes from story_members, beside them). */
function columnsOf(c: StoryColumns, alias: string): string {
  const a = `${alias}.`;
  return [
    `${a}id`,
    `${a}${c.source} AS source`,
    c.ownId ? `${a}${c.ownId} AS own_id` : 'NULL::text AS own_id',
    `${a}message`,
    `${a}detect_time`,
    c.symbols ? `${a}${c.symbols} AS symbols` : 'NULL::text[] AS symbols',
  ].join(', ');
}

/** How many band keys one scan of the key index looks for (see candidatesOf). */
const KEY_SLICE = 32;

/** Earlier grouped items (not split off) that share a band key in the window, or are quoted. */
async function candidatesOf(
  tx: Queryable,
  service: Service,
  c: StoryColumns,
  arriving: readonly Read[],
): Promise<ItemRow[]> {
  // The first arrivals of a service (a new database's demo items) have nothing to look for.
  const [any] = await tx.query<{ grouped: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM story_members WHERE service = $1) AS grouped',
    [service],
  );
  if (!any?.grouped) return [];
  // By band key from the GIN index, whatever the planner thinks of a small table: a scan would
  // test every member against thousands of keys. Without JIT: the estimates of a search by
  // thousands of keys are huge, and compiling the plan took 140 ms of a 220 ms search at 10M.
  await tx.query('SET LOCAL enable_seqscan = off');
  await tx.query('SET LOCAL jit = off');
  const keys = new Set<number>();
  const quoted = new Set<string>();
  let from = Infinity;
  let to = -Infinity;
  for (const { item, text } of arriving) {
    for (const key of storyLookupKeys(allWords(text), item.time)) keys.add(key);
    for (const id of text.quotes) quoted.add(id);
    from = Math.min(from, item.time - STORY_WINDOW_MS);
    to = Math.max(to, item.time + STORY_WINDOW_MS);
  }
  // The keys first, on their own (the GIN index): with the service beside them the planner walks
  // the primary key by service instead and tests every member against thousands of keys. In
  // slices of KEY_SLICE: one scan with every key tests each entry it finds against all of them
  // (a batch's 9,000 keys took 80 to 120 ms in one scan, 21 to 28 ms in slices of 16 to 64). Each
  // slice is searched on its own (OFFSET 0 keeps the planner from joining the slices to the whole
  // table instead: at 10M members it walked every member against every slice, for minutes).
  const byKey = `WITH hits AS MATERIALIZED (
         SELECT DISTINCT m.service, m.item_id, m.story_id
           FROM (SELECT array_agg(k) AS ks FROM unnest($2::integer[]) WITH ORDINALITY AS u(k, n)
                  GROUP BY n / ${KEY_SLICE}) AS slice
           CROSS JOIN LATERAL (SELECT service, item_id, story_id FROM story_members
                                WHERE keys && slice.ks AND NOT split OFFSET 0) AS m)
     SELECT ${columnsOf(c, 't')}, m.story_id
       FROM hits m JOIN ${c.table} t ON t.id = m.item_id
      WHERE m.service = $1 AND t.detect_time BETWEEN $3 AND $4`;
  // A quote that only links to a tweet joins that tweet's story, split off or not (found on
  // UNIQUE (tweet_id, twitter_user_name) of migration 2).
  const byQuote = c.ownId
    ? `UNION SELECT ${columnsOf(c, 't')}, m.story_id
         FROM ${c.table} t JOIN story_members m ON m.service = $1 AND m.item_id = t.id
        WHERE t.${c.ownId} = ANY($5::text[])`
    : '';
  const window = [new Date(from).toISOString(), new Date(to).toISOString()];
  const rows = await tx.query<ItemRow>(
    `${byKey} ${byQuote}`,
    c.ownId ? [service, [...keys], ...window, [...quoted]] : [service, [...keys], ...window],
  );
  // Back to the planner's own judgement for the rest of the batch's statements.
  await tx.query('SET LOCAL enable_seqscan TO DEFAULT');
  await tx.query('SET LOCAL jit TO DEFAULT');
  return rows;
}

/** Tells the grouper how often each source said the sentences these items say. */
async function knowSentences(
  tx: Queryable,
  service: Service,
  grouper: StoryGrouper,
  items: readonly Read[],
): Promise<void> {
  const wanted = new Map<string, { source: string; whole: string }>();
  for (const { item, text } of items) {
    const source = boilerplateSource(item, text);
    for (const sentence of text.sentences)
      if (sentence.whole !== '')
        wanted.set(`${source}\n${sentenceHash(sentence.whole)}`, { source, whole: sentence.whole });
  }
  if (wanted.size === 0) return;
  const pairs = [...wanted.keys()].map((k) => k.split('\n') as [string, string]);
  const rows = await tx.query<{ source: string; sentence: string; items: number }>(
    `SELECT s.source, s.sentence, s.items FROM story_sentences s
       JOIN unnest($2::text[], $3::text[]) AS w(source, sentence)
         ON s.source = w.source AND s.sentence = w.sentence
      WHERE s.service = $1`,
    [service, pairs.map(([s]) => s), pairs.map(([, h]) => h)],
  );
  for (const row of rows) {
    const found = wanted.get(`${row.source}\n${row.sentence}`);
    if (found) grouper.knowSentence(found.source, found.whole, Number(row.items));
  }
}

/** Inserts a story for each one the arrivals started, led by its first item; maps temp -> id. */
async function createStories(
  tx: Queryable,
  service: Service,
  arriving: readonly ArrivingItem[],
  stories: readonly string[],
): Promise<Map<string, string>> {
  const leads = arriving.filter((item, i) => stories[i] === `new:${item.key}`);
  if (leads.length === 0) return new Map();
  const rows = await tx.query<{ id: string | number; lead_id: string | number }>(
    `INSERT INTO stories (service, lead_id, members, first_time, last_time)
     SELECT $1, u.lead, 0, u.at, u.at FROM unnest($2::bigint[], $3::timestamptz[]) AS u(lead, at)
     RETURNING id, lead_id`,
    [service, leads.map((l) => l.key), leads.map((l) => new Date(l.time).toISOString())],
  );
  return new Map(rows.map((r) => [`new:${r.lead_id}`, String(r.id)]));
}

/**
 * Raises each story's member count and last time by its arrivals. Not its version: that says what
 * a person changed (decision, inheritance, split), and a story still getting retweets must stay
 * decidable.
 */
async function countJoined(
  tx: Queryable,
  arriving: readonly ArrivingItem[],
  storyIds: readonly string[],
): Promise<void> {
  const joined = new Map<string, { n: number; last: number }>();
  arriving.forEach((item, i) => {
    const id = storyIds[i];
    if (id === undefined) return;
    const j = joined.get(id) ?? { n: 0, last: item.time };
    joined.set(id, { n: j.n + 1, last: Math.max(j.last, item.time) });
  });
  const rows = [...joined];
  await tx.query(
    `UPDATE stories s SET members = s.members + u.n, last_time = GREATEST(s.last_time, u.last)
       FROM unnest($1::bigint[], $2::int[], $3::timestamptz[]) AS u(id, n, last)
      WHERE s.id = u.id`,
    [
      rows.map(([id]) => id),
      rows.map(([, j]) => j.n),
      rows.map(([, j]) => new Date(j.last).toISOString()),
    ],
  );
}

/**
 * The arrivals that joined a story another item started are its followers (migration 20): with
 * Stories on, Review lists the lead alone. One statement for the batch, so that the items'
 * statement triggers (per-day counts, keyword items) run once for all of them.
 */
async function markFollowers(
  tx: Queryable,
  c: StoryColumns,
  followers: readonly ArrivingItem[],
): Promise<void> {
  if (followers.length === 0) return;
  await tx.query(
    `UPDATE ${c.table} SET story_follower = true WHERE id = ANY($1::bigint[]) AND NOT story_follower`,
    [followers.map((f) => f.key)],
  );
}

/** Counts the sentences the arrivals teach their sources (a retweet teaches none). */
async function countSentences(
  tx: Queryable,
  service: Service,
  arriving: readonly Read[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const { item, text } of arriving) {
    const source = boilerplateSource(item, text);
    for (const whole of StoryGrouper.sentencesTaught(text)) {
      const key = `${source}\n${sentenceHash(whole)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return;
  const rows = [...counts].map(([k, n]) => [...(k.split('\n') as [string, string]), n] as const);
  await tx.query(
    `INSERT INTO story_sentences AS s (service, source, sentence, items)
     SELECT $1, u.source, u.sentence, u.n FROM unnest($2::text[], $3::text[], $4::int[]) AS u(source, sentence, n)
     ON CONFLICT (service, source, sentence) DO UPDATE SET items = s.items + excluded.items`,
    [service, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}
