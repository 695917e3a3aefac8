/**
 * Stories on our server (issue 48) on each engine: the demo items are grouped when seeded; items
 * that arrive are grouped in batches by the shared rules, against the earlier items found by band
 * key; the labelled corpus grouped through the database keeps its precision and recall; a split
 * item is never a candidate again; items from before stories came are left alone; two groupers at
 * once start one story, not two; the worker groups what is inserted, woken by NOTIFY.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/database';
import { groupAllArrivals, groupArrivals } from '../../src/server/stories/groupArrivals';
import { startStoryWorker } from '../../src/server/stories/storyWorker';
import { pairwiseScore } from '../../src/shared/stories/pairwiseScore';
import type { InjectOptions } from 'fastify';
import { fillPath, type AnyCall } from '../../src/shared/api/call';
import { insightTweetCalls } from '../../src/shared/api/insight';
import { storyTweetCalls } from '../../src/shared/api/stories';
import { historyEntrySchema } from '../../src/shared/responses/insight';
import {
  storyMembersSchema,
  storyOfItemsSchema,
  storyViewSchema,
} from '../../src/shared/responses/stories';
import { readStoryCorpus } from '../../tools/eval/storyCorpus';
import type { ReviewFilterBody } from '../../src/shared/bodies/review';
import { screenFilter } from '../support/screenFilter';
import { useServer } from '../support/serverHarness';
import { ENGINE_FREE_PARTS_RUN, ENGINES } from '../support/testServer';
import { openPgliteDatabase } from '../../src/server/db/pgliteDatabase';
import { migrate } from '../../src/server/db/migrate';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { insertNews, insertTweets } from '../support/storyItems';

const CORPUS = fileURLToPath(new URL('../fixtures/stories/corpus.jsonl', import.meta.url));
const storiesOf = async (db: Queryable, service: 'tweets' | 'news', ids: number[]) => {
  const rows = await db.query<{ id: string; story_id: string | null }>(
    `SELECT item_id AS id, story_id FROM story_members WHERE service = $2 AND item_id = ANY($1::bigint[])`,
    [ids, service],
  );
  // bigint comes as a number from PGlite and as a string from pg: one form for both.
  const byId = new Map(
    rows.map((r) => [Number(r.id), r.story_id === null ? null : String(r.story_id)]),
  );
  return ids.map((id) => byId.get(id) ?? null);
};

const LISTING =
  'New listing: $ZNT (Zentra) is now available on Binance Spot. Trading opens at 10:00 UTC with ZNT/USDT pairs.';

describe.each(ENGINES)('stories on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const db = () => api.server.context.db;
  const send = (call: AnyCall, params: Record<string, number>, body?: unknown) =>
    api.inject({
      method: call.method as InjectOptions['method'],
      url: fillPath(call.path, params),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const membersOf = async (storyId: string | null) => {
    const res = await send(storyTweetCalls.members, { id: Number(storyId) });
    expect(res.statusCode).toBe(200);
    return storyMembersSchema.parse(res.json());
  };

  it('groups the demo items when it seeds them', async () => {
    const [counts] = await db().query<{
      waiting: number;
      tweets: number;
      grouped: number;
      members: number;
    }>(
      `SELECT (SELECT count(*)::int FROM story_arrivals) AS waiting,
              (SELECT count(*)::int FROM tweets) AS tweets,
              (SELECT count(*)::int FROM story_members WHERE service = 'tweets') AS grouped,
              (SELECT sum(members)::int FROM stories WHERE service = 'tweets') AS members`,
    );
    expect(counts?.waiting).toBe(0);
    expect(counts?.tweets).toBeGreaterThan(1000);
    expect(counts?.grouped).toBe(counts?.tweets);
    expect(counts?.members).toBe(counts?.tweets);
  });

  it('puts a retweet arriving later in its tweet’s story, and counts the member', async () => {
    const [original] = await insertTweets(db(), [
      { user: 'zentra_labs', message: LISTING, at: '2026-11-21T10:00:00Z', tweetId: '990001' },
    ]);
    await groupAllArrivals(db());
    const later = await insertTweets(db(), [
      { user: 'fan_one', message: `RT @zentra_labs: ${LISTING}`, at: '2026-11-21T11:00:00Z' },
      {
        user: 'fan_two',
        message: 'https://x.com/zentra_labs/status/990001',
        at: '2026-11-21T12:00:00Z',
      },
      {
        user: 'critic',
        message: `Told you so QT @zentra_labs: ${LISTING}`,
        at: '2026-11-21T12:30:00Z',
      },
      {
        user: 'zentra_labs',
        message: LISTING.replace('$ZNT (Zentra)', '$KOV (Kovio)'),
        at: '2026-11-21T13:00:00Z',
      },
    ]);
    expect(await groupArrivals(db(), 'tweets')).toBe(4);
    const [story, rt, link, quote, other] = await storiesOf(db(), 'tweets', [original!, ...later]);
    expect(rt).toBe(story);
    expect(link).toBe(story);
    expect(quote).not.toBe(story);
    expect(other).not.toBe(story);
    const [row] = await db().query<{ members: number; lead_id: string; version: number }>(
      'SELECT members, lead_id::text, version::int FROM stories WHERE id = $1',
      [story],
    );
    // Copies joining change no version: that counts what people change, so the story stays
    // decidable as shown while retweets keep coming.
    expect(row).toEqual({ members: 3, lead_id: String(original), version: 0 });
  });

  it('never puts an arrival with a member that was split off', async () => {
    const [first] = await insertTweets(db(), [
      { user: 'kovio_io', message: `${LISTING} Split test one.`, at: '2026-11-22T10:00:00Z' },
    ]);
    await groupAllArrivals(db());
    await db().query(
      `UPDATE story_members SET split = true WHERE service = 'tweets' AND item_id = $1`,
      [first],
    );
    const [copy] = await insertTweets(db(), [
      {
        user: 'fan_three',
        message: `RT @kovio_io: ${LISTING} Split test one.`,
        at: '2026-11-22T11:00:00Z',
      },
    ]);
    await groupAllArrivals(db());
    const [a, b] = await storiesOf(db(), 'tweets', [first!, copy!]);
    expect(b).not.toBeNull();
    expect(b).not.toBe(a);
  });

  it('groups what is inserted as it arrives, woken by the insert’s NOTIFY', async () => {
    const stop = await startStoryWorker(db(), () => undefined);
    try {
      const ids = await insertTweets(db(), [
        { user: 'aptos_news', message: `${LISTING} Worker test.`, at: '2026-11-27T10:00:00Z' },
        {
          user: 'reader_w',
          message: `RT @aptos_news: ${LISTING} Worker test.`,
          at: '2026-11-27T10:05:00Z',
        },
      ]);
      await expect
        .poll(async () => new Set(await storiesOf(db(), 'tweets', ids)), { timeout: 30_000 })
        .toEqual(new Set([expect.any(String)]));
    } finally {
      await stop();
    }
  });

  it('starts one story, not two, when two groupers run at once', async () => {
    const ids = await insertTweets(
      db(),
      Array.from({ length: 6 }, (_, i) => ({
        user: i === 0 ? 'lumora' : `reader_${i}`,
        message: `${i === 0 ? '' : 'RT @lumora: '}Lumora (LMR) mainnet goes live at block 4,200,000 with fees down 40% for every user`,
        at: `2026-11-24T10:0${i}:00Z`,
      })),
    );
    // Each takes at most three: without the lock, the second would not see the first's story.
    const grouped = await Promise.all([
      groupArrivals(db(), 'tweets', 3),
      groupArrivals(db(), 'tweets', 3),
    ]);
    expect(grouped.reduce((a, b) => a + b, 0)).toBe(6);
    expect(new Set(await storiesOf(db(), 'tweets', ids)).size).toBe(1);
  });

  it('keeps precision and recall on the labelled corpus, grouped through the database', async () => {
    const corpus = readStoryCorpus(CORPUS);
    const tweets = corpus.filter((c) => c.item.kind === 'tweet');
    const news = corpus.filter((c) => c.item.kind === 'news');
    // Inserted in arrival order, in several batches of the grouper, as a collector would.
    const tweetIds = await insertTweets(
      db(),
      tweets.map(({ item }) => ({
        user: item.source,
        message: item.message,
        at: new Date(item.time).toISOString(),
        tweetId: item.ownId ?? undefined,
      })),
    );
    const newsIds = await insertNews(
      db(),
      news.map((c, i) => ({
        newsId: `corpus-${i + 1}`,
        website: c.item.source,
        message: c.item.message,
        at: new Date(c.item.time).toISOString(),
        symbols: c.item.symbols ?? [],
      })),
    );
    expect(await groupAllArrivals(db())).toBe(corpus.length);
    const tweetStories = await storiesOf(db(), 'tweets', tweetIds);
    const newsStories = await storiesOf(db(), 'news', newsIds);
    const score = pairwiseScore([
      ...tweets.map((c, i) => ({ label: `t:${c.label}`, group: `t:${tweetStories[i]}` })),
      ...news.map((c, i) => ({ label: `n:${c.label}`, group: `n:${newsStories[i]}` })),
    ]);
    expect(score.precision).toBeGreaterThanOrEqual(0.98);
    expect(score.recall).toBeGreaterThanOrEqual(0.9);
  });

  /** A tweet and two retweets, grouped: the story's id and the items'. */
  async function storyOfThree(tag: string, at: string) {
    const text = `Havenly (HVN) ${tag} upgrade goes live at block 7,700,000, cutting fees by 35% for all users`;
    const ids = await insertTweets(db(), [
      { user: 'havenly', message: text, at },
      { user: 'reader_a', message: `RT @havenly: ${text}`, at },
      { user: 'reader_b', message: `RT @havenly: ${text}`, at },
    ]);
    await groupAllArrivals(db());
    const stories = await storiesOf(db(), 'tweets', ids);
    expect(new Set(stories).size).toBe(1);
    return { storyId: stories[0]!, ids, text };
  }

  it('answers a page’s stories and a story’s members, its lead first', async () => {
    const { storyId, ids } = await storyOfThree('Aurora', '2026-11-25T08:00:00Z');
    const of = await send(storyTweetCalls.ofItems, {}, { ids: [ids[2], ids[0]] });
    expect(of.statusCode).toBe(200);
    const page = storyOfItemsSchema.parse(of.json());
    expect(page.map((p) => p.itemId)).toEqual([ids[0], ids[2]]);
    expect(page.every((p) => p.story.id === Number(storyId) && p.story.members === 3)).toBe(true);
    const { story, members } = await membersOf(storyId);
    expect(story).toMatchObject({ leadId: ids[0], members: 3, decision: null, inherit: true });
    expect(members.map((m) => [m.id, m.source, m.inherited])).toEqual([
      [ids[0], 'havenly', false],
      [ids[1], 'reader_a', false],
      [ids[2], 'reader_b', false],
    ]);
    expect((await send(storyTweetCalls.members, { id: 987_654_321 })).statusCode).toBe(404);
  });

  it('records a decision once, refuses a stale one, and later copies take it, saying so', async () => {
    const { storyId, text } = await storyOfThree('Helios', '2026-11-25T09:00:00Z');
    const { story } = await membersOf(storyId);
    const stale = await send(
      storyTweetCalls.decide,
      { id: story.id },
      { decision: 'eliminate', version: story.version + 1 },
    );
    expect(stale.statusCode).toBe(412);
    expect(storyViewSchema.parse(stale.json<{ current: unknown }>().current)).toEqual(story);
    const bad = await send(
      storyTweetCalls.decide,
      { id: story.id },
      { decision: 'maybe', version: 0 },
    );
    expect(bad.statusCode).toBe(400);
    expect((await membersOf(storyId)).story.decision).toBeNull();

    const decided = await send(
      storyTweetCalls.decide,
      { id: story.id },
      { decision: 'eliminate', version: story.version },
    );
    expect(decided.statusCode).toBe(200);
    expect(storyViewSchema.parse(decided.json())).toMatchObject({
      decision: 'eliminate',
      decidedBy: 'reviewer1',
    });

    const [copy] = await insertTweets(db(), [
      { user: 'reader_c', message: `RT @havenly: ${text}`, at: '2026-11-25T10:00:00Z' },
    ]);
    await groupAllArrivals(db());
    const [row] = await db().query<{
      selected: boolean;
      manually_changed: boolean;
      reviewed_by: string | null;
    }>('SELECT selected, manually_changed, reviewed_by FROM tweets WHERE id = $1', [copy]);
    expect(row).toEqual({ selected: false, manually_changed: true, reviewed_by: null });
    const history = await send(insightTweetCalls.history, { id: copy! });
    const entries = historyEntrySchema.array().parse(history.json());
    expect(entries.at(-1)).toMatchObject({
      source: 'story',
      actor: 'reviewer1',
      story: { id: story.id },
      after: { manuallyChanged: true, reviewedBy: null },
    });
    const members = (await membersOf(storyId)).members;
    expect(members.find((m) => m.id === copy)).toMatchObject({ inherited: true, reviewedBy: null });
  });

  it('lets a story’s inheritance be turned off: a later copy is left undecided', async () => {
    const { storyId, text } = await storyOfThree('Cascade', '2026-11-25T11:00:00Z');
    let { story } = await membersOf(storyId);
    const select = await send(
      storyTweetCalls.decide,
      { id: story.id },
      { decision: 'select', version: story.version },
    );
    story = storyViewSchema.parse(select.json());
    const off = await send(
      storyTweetCalls.inherit,
      { id: story.id },
      { inherit: false, version: story.version },
    );
    expect(off.statusCode).toBe(200);
    expect(storyViewSchema.parse(off.json()).inherit).toBe(false);
    const [copy] = await insertTweets(db(), [
      { user: 'reader_d', message: `RT @havenly: ${text}`, at: '2026-11-25T12:00:00Z' },
    ]);
    await groupAllArrivals(db());
    expect(await storiesOf(db(), 'tweets', [copy!])).toEqual([storyId]);
    const [row] = await db().query<{ manually_changed: boolean }>(
      'SELECT manually_changed FROM tweets WHERE id = $1',
      [copy],
    );
    expect(row?.manually_changed).toBe(false);
  });

  /** Review's filter as the screen sends it, on one service's Stories calls or SPEC.md 7's. */
  const listed = async (filter: Partial<ReviewFilterBody>, stories: boolean) => {
    const body = screenFilter(filter);
    const [page, count] = await Promise.all([
      stories
        ? send(storyTweetCalls.filter, {}, body)
        : api.inject({ method: 'POST', url: '/twitter-service/filter', payload: body }),
      stories
        ? send(storyTweetCalls.count, {}, body)
        : api.inject({ method: 'POST', url: '/twitter-service/count', payload: body }),
    ]);
    expect(page.statusCode).toBe(200);
    expect(count.statusCode).toBe(200);
    return { ids: page.json<{ id: number }[]>().map((i) => i.id), total: count.json<number>() };
  };

  /** What Stories on should list, worked out from the stories themselves, not the flag. */
  const leadsOf = async (where: string, params: unknown[] = []) =>
    (
      await db().query<{ id: string | number }>(
        `SELECT t.id FROM tweets t
          WHERE ${where} AND NOT EXISTS (
                SELECT 1 FROM story_members m JOIN stories s ON s.id = m.story_id
                 WHERE m.service = 'tweets' AND m.item_id = t.id AND s.lead_id <> t.id)
          ORDER BY t.detect_time DESC, t.id DESC`,
        params,
      )
    ).map((r) => Number(r.id));

  it('lists and counts one item per story with Stories on, its lead, and a split member on its own', async () => {
    const { storyId, ids } = await storyOfThree('Meridian', '2026-11-26T09:00:00Z');
    const [alone] = await insertTweets(db(), [
      {
        user: 'someone_else',
        message: 'A quiet day for Havenly holders, nothing new to report here',
        at: '2026-11-26T10:00:00Z',
      },
    ]);
    await groupAllArrivals(db());
    // One day, counted from the items; and a range of whole days, from the per-day counts.
    const day = { startDate: '2026-11-26T00:00', endDate: '2026-11-26T23:59' };
    const days = { startDate: '2026-11-25T00:00', endDate: '2026-11-28T00:00' };
    expect(await listed(day, false)).toEqual({ ids: [alone, ids[2], ids[1], ids[0]], total: 4 });
    expect(await listed(day, true)).toEqual({ ids: [alone, ids[0]], total: 2 });
    const wide = await listed(days, true);
    const expected = await leadsOf(
      `t.detect_time >= '2026-11-25T00:00Z' AND t.detect_time <= '2026-11-28T00:00Z'`,
    );
    expect(wide.total).toBe(expected.length);
    expect(wide.ids).toEqual(expected.slice(0, 20));

    // A member split off stands on its own again, in the list and in the counts.
    const split = await send(storyTweetCalls.split, { id: Number(storyId) }, { itemId: ids[2] });
    expect(split.statusCode).toBe(200);
    expect(await listed(day, true)).toEqual({ ids: [alone, ids[2], ids[0]], total: 3 });
    expect((await listed(days, true)).total).toBe(expected.length + 1);
    // The lead split off: the story's next member leads it, and is listed in its place.
    const lead = await send(storyTweetCalls.split, { id: Number(storyId) }, { itemId: ids[0] });
    expect(lead.statusCode).toBe(200);
    expect(await listed(day, true)).toEqual({
      ids: [alone, ids[2], ids[1], ids[0]],
      total: 4,
    });
  });

  it('agrees with the stories themselves on every filter, keyword and decision included', async () => {
    const [keyword] = await db().query<{ k: string }>(
      `SELECT k FROM tweets, unnest(detected_keywords) AS k GROUP BY k ORDER BY count(*) DESC LIMIT 1`,
    );
    // A follower decided by hand moves between the counts as any item does.
    const [follower] = await db().query<{ id: string | number }>(
      'SELECT id FROM tweets WHERE story_follower ORDER BY id LIMIT 1',
    );
    expect(follower).toBeDefined();
    const eliminated = await api.inject({
      method: 'PUT',
      url: '/twitter-service/manually-eliminate',
      payload: await db()
        .query<{ tweet_id: string; twitter_user_name: string }>(
          'SELECT tweet_id, twitter_user_name FROM tweets WHERE id = $1',
          [follower!.id],
        )
        .then(([t]) => ({
          tweetId: t!.tweet_id,
          twitterUserName: t!.twitter_user_name,
          reviewedBy: 'reviewer1',
        })),
    });
    expect(eliminated.statusCode).toBe(200);
    const cases: [Partial<ReviewFilterBody>, string, unknown[]][] = [
      [{}, 'true', []],
      [{ isEliminated: 'true' }, 'NOT t.selected', []],
      [{ isManuallyChanged: 'true' }, 't.manually_changed', []],
      [{ isReviewed: 'false' }, 't.reviewed_by IS NULL', []],
      [{ keyword: keyword!.k }, 't.detected_keywords @> ARRAY[$1]::text[]', [keyword!.k]],
      [
        { keyword: keyword!.k, startIndex: 1 },
        't.detected_keywords @> ARRAY[$1]::text[]',
        [keyword!.k],
      ],
    ];
    for (const [filter, where, params] of cases) {
      const expected = await leadsOf(where, params);
      const page = Number(filter.startIndex ?? 0);
      expect(await listed(filter, true), JSON.stringify(filter)).toEqual({
        ids: expected.slice(page * 20, page * 20 + 20),
        total: expected.length,
      });
    }
  });

  it('splits a member off for good, and refuses one that is not a member', async () => {
    const { storyId, ids, text } = await storyOfThree('Zenith', '2026-11-25T13:00:00Z');
    const [stranger] = await insertTweets(db(), [
      {
        user: 'someone',
        message: 'Nothing to do with it at all, just a different post today',
        at: '2026-11-25T13:00:00Z',
      },
    ]);
    const before = await membersOf(storyId);
    const notMember = await send(
      storyTweetCalls.split,
      { id: Number(storyId) },
      { itemId: stranger },
    );
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json<{ error_description: string }>().error_description).toContain(
      'not a member',
    );
    expect(await membersOf(storyId)).toEqual(before);

    // The lead leaves: the story passes to its next member, the lead now leads a story alone.
    const split = await send(storyTweetCalls.split, { id: Number(storyId) }, { itemId: ids[0] });
    expect(split.statusCode).toBe(200);
    const { from, to } = split.json<{
      from: { leadId: number; members: number };
      to: { id: number; leadId: number; members: number };
    }>();
    expect(from).toMatchObject({ leadId: ids[1], members: 2 });
    expect(to).toMatchObject({ leadId: ids[0], members: 1 });
    // A copy arriving later joins the story, never the split-off item.
    const [copy] = await insertTweets(db(), [
      { user: 'reader_e', message: `RT @havenly: ${text}`, at: '2026-11-25T14:00:00Z' },
    ]);
    await groupAllArrivals(db());
    expect(await storiesOf(db(), 'tweets', [copy!, ids[0]!])).toEqual([storyId, String(to.id)]);
  });
});

