/**
 * Each item's history (DESIGN.md, Extensions) on each engine: every write a reviewer's call makes
 * to an item is recorded with the write, in its transaction (who, which call, before and after, the
 * bulk run it came from); a model run's changes show in it from the run's own record; a refused
 * write records nothing.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { Database, Queryable } from '../../src/server/db/database';
import type { ServerNewsItem, ServerTweetItem } from '../../src/server/review/items';
import { fillPath } from '../../src/shared/api/call';
import { insightNewsCalls, insightTweetCalls } from '../../src/shared/api/insight';
import { BULK_RUN_HEADER } from '../../src/shared/insight';
import { historyEntrySchema, type HistoryEntryView } from '../../src/shared/responses/insight';
import { useServer, type Caller } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

type Service = 'tweets' | 'news';

describe.each(ENGINES)('item history on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const db = () => api.server.context.db;

  const historyOf = async (service: Service, id: number, caller: Caller = api) => {
    const call = (service === 'news' ? insightNewsCalls : insightTweetCalls).history;
    return caller.inject({
      method: call.method as InjectOptions['method'],
      url: fillPath(call.path, { id }),
    });
  };
  const entriesOf = async (service: Service, id: number): Promise<HistoryEntryView[]> => {
    const res = await historyOf(service, id);
    expect(res.statusCode).toBe(200);
    return historyEntrySchema.array().parse(res.json());
  };
  const stateOf = (item: ServerTweetItem | ServerNewsItem) => ({
    selected: item.selected,
    manuallyChanged: item.manuallyChanged,
    reviewedBy: item.reviewedBy,
    eliminatedKeyword: item.eliminatedKeyword,
    nlpDecisionRatio: item.nlpDecisionRatio,
  });
  const tweet = async (id: number) =>
    (await api.call('tweets.findById', { params: { id } })).json<ServerTweetItem>();
  const news = async (id: number) =>
    (await api.call('news.findById', { params: { id } })).json<ServerNewsItem>();
  /** An item no one has decided or reviewed yet, that no test of this suite has written. */
  let nextFresh = 0;
  const freshTweet = async () => {
    const [row] = await db().query<{ id: number }>(
      `SELECT id FROM tweets WHERE NOT manually_changed AND reviewed_by IS NULL
         AND NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post AND selected
       ORDER BY id OFFSET $1 LIMIT 1`,
      [nextFresh++],
    );
    return tweet(Number(row!.id));
  };
  const keyOf = (t: ServerTweetItem, reviewedBy = 'reviewer1') => ({
    tweetId: t.tweetId,
    twitterUserName: t.twitterUserName,
    keyword: null,
    keywordType: 'NO_FILTER',
    unwantedUsage: null,
    reviewedBy,
  });
  const historyRows = async () =>
    (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM item_history'))[0]!.n;

  it('a single manual change: who, which call, before and after', async () => {
    const item = await freshTweet();
    expect(await entriesOf('tweets', item.id)).toEqual([]);
    const reviewer2 = await api.as('reviewer2');
    const res = await reviewer2.call('tweets.manualChange', {
      params: { case: 'manually-eliminate' },
      body: keyOf(item, 'reviewer2'),
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<ServerTweetItem>();
    const [entry, ...more] = await entriesOf('tweets', item.id);
    expect(more).toEqual([]);
    expect(entry).toEqual({
      at: expect.any(String),
      actor: 'reviewer2',
      call: 'PUT /twitter-service/manually-eliminate',
      source: 'single',
      bulkRunId: null,
      modelRunId: null,
      before: stateOf(item),
      after: stateOf(after),
    });
    expect(entry!.after).toMatchObject({ selected: false, manuallyChanged: true });
  });

  it('add-keyword, add-eliminated-keyword and reviewed are recorded, oldest first', async () => {
    const item = await freshTweet();
    await api.call('tweets.manualChange', {
      params: { case: 'add-keyword' },
      body: { ...keyOf(item), keyword: 'Halving', keywordType: 'IMPORTANT' },
    });
    const eliminated = (
      await api.call('tweets.addEliminatedKeyword', {
        body: { ...keyOf(item), keyword: 'rugpull', keywordType: 'DEFINITELY_NOT_CONTAINS' },
      })
    ).json<ServerTweetItem>();
    const reviewed = (
      await api.call('tweets.reviewed', { params: { id: item.id }, body: 'reviewer1' })
    ).json<ServerTweetItem>();
    const entries = await entriesOf('tweets', item.id);
    expect(entries.map((e) => [e.call, e.source, e.actor])).toEqual([
      ['PUT /twitter-service/add-keyword', 'single', 'reviewer1'],
      ['POST /twitter-service/add-eliminated-keyword-on-eliminated-tweet', 'single', 'reviewer1'],
      ['PUT /twitter-service/{id}/reviewed', 'single', 'reviewer1'],
    ]);
    // add-keyword changes the keyword list, not the item.
    expect(entries[0]!.before).toEqual(stateOf(item));
    expect(entries[0]!.after).toEqual(stateOf(item));
    expect(entries[1]!.before).toEqual(stateOf(item));
    expect(entries[1]!.after).toEqual(stateOf(eliminated));
    expect(entries[1]!.after).toMatchObject({ eliminatedKeyword: 'rugpull', selected: false });
    expect(entries[2]!.before).toEqual(stateOf(eliminated));
    expect(entries[2]!.after).toEqual({ ...stateOf(eliminated), reviewedBy: 'reviewer1' });
    expect(stateOf(reviewed)).toEqual(entries[2]!.after);
    const times = entries.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
  });

  it('a news write is recorded under news, with its own call', async () => {
    const item = await news(40);
    const res = await api.call('news.manualChange', {
      params: { case: 'manually-select' },
      body: {
        newsId: item.newsId,
        website: item.website,
        keyword: null,
        newsKeywordType: 'NO_FILTER',
        unwantedUsage: null,
        accountName: item.accountName,
        reviewedBy: 'reviewer1',
      },
    });
    expect(res.statusCode).toBe(200);
    const entries = await entriesOf('news', item.id);
    expect(entries.at(-1)).toMatchObject({
      call: 'PUT /news-service/manually-select',
      before: stateOf(item),
      after: stateOf(res.json<ServerNewsItem>()),
    });
    // The same data id on the other service is another item, with its own history.
    expect((await entriesOf('tweets', item.id)).map((e) => e.call)).not.toContain(
      'PUT /news-service/manually-select',
    );
  });

  it("a bulk run's writes name the run; a malformed run id is ignored", async () => {
    const items = [await freshTweet(), await freshTweet(), await freshTweet()];
    const headers = [
      { [BULK_RUN_HEADER]: 'run-2026_11-25A' },
      { [BULK_RUN_HEADER]: 'run 42; DROP TABLE' },
      { [BULK_RUN_HEADER]: 'x'.repeat(101) },
    ];
    for (const [i, item] of items.entries())
      expect(
        (
          await api.call('tweets.manualChange', {
            params: { case: 'manually-eliminate' },
            body: keyOf(item),
            headers: headers[i],
          })
        ).statusCode,
      ).toBe(200);
    const reviewedInBulk = await api.call('tweets.reviewed', {
      params: { id: items[0]!.id },
      body: 'reviewer1',
      headers: { [BULK_RUN_HEADER]: 'x'.repeat(100) },
    });
    expect(reviewedInBulk.statusCode).toBe(200);
    const first = await entriesOf('tweets', items[0]!.id);
    expect(first.map((e) => [e.source, e.bulkRunId])).toEqual([
      ['bulk', 'run-2026_11-25A'],
      ['bulk', 'x'.repeat(100)],
    ]);
    for (const item of items.slice(1))
      expect((await entriesOf('tweets', item.id)).map((e) => [e.source, e.bulkRunId])).toEqual([
        ['single', null],
      ]);
  });

  it('a refused write records nothing', async () => {
    const item = await freshTweet();
    const before = await historyRows();
    const refused = [
      // No such item.
      await api.call('tweets.manualChange', {
        params: { case: 'manually-select' },
        body: { ...keyOf(item), tweetId: 'no-such-tweet' },
      }),
      await api.call('tweets.addEliminatedKeyword', {
        body: { ...keyOf(item), twitterUserName: 'nobody', keyword: 'scam' },
      }),
      await api.call('news.reviewed', { params: { id: 99_999_999 }, body: 'reviewer1' }),
      // Invalid: add-keyword without a keyword, an eliminated keyword without one, a bad body.
      await api.call('tweets.manualChange', {
        params: { case: 'add-keyword' },
        body: { ...keyOf(item), keyword: '  ' },
      }),
      await api.call('tweets.addEliminatedKeyword', { body: { ...keyOf(item), keyword: '' } }),
      await api.call('tweets.reviewed', { params: { id: item.id }, body: { username: 'x' } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 400, 400, 400]);
    expect(await historyRows()).toBe(before);
    expect(await entriesOf('tweets', item.id)).toEqual([]);
    expect(await tweet(item.id)).toEqual(item);
  });

  describe("every write is the signed-in user's", () => {
    const rowOf = async (table: 'tweets' | 'news', id: number) =>
      (await db().query(`SELECT * FROM ${table} WHERE id = $1`, [id]))[0];
    const freshNewsId = async () =>
      Number(
        (
          await db().query<{ id: number }>(
            `SELECT id FROM news WHERE NOT manually_changed AND reviewed_by IS NULL
             ORDER BY id DESC LIMIT 1`,
          )
        )[0]!.id,
      );

    it('as reviewer1, a body naming reviewer2 is refused with 403: the items, their history and the keyword lists are unchanged', async () => {
      const item = await freshTweet();
      const newsItem = await news(await freshNewsId());
      const tweetRow = await rowOf('tweets', item.id);
      const newsRow = await rowOf('news', newsItem.id);
      const historyBefore = await historyRows();
      const newsKey = {
        newsId: newsItem.newsId,
        website: newsItem.website,
        keyword: 'forgedword',
        newsKeywordType: 'IMPORTANT',
        reviewedBy: 'reviewer2',
      };
      const refused = [
        await api.call('tweets.reviewed', { params: { id: item.id }, body: 'reviewer2' }),
        await api.call('news.reviewed', { params: { id: newsItem.id }, body: 'reviewer2' }),
        await api.call('tweets.manualChange', {
          params: { case: 'manually-eliminate' },
          body: { ...keyOf(item, 'reviewer2'), keyword: 'forgedword' },
        }),
        await api.call('tweets.addEliminatedKeyword', {
          body: { ...keyOf(item, 'reviewer2'), keyword: 'forgedword' },
        }),
        await api.call('news.manualChange', {
          params: { case: 'manually-select' },
          body: { ...newsKey, accountName: newsItem.accountName },
        }),
        await api.call('news.addEliminatedKeyword', { body: newsKey }),
      ];
      expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(refused[0]!.json()).toEqual({
        error: 'forbidden',
        error_description:
          'This write names "reviewer2", but you are signed in as "reviewer1": decisions are recorded only under the signed-in user\'s name. Nothing was written.',
      });
      // Every column of both items, their history and both keyword lists as they were.
      expect(await rowOf('tweets', item.id)).toEqual(tweetRow);
      expect(await rowOf('news', newsItem.id)).toEqual(newsRow);
      expect(await historyRows()).toBe(historyBefore);
      for (const service of ['tweets', 'news'] as const)
        expect(
          (
            await api.call(`${service}.getKeywordsIncludes`, { params: { text: 'forgedword' } })
          ).json(),
        ).toEqual([]);
    });

    it("a body naming the token's user, however spelled, is written under the token's name: columns and history agree", async () => {
      const reviewer2 = await api.as('reviewer2');
      const item = await freshTweet();
      const newsId = await freshNewsId();
      const eliminated = await reviewer2.call('tweets.addEliminatedKeyword', {
        body: { ...keyOf(item, 'REVIEWER2'), keyword: 'spelledword' },
      });
      const reviewed = await reviewer2.call('tweets.reviewed', {
        params: { id: item.id },
        body: '  Reviewer2 ',
      });
      const reviewedNews = await reviewer2.call('news.reviewed', {
        params: { id: newsId },
        body: 'reviewer2',
      });
      expect([eliminated, reviewed, reviewedNews].map((r) => r.statusCode)).toEqual([
        200, 200, 200,
      ]);
      expect(await rowOf('tweets', item.id)).toMatchObject({
        manually_changed_by: 'reviewer2',
        reviewed_by: 'reviewer2',
      });
      expect(await rowOf('news', newsId)).toMatchObject({ reviewed_by: 'reviewer2' });
      expect(reviewed.json()).toMatchObject({ reviewedBy: 'reviewer2' });
      const entries = await entriesOf('tweets', item.id);
      expect(entries.map((e) => e.actor)).toEqual(['reviewer2', 'reviewer2']);
      expect(entries[1]!.after.reviewedBy).toBe('reviewer2');
      expect((await entriesOf('news', newsId)).map((e) => [e.actor, e.after.reviewedBy])).toEqual([
        ['reviewer2', 'reviewer2'],
      ]);
    });
  });

  it('a write and its record are one transaction: when the record fails, the write is undone', async () => {
    const item = await freshTweet();
    const failing = (q: Queryable): Queryable => ({
      async query<R extends object>(sql: string, params?: unknown[]) {
        if (sql.includes('INSERT INTO item_history')) throw new Error('history is full');
        return q.query<R>(sql, params);
      },
    });
    const base = db();
    const broken: Database = {
      engine: base.engine,
      query: failing(base).query,
      transaction: (fn) => base.transaction((tx) => fn(failing(tx))),
      close: async () => undefined,
      listen: (channel, handlers) => base.listen(channel, handlers),
    };
    const built = await buildServer(api.server.context.config, broken);
    try {
      const res = await built.app.inject({
        method: 'PUT',
        url: '/twitter-service/manually-eliminate',
        headers: { ...api.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(keyOf(item)),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await built.app.close();
    }
    expect(await tweet(item.id)).toEqual(item);
    expect(await entriesOf('tweets', item.id)).toEqual([]);
  });

  it("a model run's changes are in the history, between the writes around them", async () => {
    const item = await freshTweet();
    const eliminated = (
      await api.call('tweets.manualChange', {
        params: { case: 'manually-eliminate' },
        body: keyOf(item),
      })
    ).json<ServerTweetItem>();
    // Lower the ratio far from anything the model gives, so that the run surely changes it.
    await db().query('UPDATE tweets SET nlp_decision_ratio = 0.0000042 WHERE id = $1', [item.id]);
    const started = await api.call('tweets.createModel');
    const { runId } = started.json<{ runId: number }>();
    await api.server.modelJobs.idle();
    const [change] = await db().query<{ old_ratio: number; new_ratio: number }>(
      'SELECT old_ratio, new_ratio FROM model_run_changes WHERE run_id = $1 AND item_id = $2',
      [runId, item.id],
    );
    expect(change).toBeDefined();
    const reviewed = (
      await api.call('tweets.reviewed', { params: { id: item.id }, body: 'reviewer1' })
    ).json<ServerTweetItem>();
    const entries = await entriesOf('tweets', item.id);
    expect(entries.map((e) => e.source)).toEqual(['single', 'model', 'single']);
    const [run] = await db().query<{ finished_at: Date }>(
      'SELECT finished_at FROM model_runs WHERE id = $1',
      [runId],
    );
    expect(entries[1]).toEqual({
      at: run!.finished_at.toISOString(),
      actor: 'reviewer1',
      call: 'POST /nlp-service/create-tweet-model',
      source: 'model',
      bulkRunId: null,
      modelRunId: runId,
      // The run changed the ratio of an item a human had decided; the decision stayed.
      before: { ...stateOf(reviewed), nlpDecisionRatio: 0.0000042, selected: false },
      after: { ...stateOf(reviewed), nlpDecisionRatio: change!.new_ratio, selected: false },
    });
    expect(entries[0]!.after).toEqual(stateOf(eliminated));
    expect(entries[2]!.before.nlpDecisionRatio).toBe(change!.new_ratio);
    expect(entries[2]!.after).toEqual(stateOf(reviewed));
  });

  it('answers 404 for an item that does not exist, and only to ADMIN', async () => {
    const res = await historyOf('news', 99_999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error_description: string }>().error_description).toBe(
      'No news item with data id 99999999.',
    );
    expect((await historyOf('tweets', 1, await api.as('viewer'))).statusCode).toBe(403);
    expect((await historyOf('tweets', 1, await api.as(null))).statusCode).toBe(401);
  });
});
