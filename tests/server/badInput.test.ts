/**
 * Bad input never reaches a 500 (RELIABILITY.md, "The server never answers 500 to bad input"):
 * integers beyond the database's columns, path parameters of any length and script, NUL characters,
 * prototype-poisoning JSON keys. Each is refused with the server's error body and a sentence, or
 * served.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DATA_CALLS } from '../../src/shared/api';
import { clientErrorOfDatabase } from '../../src/server/http/databaseErrors';
import { useServer } from '../support/serverHarness';
import { ENGINES, signInFields } from '../support/testServer';

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; error_description: string }>();

/** Every declared call with a search text in its path: /…/get-…-includes-{text}. */
const SEARCH_CALLS = DATA_CALLS.filter((entry) => entry.call.path.includes('{text}'));

/** Search texts of every length and script, as a reviewer might paste them, %-encoded. */
const SEARCH_TEXTS: [string, string][] = (
  [
    ['plain', 'bit'],
    ['accented', 'Ünïcödé €'],
    ['emoji', '🚀🌕 to the moon'],
    ['CJK', '比特币'],
    ['right-to-left', 'بيتكوين'],
    ['combining marks', 'e\u0301\u0301\u0301'],
    ['percent and slash', '100%/50% ?#&='],
    ['spaces only', '   '],
    ['100 characters', 'x'.repeat(100)],
    ['101 characters', 'x'.repeat(101)],
    ['100 emoji', '🚀'.repeat(100)],
    ['1000 characters', 'y'.repeat(1000)],
    ['1001 characters', 'y'.repeat(1001)],
    ['20000 characters', 'z'.repeat(20_000)],
    ['a NUL', 'a\u0000b'],
  ] as [string, string][]
)
  .map(([name, text]): [string, string] => [name, encodeURIComponent(text)])
  // A lone surrogate's bytes (no client can encode one; a hand-made URL can).
  .concat([['a lone surrogate', '%ED%A0%80x']]);