describe.runIf(ENGINE_FREE_PARTS_RUN())('stories and the items from before them', () => {
  it('leaves alone the items that were there when stories came, and groups those after', async () => {
    const db = await openPgliteDatabase(null);
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.id < 19),
      );
      const [before] = await insertTweets(db as unknown as Queryable, [
        { user: 'old_account', message: LISTING, at: '2026-11-23T10:00:00Z' },
      ]);
      await migrate(db);
      const [after] = await insertTweets(db as unknown as Queryable, [
        { user: 'new_reader', message: `RT @old_account: ${LISTING}`, at: '2026-11-23T11:00:00Z' },
      ]);
      expect(await groupAllArrivals(db)).toBe(1);
      expect(await storiesOf(db, 'tweets', [before!, after!])).toEqual([null, expect.any(String)]);
    } finally {
      await db.close();
    }
  });

  it('marks the followers of the stories grouped before migration 20, and counts them so', async () => {
    const db = await openPgliteDatabase(null);
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.id < 20),
      );
      const ids = await insertTweets(db as unknown as Queryable, [
        { user: 'old_account', message: LISTING, at: '2026-11-23T10:00:00Z' },
        { user: 'reader_one', message: `RT @old_account: ${LISTING}`, at: '2026-11-23T11:00:00Z' },
        { user: 'reader_two', message: `RT @old_account: ${LISTING}`, at: '2026-11-23T12:00:00Z' },
      ]);
      // Grouped as migration 19's grouper left them (today's grouper sets the flag itself).
      const [story] = await db.query<{ id: string | number }>(
        `INSERT INTO stories (service, lead_id, members, first_time, last_time)
         VALUES ('tweets', $1, 3, '2026-11-23T10:00:00Z', '2026-11-23T12:00:00Z') RETURNING id`,
        [ids[0]],
      );
      await db.query(
        `INSERT INTO story_members (service, item_id, story_id, keys)
         SELECT 'tweets', id, $2, '{1}' FROM unnest($1::bigint[]) AS id`,
        [ids, story!.id],
      );
      await migrate(db);
      const flags = await db.query<{ id: string | number; story_follower: boolean }>(
        'SELECT id, story_follower FROM tweets WHERE id = ANY($1::bigint[]) ORDER BY id',
        [ids],
      );
      expect(flags.map((f) => f.story_follower)).toEqual([false, true, true]);
      // The day's summary row and the items agree, follower by follower.
      const [counted] = await db.query<{ leads: number; followers: number }>(
        `SELECT coalesce(sum(n) FILTER (WHERE NOT story_follower), 0)::int AS leads,
                coalesce(sum(n) FILTER (WHERE story_follower), 0)::int AS followers
           FROM tweets_day_counts WHERE day = '2026-11-23' AND keyword = ''`,
      );
      const [items] = await db.query<{ leads: number; followers: number }>(
        `SELECT count(*) FILTER (WHERE NOT story_follower)::int AS leads,
                count(*) FILTER (WHERE story_follower)::int AS followers
           FROM tweets WHERE detect_time >= '2026-11-23' AND detect_time < '2026-11-24'`,
      );
      expect(counted).toEqual(items);
      expect(counted?.followers).toBe(2);
    } finally {
      await db.close();
    }
  });
});
