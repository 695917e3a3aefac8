/**
 * The conditional-writes extension (src/shared/conflict.ts) on each engine: every review item
 * carries its version, every write raises it, and a decision that names a version with If-Match is
 * written only while the item still has it. A stale one is refused with 412 and the item as it is
 * now, a malformed one with 400; either way nothing is written (the row and its history as they
 * were).
 */
import { describe, expect, it } from 'vitest';
import type { ServerNewsItem, ServerTweetItem } from '../../src/server/review/items';
import { useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

describe.each(ENGINES)('conditional writes on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const db = () => api.server.context.db;

  /** A kept tweet no one has decided or reviewed, that no other test of this suite takes. */
  let nextFresh = 0;
  const freshTweet = async (): Promise<ServerTweetItem> => {
    const [row] = await db().query<{ id: number }>(
      `SELECT id FROM tweets WHERE NOT manually_changed AND reviewed_by IS NULL
         AND NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post AND selected
       ORDER BY id OFFSET $1 LIMIT 1`,
      [nextFresh++],
    );
    return tweet(Number(row!.id));
  };
  const tweet = async (id: number) =>
    (await api.call('tweets.findById', { params: { id } })).json<ServerTweetItem>();
  const changeBody = (t: ServerTweetItem, keyword: string | null = null) => ({
    tweetId: t.tweetId,
    twitterUserName: t.twitterUserName,
    keyword,
    keywordType: keyword ? 'RELATIVE' : 'NO_FILTER',
    unwantedUsage: null,
    reviewedBy: 'reviewer1',
  });
  /** The row itself and the count of its history: what "nothing written" compares. */
  const rowOf = async (id: number) => {
    const [row] = await db().query(
      `SELECT selected, manually_changed, manually_changed_by, reviewed_by, eliminated_keyword,
              version, changed_at,
              (SELECT count(*)::int FROM item_history WHERE service = 'tweets' AND item_id = $1) AS history
         FROM tweets WHERE id = $1`,
      [id],
    );
    return row;
  };

  it('is listed by capabilities', async () => {
    const res = await api.inject({ method: 'GET', url: '/dqc-extensions/capabilities' });
    expect(res.json<{ extensions: { name: string }[] }>().extensions).toContainEqual({
      name: 'conditional-writes',
      version: 1,
    });
  });

  it('the list and find by id carry the version; each decision raises it and says who and when', async () => {
    const item = await freshTweet();
    expect(item).toMatchObject({ version: 0, manuallyChangedBy: null, changedAt: null });
    const [listed] = (
      await api.call('tweets.filter', {
        body: {
          startDate: '2022-01-01T00:00',
          isEliminated: 'null',
          isManuallyChanged: 'null',
          isReviewed: 'null',
          sortBy: 'desc',
          startIndex: 0,
        },
      })
    ).json<ServerTweetItem[]>();
    expect(typeof listed!.version).toBe('number');

    const reviewer2 = await api.as('reviewer2');
    const eliminated = await reviewer2.call('tweets.manualChange', {
      params: { case: 'manually-eliminate' },
      body: { ...changeBody(item), reviewedBy: 'reviewer2' },
    });
    expect(eliminated.statusCode).toBe(200);
    const afterEliminate = eliminated.json<ServerTweetItem>();
    expect(afterEliminate).toMatchObject({ version: 1, manuallyChangedBy: 'reviewer2' });
    expect(Number.isNaN(Date.parse(afterEliminate.changedAt!))).toBe(false);

    const keyword = await api.call('tweets.addEliminatedKeyword', {
      body: changeBody(item, 'versionword'),
    });
    expect(keyword.json<ServerTweetItem>().version).toBe(2);
    const reviewed = await api.call('tweets.reviewed', {
      params: { id: item.id },
      body: 'reviewer1',
    });
    expect(reviewed.json<ServerTweetItem>()).toMatchObject({ version: 3, reviewedBy: 'reviewer1' });
    expect((await tweet(item.id)).version).toBe(3);
  });

  it('If-Match with the version the item has: written, and the version goes up', async () => {
    const item = await freshTweet();
    const res = await api.call('tweets.manualChange', {
      params: { case: 'manually-eliminate' },
      body: changeBody(item),
      headers: { 'if-match': `"${item.version}"` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ServerTweetItem>()).toMatchObject({
      selected: false,
      version: item.version + 1,
      manuallyChangedBy: 'reviewer1',
    });
    const reviewed = await api.call('tweets.reviewed', {
      params: { id: item.id },
      body: 'reviewer1',
      headers: { 'if-match': `"${item.version + 1}"` },
    });
    expect(reviewed.statusCode).toBe(200);
  });

  it('If-Match with a version the item no longer has: 412 with the item now, nothing written', async () => {
    const item = await freshTweet();
    const reviewer2 = await api.as('reviewer2');
    await reviewer2.call('tweets.manualChange', {
      params: { case: 'manually-eliminate' },
      body: { ...changeBody(item), reviewedBy: 'reviewer2' },
    });
    const before = await rowOf(item.id);
    // Each decision, each with the version reviewer1's card showed.
    const stale = { 'if-match': `"${item.version}"` };
    const answers = [
      await api.call('tweets.manualChange', {
        params: { case: 'manually-select' },
        body: changeBody(item, 'staleword'),
        headers: stale,
      }),
      await api.call('tweets.addEliminatedKeyword', {
        body: changeBody(item, 'staleword'),
        headers: stale,
      }),
      await api.call('tweets.reviewed', {
        params: { id: item.id },
        body: 'reviewer1',
        headers: stale,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(412);
      const body = res.json<{
        error: string;
        error_description: string;
        current: ServerTweetItem;
      }>();
      expect(body.error).toBe('precondition_failed');
      expect(body.error_description).toMatch(/version 1, not 0/);
      expect(body.current).toMatchObject({
        id: item.id,
        selected: false,
        manuallyChangedBy: 'reviewer2',
        reviewedBy: null,
        version: 1,
      });
      expect(body.current.changedAt).not.toBeNull();
    }
    expect(await rowOf(item.id)).toEqual(before);
    const keywords = await db().query(`SELECT 1 FROM tweet_keywords WHERE keyword = 'staleword'`);
    expect(keywords).toEqual([]);
  });

  it('an If-Match that is not a version: 400 with a message, nothing written', async () => {
    const item = await freshTweet();
    const before = await rowOf(item.id);
    for (const value of ['abc', '0', 'W/"0"', '"0", "1"', '"-1"', '""']) {
      const res = await api.call('tweets.manualChange', {
        params: { case: 'manually-eliminate' },
        body: changeBody(item),
        headers: { 'if-match': value },
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json<{ error_description: string }>().error_description).toMatch(
        /^If-Match: expected one item version in quotes/,
      );
    }
    const reviewed = await api.call('tweets.reviewed', {
      params: { id: item.id },
      body: 'reviewer1',
      headers: { 'if-match': 'latest' },
    });
    expect(reviewed.statusCode).toBe(400);
    expect(await rowOf(item.id)).toEqual(before);
  });

  it('news: the same check on the news decisions', async () => {
    const [row] = await db().query<{ id: number }>(
      'SELECT id FROM news WHERE NOT manually_changed AND reviewed_by IS NULL ORDER BY id LIMIT 1',
    );
    const item = (
      await api.call('news.findById', { params: { id: Number(row!.id) } })
    ).json<ServerNewsItem>();
    const body = {
      newsId: item.newsId,
      website: item.website,
      keyword: null,
      newsKeywordType: 'NO_FILTER',
      unwantedUsage: null,
      accountName: item.accountName,
      reviewedBy: 'reviewer1',
    };
    const stale = await api.call('news.manualChange', {
      params: { case: 'manually-select' },
      body,
      headers: { 'if-match': `"${item.version + 5}"` },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ current: ServerNewsItem }>().current.version).toBe(item.version);
    const written = await api.call('news.manualChange', {
      params: { case: 'manually-select' },
      body,
      headers: { 'if-match': `"${item.version}"` },
    });
    expect(written.statusCode).toBe(200);
    expect(written.json<ServerNewsItem>().version).toBe(item.version + 1);
  });
});