describe.each(ENGINES)('bad input on %s', (engine) => {
  const api = useServer({ engine });
  const send = api.call;
  const count = async (table: string) =>
    (
      await api.server.context.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
    )[0]!.n;

  describe('integers beyond the columns', () => {
    it.each([
      ['tweets.deleteKeyword', { params: { id: '2147483648' } }, 'id'],
      ['news.deleteKeyword', { params: { id: '99999999999' } }, 'id'],
      ['currencies.getNewCurrencies', { query: { currencyId: '123456789012345' } }, 'currencyId'],
      ['currencies.countNewCurrencies', { query: { currencyId: '2147483648' } }, 'currencyId'],
      ['currencies.getNewVersionCurrencies', { query: { currencyId: '1e15' } }, 'currencyId'],
      ['currencies.getNewCurrencies', { query: { startIndex: '99999999999' } }, 'startIndex'],
      [
        'tweets.updateKeyword',
        { body: { id: 99999999999, keyword: 'x', type: 'IMPORTANT' } },
        'id',
      ],
      ['news.deleteUnwantedUsage', { body: { id: 2 ** 31, unwantedUsage: 'u' } }, 'id'],
      [
        'currencies.saveNewCurrency',
        {
          body: {
            currencyId: 2 ** 31,
            rank: 1,
            currency: 'X',
            name: 'x',
            uniqueName: 'x',
            searchWithCurrency: true,
            active: true,
          },
        },
        'currencyId',
      ],
      [
        'markets.updateMarket',
        { body: { marketId: 1e12, uniqueName: 'm', name: 'm', search: true, active: true } },
        'marketId',
      ],
      [
        'markets.deleteTagOfMarket',
        { body: { marketId: 2 ** 53, uniqueName: 'm', tag: 't' } },
        'marketId',
      ],
    ] as const)('%s %j: 400 saying which field is too large', async (id, parts, field) => {
      const res = await send(id, parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).error_description).toContain(`${field} is too large`);
    });

    it('takes review item ids up to the bigint range (an unknown one is 404, not 500)', async () => {
      const res = await send('tweets.findById', { params: { id: '99999999999' } });
      expect(res.statusCode).toBe(404);
      const huge = await send('news.findById', { params: { id: '9'.repeat(25) } });
      expect(huge.statusCode).toBe(400);
      expect(errorOf(huge).error_description).toContain('id is too large');
    });
  });

  describe('search texts in the path', () => {
    it('covers every declared includes-search', () => {
      expect(SEARCH_CALLS.length).toBeGreaterThanOrEqual(5);
    });

    for (const entry of SEARCH_CALLS) {
      it(`${entry.id}: any length and script is served or refused with a sentence`, async () => {
        const statuses: Record<string, number> = {};
        for (const [name, text] of SEARCH_TEXTS) {
          const res = await send(entry, { rawParams: { text } });
          statuses[name] = res.statusCode;
          if (res.statusCode === 200) {
            expect(Array.isArray(res.json()), name).toBe(true);
          } else {
            expect([400, 414], name).toContain(res.statusCode);
            expect(errorOf(res).error, name).toBe('invalid_request');
            expect(errorOf(res).error_description, name).toMatch(/^[A-Za-z].+\S$/);
          }
        }
        expect(statuses).toMatchObject({
          plain: 200,
          accented: 200,
          emoji: 200,
          CJK: 200,
          'right-to-left': 200,
          '100 characters': 200,
          '100 emoji': 200,
          '101 characters': 400,
          '1000 characters': 400,
          '1001 characters': 414,
          '20000 characters': 414,
          'a NUL': 400,
        });
      });
    }

    it('a %-escape that is not UTF-8 is a 400 with a sentence', async () => {
      const res = await send('currencies.getCurrenciesIncludes', {
        rawParams: { text: '%E0%A4%A' },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        error: 'invalid_request',
        error_description: 'The path is not valid: it holds a %-escape that is not UTF-8.',
      });
    });

    it('a parameter past the router limit is a 414 with a sentence', async () => {
      const res = await send('tweets.getKeywordsIncludes', { params: { text: 'x'.repeat(1001) } });
      expect(res.statusCode).toBe(414);
      expect(errorOf(res).error_description).toBe(
        'A path parameter is longer than 1000 characters.',
      );
    });
  });

  describe("this server's own length limits (the client's bridge does not apply them)", () => {
    const currency = {
      currency: 'BTC',
      name: 'Bitcoin',
      uniqueName: 'bitcoin',
      active: true,
      searchWithCurrency: false,
    };
    const update = (body: object) => send('currencies.updateCurrency', { body });

    it('refuses a name over 200 characters and a list over 200 entries, naming each', async () => {
      const longName = await update({ ...currency, name: 'N'.repeat(201) });
      expect(longName.statusCode).toBe(400);
      expect(errorOf(longName).error_description).toBe(
        'name: name is too long for this server (at most 200 characters)',
      );
      const manyTags = await update({
        ...currency,
        tags: Array.from({ length: 201 }, (_, i) => `t${i}`),
      });
      expect(manyTags.statusCode).toBe(400);
      expect(errorOf(manyTags).error_description).toBe(
        'tags: too many tags for this server (at most 200)',
      );
      const longTag = await update({ ...currency, tags: ['ok', 't'.repeat(201)] });
      expect(errorOf(longTag).error_description).toBe(
        'tags.1: tags entries is too long for this server (at most 200 characters)',
      );
    });

    it('takes a name of 200 characters once trimmed', async () => {
      const res = await update({ ...currency, name: ` ${'N'.repeat(200)} ` });
      expect(res.statusCode).toBeLessThan(300);
    });

    it('refuses a reviewed body (a JSON string) over its limit', async () => {
      const res = await send('tweets.reviewed', { params: { id: 1 }, body: 'r'.repeat(101) });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toBe(
        'body: the username is too long for this server (at most 100 characters)',
      );
    });
  });

  describe('NUL characters (PostgreSQL text cannot hold them)', () => {
    it('are refused in a body field, naming it, and nothing is written', async () => {
      const before = await count('tweet_keywords');
      const res = await send('tweets.addKeyword', {
        body: { keyword: 'nul\u0000word', type: 'IMPORTANT' },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toBe(
        'keyword: may not contain the NUL character (\\u0000).',
      );
      expect(await count('tweet_keywords')).toBe(before);
    });

    it('are refused in a nested list entry, a query field and a JSON string body', async () => {
      const tags = await send('currencies.updateCurrency', {
        body: {
          currency: 'X',
          name: 'x',
          uniqueName: 'x',
          active: true,
          searchWithCurrency: true,
          tags: ['ok', 'b\u0000d'],
        },
      });
      expect(tags.statusCode).toBe(400);
      expect(errorOf(tags).error_description).toMatch(/^tags\.1: may not contain/);
      const query = await send('currencies.getNewCurrencies', {
        query: { currencySymbolNameOrUniqueName: 'a\u0000b' },
      });
      expect(query.statusCode).toBe(400);
      expect(errorOf(query).error_description).toMatch(/^currencySymbolNameOrUniqueName:/);
      const reviewed = await send('tweets.reviewed', {
        params: { id: 1 },
        body: 'reviewer\u00001',
      });
      expect(reviewed.statusCode).toBe(400);
      expect(errorOf(reviewed).error_description).toMatch(/^body: may not contain/);
    });

    it('are refused in the sign-in form (400, not a 500 from the user lookup)', async () => {
      const anonymous = await api.as(null);
      const res = await anonymous.call('auth.signIn', {
        body: signInFields('reviewer\u00001', 'demo'),
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toMatch(/^username: may not contain/);
    });
  });

  describe('prototype poisoning in JSON bodies', () => {
    it.each([
      ['__proto__', '{"__proto__":{"admin":true},"keyword":"proto1","type":"IMPORTANT"}'],
      ['nested __proto__', '{"keyword":"proto2","type":"IMPORTANT","x":[{"__proto__":{}}]}'],
      [
        'constructor.prototype',
        '{"constructor":{"prototype":{"admin":true}},"keyword":"proto3","type":"IMPORTANT"}',
      ],
    ])('a body with %s is refused with 400 and nothing is written', async (_name, payload) => {
      const before = await count('tweet_keywords');
      const res = await send('tweets.addKeyword', { rawBody: payload });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        error: 'invalid_request',
        error_description: 'The body may not hold a "__proto__" or "constructor.prototype" key.',
      });
      expect(await count('tweet_keywords')).toBe(before);
    });

    it('a JSON null, a bare string and an empty body still get their own answers', async () => {
      const nullBody = await send('tweets.addKeyword', { rawBody: 'null' });
      expect(nullBody.statusCode).toBe(400);
      expect(errorOf(nullBody).error_description).not.toContain('__proto__');
      const broken = await send('tweets.addKeyword', { rawBody: '{"keyword":' });
      expect(errorOf(broken).error_description).toBe('The body is not valid JSON.');
    });
  });
});

describe('database errors that a request causes', () => {
  it('are client errors with a sentence; others are left to the 500 path', () => {
    expect(clientErrorOfDatabase({ code: '23505' })).toMatchObject({
      status: 409,
      error: 'duplicate',
    });
    expect(clientErrorOfDatabase({ code: '23503' })?.status).toBe(409);
    expect(clientErrorOfDatabase({ code: '22003' })?.status).toBe(400);
    expect(clientErrorOfDatabase({ code: '22021' })?.status).toBe(400);
    expect(clientErrorOfDatabase({ code: '23514' })?.status).toBe(400);
    expect(clientErrorOfDatabase({ code: '57P01' })).toBeNull();
    expect(clientErrorOfDatabase({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' })).toBeNull();
    expect(clientErrorOfDatabase(new Error('x'))).toBeNull();
  });
});
