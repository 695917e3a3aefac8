import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../../src/main/core/passwordCipher';
import { DEFAULT_PASSWORD_KEY } from '../../../src/shared/constants';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';

interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

function claimsOf(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

function signInRequest(username: string, password = 'demo'): RequestInit {
  return form({
    scope: 'openid',
    grant_type: 'password',
    client_id: 'data-quality-center',
    username,
    password: encryptPassword(password, DEFAULT_PASSWORD_KEY),
  });
}

function refreshRequest(refreshToken: string): RequestInit {
  return form({
    refresh_token: refreshToken,
    client_id: 'data-quality-center',
    grant_type: 'refresh_token',
  });
}

let provider: SpecProvider;

async function signIn(username = 'reviewer1'): Promise<Tokens> {
  const res = await fetch(`${provider.url}/sign-in`, signInRequest(username));
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

/** A data call with a bearer token and, when given, a JSON body. */
async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${provider.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const REVIEW_DEFAULTS = {
  startDate: '2022-01-01T00:00',
  endDate: null,
  isEliminated: 'null',
  isManuallyChanged: 'null',
  isReviewed: 'null',
  reviewedBy: null,
  sortBy: 'desc',
  startIndex: 0,
  keyword: '',
};

describe('spec provider', () => {
  beforeEach(async () => {
    provider = await startSpecProvider();
  });
  afterEach(async () => {
    await provider.close();
  });

  describe('auth', () => {
    it('signs in a demo user with the AES password and issues JWT-shaped tokens', async () => {
      const tokens = await signIn('reviewer2');
      const claims = claimsOf(tokens.access_token);
      expect(claims).toMatchObject({
        preferred_username: 'reviewer2',
        realm_access: { roles: ['ADMIN'] },
      });
      expect(typeof claims.sub).toBe('string');
      const now = Math.floor(Date.now() / 1000);
      expect(claims.exp).toBeGreaterThanOrEqual(now + 295);
      expect(claims.exp).toBeLessThanOrEqual(now + 300);
      expect(claimsOf(tokens.id_token).sub).toBe(claims.sub);
      expect(tokens.refresh_token).toMatch(/\S/);
    });

    it('gives noroles a realm_access without roles', async () => {
      const claims = claimsOf((await signIn('noroles')).access_token);
      expect(claims.realm_access).toEqual({});
    });

    it('answers a wrong password and an unknown user with 401 and a body', async () => {
      const wrong = await fetch(`${provider.url}/sign-in`, signInRequest('reviewer1', 'nope'));
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
      const unknown = await fetch(`${provider.url}/sign-in`, signInRequest('mallory'));
      expect(unknown.status).toBe(401);
    });

    it('rotates refresh tokens: a used one is invalid_grant, the new one works', async () => {
      const first = await signIn();
      const rotated = await fetch(`${provider.url}/refresh`, refreshRequest(first.refresh_token));
      expect(rotated.status).toBe(200);
      const second = (await rotated.json()) as Tokens;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.access_token).not.toBe(first.access_token);

      const reused = await fetch(`${provider.url}/refresh`, refreshRequest(first.refresh_token));
      expect(reused.status).toBe(400);
      expect(await reused.json()).toEqual({ error: 'invalid_grant' });

      const unknown = await fetch(`${provider.url}/refresh`, refreshRequest('made-up'));
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ error: 'invalid_grant' });

      const again = await fetch(`${provider.url}/refresh`, refreshRequest(second.refresh_token));
      expect(again.status).toBe(200);
    });

    it('signs out with Bearer and Id-Token: 200 empty, then the tokens are dead', async () => {
      const tokens = await signIn();
      const out = await fetch(`${provider.url}/dqc-sign-out`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens.access_token}`,
          'id-token': tokens.id_token,
        },
      });
      expect(out.status).toBe(200);
      expect(await out.text()).toBe('');
      expect((await call('GET', '/twitter-service/get-keywords', tokens.access_token)).status).toBe(
        401,
      );
      const refresh = await fetch(`${provider.url}/refresh`, refreshRequest(tokens.refresh_token));
      expect(refresh.status).toBe(400);
      expect(provider.seen.at(-3)).toMatchObject({
        path: '/dqc-sign-out',
        idToken: tokens.id_token,
        authorization: `Bearer ${tokens.access_token}`,
      });
    });
  });

  describe('bearer check', () => {
    it('answers 401 without a token, with an unknown token, and with an expired one', async () => {
      expect((await call('GET', '/twitter-service/get-keywords', null)).status).toBe(401);
      expect((await call('GET', '/twitter-service/get-keywords', 'a.b.c')).status).toBe(401);

      await provider.close();
      provider = await startSpecProvider({ accessTokenTtlSeconds: 0 });
      const expired = await signIn();
      expect(
        (await call('GET', '/twitter-service/get-keywords', expired.access_token)).status,
      ).toBe(401);
    });

    it('answers 403 to a signed-in user without ADMIN (viewer, noroles) and 200 to a reviewer', async () => {
      for (const username of ['viewer', 'noroles']) {
        const { access_token } = await signIn(username);
        expect((await call('GET', '/news-service/get-keywords', access_token)).status).toBe(403);
      }
      const { access_token } = await signIn('reviewer3');
      expect((await call('GET', '/news-service/get-keywords', access_token)).status).toBe(200);
    });

    it('answers 404 to a route SPEC.md 7 does not have', async () => {
      const { access_token } = await signIn();
      expect((await call('GET', '/twitter-service/get-everything', access_token)).status).toBe(404);
      expect((await call('DELETE', '/configuration-service/dqc/get-currencies', null)).status).toBe(
        404,
      );
    });
  });

  describe('review', () => {
    let token: string;
    beforeEach(async () => {
      token = (await signIn()).access_token;
    });

    it('answers a manual eliminate with an empty 200 and really eliminates the tweet', async () => {
      const tweet = provider.state.tweets.find((t) => t.selected && !t.manuallyChanged)!;
      const res = await call('PUT', '/twitter-service/manually-eliminate', token, {
        tweetId: String(tweet.tweetId),
        twitterUserName: tweet.twitterUserName,
        keyword: '',
        keywordType: 'NO_FILTER',
        unwantedUsage: '',
        reviewedBy: 'reviewer1',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBeNull();
      expect(await res.text()).toBe('');
      expect(tweet.selected).toBe(false);
      expect(tweet.manuallyChanged).toBe(true);
    });

    it('answers reviewed (a JSON-string body) with 204 and records the reviewer', async () => {
      const item = provider.state.news.find((n) => n.reviewedBy === null)!;
      const res = await call('PUT', `/news-service/${item.id}/reviewed`, token, 'reviewer1');
      expect(res.status).toBe(204);
      expect(item.reviewedBy).toBe('reviewer1');
      const found = await call('POST', `/news-service/find-by-id/${item.id}`, token);
      expect(((await found.json()) as { reviewedBy: string }).reviewedBy).toBe('reviewer1');
    });

    it('lists entries that leave out fields, send null lists and number ids', async () => {
      const tweets: Record<string, unknown>[] = [];
      for (const startIndex of [0, 1, 2]) {
        const res = await call('POST', '/twitter-service/filter', token, {
          ...REVIEW_DEFAULTS,
          startIndex,
        });
        tweets.push(...((await res.json()) as Record<string, unknown>[]));
      }
      expect(tweets).toHaveLength(45);
      expect(tweets.some((t) => !('accountName' in t))).toBe(true);
      expect(tweets.some((t) => !('url' in t))).toBe(true);
      expect(tweets.some((t) => t.message === null)).toBe(true);
      expect(tweets.some((t) => t.unwantedUsage === null)).toBe(true);
      expect(tweets.some((t) => typeof t.tweetId === 'number')).toBe(true);

      const news = (await (
        await call('POST', '/news-service/filter', token, REVIEW_DEFAULTS)
      ).json()) as Record<string, unknown>[];
      expect(news.some((n) => !('cryptoTagsList' in n))).toBe(true);
      expect(news.some((n) => typeof n.newsId === 'number')).toBe(true);
    });

    it('pages by 20 and honours the sort order and the flag filters', async () => {
      const page = async (body: Record<string, unknown>) =>
        (await (
          await call('POST', '/twitter-service/filter', token, { ...REVIEW_DEFAULTS, ...body })
        ).json()) as { id: number; detectTime: string; selected: boolean; reviewedBy: string }[];
      expect(await page({})).toHaveLength(20);
      expect(await page({ startIndex: 2 })).toHaveLength(5);
      const desc = await page({});
      const asc = await page({ sortBy: 'asc' });
      expect(desc[0]!.detectTime > desc[1]!.detectTime).toBe(true);
      expect(asc[0]!.detectTime < asc[1]!.detectTime).toBe(true);
      const eliminated = await page({ isEliminated: 'true' });
      expect(eliminated.length).toBeGreaterThan(0);
      expect(eliminated.every((t) => !t.selected)).toBe(true);
      const byReviewer = await page({ isReviewed: 'true', reviewedBy: 'reviewer2' });
      expect(byReviewer.length).toBeGreaterThan(0);
      expect(byReviewer.every((t) => t.reviewedBy === 'reviewer2')).toBe(true);
    });

    it('answers counts as text: text/plain for tweets, a JSON string for news', async () => {
      const tweets = await call('POST', '/twitter-service/count', token, REVIEW_DEFAULTS);
      expect(tweets.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await tweets.text()).toBe('45');

      const eliminated = provider.state.tweets.filter((t) => !t.selected).length;
      const filtered = await call('POST', '/twitter-service/count', token, {
        ...REVIEW_DEFAULTS,
        isEliminated: 'true',
      });
      expect(await filtered.text()).toBe(String(eliminated));

      const news = await call('POST', '/news-service/count', token, REVIEW_DEFAULTS);
      expect(news.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await news.text()).toBe('"30"');
    });
  });

  describe('reference data', () => {
    const C = '/configuration-service/dqc';
    let token: string;
    beforeEach(async () => {
      token = (await signIn()).access_token;
    });

    it('saving a queued currency moves it into the catalogue and out of the count', async () => {
      const queued = provider.state.newCurrencies[4]!;
      const before = await call('GET', `${C}/find-new-currencies-filter-count?currencyId=0`, token);
      expect(before.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await before.text()).toBe('30');

      const save = await call('POST', `${C}/save-new-currency`, token, {
        currencyId: queued.currencyId,
        rank: queued.rank,
        currency: queued.currency,
        name: queued.name,
        uniqueName: queued.uniqueName,
        searchWithCurrency: 'false',
        active: 'true',
        unwantedUsages: [],
        tags: ['defi'],
      });
      expect(save.status).toBe(200);
      expect(await save.text()).toBe('true');

      const after = await call('GET', `${C}/find-new-currencies-filter-count?currencyId=0`, token);
      expect(await after.text()).toBe('29');
      const page = (await (
        await call('GET', `${C}/get-new-currencies?currencyId=0&startIndex=0`, token)
      ).json()) as { uniqueName: string }[];
      expect(page.map((c) => c.uniqueName)).not.toContain(queued.uniqueName);
      const catalogue = (await (
        await call('GET', `${C}/get-currencies-includes-${queued.uniqueName}`, token)
      ).json()) as { uniqueName: string; tags: string[]; searchWithCurrency: boolean }[];
      expect(catalogue).toEqual([
        expect.objectContaining({
          uniqueName: queued.uniqueName,
          tags: ['defi'],
          searchWithCurrency: false,
        }),
      ]);
    });

    it('saves a new market through save-new-currency with a marketId body', async () => {
      const queued = provider.state.newMarkets[1]!;
      const res = await call('POST', `${C}/save-new-currency`, token, {
        marketId: queued.marketId,
        name: queued.name,
        uniqueName: queued.uniqueName,
        search: true,
        unwantedUsages: [],
        tags: [],
        active: true,
      });
      expect(res.status).toBe(200);
      const markets = (await (
        await call('GET', `${C}/get-markets-includes-${queued.uniqueName}`, token)
      ).json()) as { marketId: number }[];
      expect(markets.map((m) => m.marketId)).toEqual([queued.marketId]);
      expect(provider.state.newMarkets.map((m) => m.marketId)).not.toContain(queued.marketId);
    });

    it('answers image checks true or false', async () => {
      const [withImage, withoutImage] = provider.state.newCurrencies;
      const check = async (uniqueName: string) =>
        (await call('GET', `${C}/check-currency-image?uniqueName=${uniqueName}`, token)).text();
      expect(await check(withImage!.uniqueName)).toBe('true');
      expect(await check(withoutImage!.uniqueName)).toBe('false');
    });

    it('records method, path, query, body and headers of each request', async () => {
      await fetch(`${provider.url}${C}/get-mismatch-trading-pairs?market=BINANCE&currency=`, {
        headers: { authorization: `Bearer ${token}`, 'user-id': 'u-42' },
      });
      expect(provider.seen.at(-1)).toEqual({
        method: 'GET',
        path: `${C}/get-mismatch-trading-pairs`,
        query: { market: 'BINANCE', currency: '' },
        body: '',
        contentType: undefined,
        authorization: `Bearer ${token}`,
        userId: 'u-42',
        idToken: undefined,
      });
    });
  });
});
