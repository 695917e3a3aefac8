import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core/createCore';
import { startFakeProvider, type FakeProvider, type SeenRequest } from '../../support/fakeProvider';

/** A fake provider that records what core sends for each review channel. */
let provider: FakeProvider;
let seen: SeenRequest[];
let answers: Record<string, unknown>;
let core: Core;

const item = { id: 7, tweetId: 't7', twitterUserName: 'u', selected: true };

beforeEach(async () => {
  provider = await startFakeProvider(item);
  ({ seen, answers, core } = provider);
});
afterEach(() => provider.close());

const last = () => seen.at(-1)!;

describe('review bridge handlers', () => {
  it('lists with filter and count calls, plus the reviewed count for progress', async () => {
    answers['POST /twitter-service/filter'] = [item];
    answers['POST /twitter-service/count'] = 41;
    const result = await core.dispatch('review.list', {
      filterType: 'tweets',
      filter: {
        isEliminated: 'null',
        isManuallyChanged: 'null',
        isReviewed: 'null',
        sortBy: 'desc',
        startIndex: 2,
      },
    });
    expect(result).toEqual({ ok: true, data: { items: [item], total: 41, reviewed: 41 } });
    const counts = seen
      .filter((s) => s.url === '/twitter-service/count')
      .map((s) => JSON.parse(s.body) as { isReviewed: string });
    expect(counts.map((c) => c.isReviewed).sort()).toEqual(['null', 'true']);
  });

  it('fills reviewedBy from the session, whatever the page sends', async () => {
    await core.dispatch('review.change', {
      filterType: 'news',
      action: 'manually-eliminate',
      body: { newsId: 'n1', website: 'w', keyword: null },
    });
    expect(last().url).toBe('/news-service/manually-eliminate');
    expect(JSON.parse(last().body)).toMatchObject({ newsId: 'n1', reviewedBy: 'reviewer2' });
    const forged = await core.dispatch('review.change', {
      filterType: 'news',
      action: 'manually-select',
      body: { newsId: 'n1', website: 'w', reviewedBy: 'someone-else' },
    });
    expect(forged).toMatchObject({ ok: true });
    expect(JSON.parse(last().body)).toMatchObject({ reviewedBy: 'reviewer2' });
  });

  it('sends an eliminated keyword to the service-specific path', async () => {
    await core.dispatch('review.change', {
      filterType: 'tweets',
      action: 'add-eliminated-keyword',
      body: { tweetId: 't', twitterUserName: 'u', keyword: 'scam' },
    });
    expect(last()).toMatchObject({
      method: 'POST',
      url: '/twitter-service/add-eliminated-keyword-on-eliminated-tweet',
    });
  });

  it('marks reviewed with the username as a JSON string body', async () => {
    await core.dispatch('review.markReviewed', { filterType: 'news', id: 9 });
    expect(last()).toMatchObject({
      method: 'PUT',
      url: '/news-service/9/reviewed',
      body: '"reviewer2"',
    });
    expect(last().contentType).toMatch(/application\/json/);
  });

  it('finds by data id on each service path', async () => {
    await core.dispatch('review.findById', { filterType: 'tweets', id: 3 });
    expect(last().url).toBe('/twitter-service/3');
    await core.dispatch('review.findById', { filterType: 'news', id: 3 });
    expect(last().url).toBe('/news-service/find-by-id/3');
  });

  it('reports an unreadable server answer instead of passing it to the page', async () => {
    answers['POST /twitter-service/filter'] = { not: 'a list' };
    const result = await core.dispatch('review.list', {
      filterType: 'tweets',
      filter: {
        isEliminated: 'null',
        isManuallyChanged: 'null',
        isReviewed: 'null',
        sortBy: 'desc',
        startIndex: 0,
      },
    });
    expect(result).toMatchObject({ ok: false, error: { status: 502, code: 'BAD_ANSWER' } });
  });

  it('refuses a change payload of the wrong service shape', async () => {
    const result = await core.dispatch('review.change', {
      filterType: 'tweets',
      action: 'manually-select',
      body: { newsId: 'n1', website: 'w' },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
  });
});

describe('keyword bridge handlers', () => {
  it('lists all, or those containing a text, on the chosen service', async () => {
    answers['GET /news-service/get-keywords'] = [
      { id: 1, keyword: 'etf', type: 'IMPORTANT', unwantedUsages: [] },
    ];
    answers['GET /twitter-service/get-keywords-includes-bit%20coin'] = [];
    expect(await core.dispatch('keywords.list', { filterType: 'news' })).toMatchObject({
      ok: true,
      data: [{ keyword: 'etf' }],
    });
    await core.dispatch('keywords.list', { filterType: 'tweets', contains: ' bit coin ' });
    expect(last().url).toBe('/twitter-service/get-keywords-includes-bit%20coin');
  });

  it('adds, updates, deletes and removes an unwanted usage with the spec bodies', async () => {
    answers['POST /news-service/add-keyword'] = {
      id: 3,
      keyword: 'dao',
      type: 'RELATIVE',
      unwantedUsages: [],
    };
    await core.dispatch('keywords.add', { filterType: 'news', keyword: 'dao', type: 'RELATIVE' });
    expect(JSON.parse(last().body)).toEqual({ keyword: 'dao', type: 'RELATIVE' });
    answers['POST /news-service/update-keyword'] = {
      id: 3,
      keyword: 'dao',
      type: 'IMPORTANT',
      unwantedUsages: [],
    };
    await core.dispatch('keywords.update', {
      filterType: 'news',
      id: 3,
      keyword: 'dao',
      type: 'IMPORTANT',
    });
    expect(JSON.parse(last().body)).toEqual({ id: 3, keyword: 'dao', type: 'IMPORTANT' });
    await core.dispatch('keywords.delete', { filterType: 'tweets', id: 9 });
    expect(last()).toMatchObject({ method: 'DELETE', url: '/twitter-service/delete-keyword-9' });
    answers['POST /twitter-service/delete-unwantedUsage'] = {
      id: 9,
      keyword: 'x',
      type: 'IMPORTANT',
      unwantedUsages: [],
    };
    await core.dispatch('keywords.deleteUnwantedUsage', {
      filterType: 'tweets',
      id: 9,
      keyword: 'x',
      unwantedUsage: 'y',
    });
    expect(JSON.parse(last().body)).toEqual({ id: 9, keyword: 'x', unwantedUsage: 'y' });
  });

  it('refuses an unknown type before anything is sent', async () => {
    const before = seen.length;
    const result = await core.dispatch('keywords.add', {
      filterType: 'news',
      keyword: 'x',
      type: 'SOMETIMES',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    expect(seen.length).toBe(before);
  });
});
