import { beforeAll, describe, expect, it } from 'vitest';
import { insightCalls } from '../../src/shared/api/insight';
import { keywordImpactSchema, type KeywordImpactView } from '../../src/shared/responses/insight';
import { keywordImpact } from '../../src/server/insight/keywordImpact';
import { fold, keywordToken } from '../../src/server/insight/wholeWords';
import { useServer, type Caller } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

type Service = 'tweets' | 'news';

/**
 * Keyword impact (DESIGN.md, Extensions): per service, the items whose text holds the keyword as
 * whole words in any case, split into kept, eliminated and reviewed, with the five most recent and
 * where the keyword is in them. Every figure is checked against a plain scan of every item's text
 * with a regular expression written here, and the per-word counts the one-word keywords are read
 * from against the items after writes.
 */

/** Word characters as the whole-word rule has them (wordCharacters.ts says the same). */
const WORD = '0-9A-Za-z_\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff';

/** The plain rule: the keyword, its spaces any spaces, any case, no word character either side. */
function plainPattern(keyword: string): RegExp {
  const body = keyword
    .trim()
    .split(/\s+/u)
    .map((word) => word.replace(/[\\^$.*+?()[\]{}|/]/g, (c) => `\\${c}`))
    .join('\\s+');
  return new RegExp(`(?<![${WORD}])${body}(?![${WORD}])`, 'giu');
}

/** Texts on the edges of the rule, each in both services, newest last. */
const TEXTS = [
  'ETH staking is up',
  'Ethereum rallies while eth sleeps',
  'eth, ETH and Eth: three',
  'Buy $BTC now!',
  'buy US$BTC later',
  'buy #btc and $btc.',
  'US$BTC is not it',
  'double $$BTC counts',
  'A pump-and-dump? Again.',
  'pump-and-dumps are not one',
  'PUMP-AND-DUMP alert',
  'Spot Bitcoin ETF approved',
  'spot bitcoin   etf, twice spaced',
  'bitcoin\netf on two lines',
  'bitcoin, etf is not a phrase',
  'bitcoinetf is one word',
  'ÉTÉ chaud, été doux',
  'caféine is not café',
  '🚀bitcoin🚀 with emoji',
  'nothing to see',
  'web3 is up 100 percent, $100 in 2030',
];

describe('keyword impact: which keywords are read from the per-word counts', () => {
  it.each([
    ['bitcoin', 'bitcoin'],
    ['  $BTC ', '$btc'],
    ['Bitcoin   ETF', 'bitcoin etf'],
    ['buy $btc', 'buy $btc'],
    ['ÉTÉ', 'été'],
    ['web3', 'web3'],
    ['spot bitcoin etf', null],
    ['pump-and-dump', null],
    ['$', null],
    ['2024', null],
    ['$100', null],
    ['up 100', null],
    ['x'.repeat(101), null],
  ])('%j is counted as %j', (keyword, token) => {
    expect(keywordToken(keyword)).toBe(token);
  });
});

describe.each(ENGINES)('keyword impact on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const sql = <Row extends object>(text: string, params: unknown[] = []) =>
    api.server.context.db.query<Row>(text, params);
  const ask = (keyword: unknown, caller: Caller = api) =>
    caller.inject({
      method: 'POST',
      url: insightCalls.keywordImpact.path,
      payload: { keyword },
    });

  beforeAll(async () => {
    for (const [i, text] of TEXTS.entries()) {
      // Newer than the demo items: they are the recent matches.
      const time = new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString();
      const kept = i % 2 === 0;
      const reviewer = i % 3 === 0 ? 'reviewer2' : null;
      await sql(
        `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
           nlp_decision_ratio, selected, reviewed_by)
         VALUES ($1, 'impact', 'Impact', 'https://x.com/impact', $2, $3, $3, 0.5, $4, $5)`,
        [`impact-${i}`, text, time, kept, reviewer],
      );
      await sql(
        `INSERT INTO news (news_id, website, account_name, url, message, detect_time, nlp_decision_ratio, selected, reviewed_by)
         VALUES ($1, 'impact.example', 'Impact', 'https://impact.example', $2, $3, 0.5, $4, $5)`,
        [`impact-${i}`, text, time, !kept, reviewer],
      );
    }
  });

  interface Row {
    id: string;
    message: string;
    detect_time: Date | string;
    selected: boolean;
    reviewed_by: string | null;
  }

  /** What a scan of every item gives for a keyword. */
  async function plainImpact(service: Service, keyword: string) {
    const rows = await sql<Row>(
      `SELECT id, message, detect_time, selected, reviewed_by FROM ${service}`,
    );
    const pattern = plainPattern(keyword);
    const matching = rows
      .map((row) => ({
        row,
        time: new Date(row.detect_time).getTime(),
        matches: [...row.message.matchAll(pattern)].map((m) => ({
          start: m.index,
          length: m[0].length,
        })),
      }))
      .filter((m) => m.matches.length > 0);
    const recent = [...matching]
      .sort((a, b) => b.time - a.time || Number(b.row.id) - Number(a.row.id))
      .slice(0, 5);
    return {
      total: matching.length,
      kept: matching.filter((m) => m.row.selected).length,
      eliminated: matching.filter((m) => !m.row.selected).length,
      reviewed: matching.filter((m) => m.row.reviewed_by !== null).length,
      recent: recent.map((m) => ({
        id: Number(m.row.id),
        message: m.row.message,
        matches: m.matches,
      })),
    };
  }

  const KEYWORDS = [
    'eth',
    'ETH',
    'ethereum',
    '$btc',
    '#btc',
    'btc',
    'pump-and-dump',
    'bitcoin etf',
    '  Bitcoin   ETF ',
    'spot bitcoin etf',
    'buy $btc',
    'btc and',
    'staking is',
    '2030',
    '$100',
    'web3',
    'up 100',
    'bitcoin',
    'été',
    'ÉTÉ',
    'café',
    'the',
    'a',
    'nothing-like-this-anywhere',
  ];

  const figuresOf = (answer: KeywordImpactView, service: Service) => {
    const found = answer.services.find((s) => s.service === service)!;
    return {
      total: found.total,
      kept: found.kept,
      eliminated: found.eliminated,
      reviewed: found.reviewed,
      recent: found.recent.map((r) => ({ id: r.id, message: r.message, matches: r.matches })),
    };
  };

  it.each(KEYWORDS)('%j: the figures and recent matches are a plain scan’s', async (keyword) => {
    const res = await ask(keyword);
    expect(res.statusCode).toBe(200);
    const answer = keywordImpactSchema.parse(res.json());
    expect(answer.services.map((s) => s.service)).toEqual(['tweets', 'news']);
    for (const service of ['tweets', 'news'] as const)
      expect(figuresOf(answer, service), service).toEqual(await plainImpact(service, keyword));
  });

  it('matches whole words only, any case, a phrase across any spaces', async () => {
    const recentTexts = async (keyword: string) =>
      (await plainImpact('tweets', keyword)).recent.map((r) => r.message);
    const got = async (keyword: string) =>
      figuresOf(keywordImpactSchema.parse((await ask(keyword)).json()), 'tweets').recent.map(
        (r) => r.message,
      );
    // The rule itself, on the texts above (not only that the server agrees with the scan).
    expect(await got('eth')).toEqual(
      expect.arrayContaining([
        'ETH staking is up',
        'Ethereum rallies while eth sleeps',
        'eth, ETH and Eth: three',
      ]),
    );
    expect(await got('$btc')).toEqual(
      expect.arrayContaining(['Buy $BTC now!', 'buy #btc and $btc.', 'double $$BTC counts']),
    );
    expect(await got('$btc')).not.toContain('US$BTC is not it');
    expect((await got('pump-and-dump')).slice(0, 2)).toEqual([
      'PUMP-AND-DUMP alert',
      'A pump-and-dump? Again.',
    ]);
    expect((await got('bitcoin etf')).slice(0, 3)).toEqual([
      'bitcoin\netf on two lines',
      'spot bitcoin   etf, twice spaced',
      'Spot Bitcoin ETF approved',
    ]);
    expect((await got('café')).slice(0, 1)).toEqual(['caféine is not café']);
    expect((await recentTexts('café')).slice(0, 1)).toEqual(['caféine is not café']);
    expect(await got('ÉTÉ')).toContain('ÉTÉ chaud, été doux');
    const eth = figuresOf(keywordImpactSchema.parse((await ask('eth')).json()), 'tweets');
    expect(eth.recent.find((r) => r.message === 'eth, ETH and Eth: three')!.matches).toEqual([
      { start: 0, length: 3 },
      { start: 5, length: 3 },
      { start: 13, length: 3 },
    ]);
    // 'Ethereum' holds 'eth' but not as a word: only the later 'eth' is marked.
    expect(eth.recent.find((r) => r.message.startsWith('Ethereum'))!.matches).toEqual([
      { start: 23, length: 3 },
    ]);
    const emoji = figuresOf(keywordImpactSchema.parse((await ask('BITCOIN')).json()), 'tweets');
    // UTF-16 offsets: the rocket is two code units.
    expect(emoji.recent.find((r) => r.message.startsWith('🚀'))!.matches).toEqual([
      { start: 2, length: 7 },
    ]);
  });

  it('finds the recent matches the same by walking the newest items and through the index', async () => {
    const db = api.server.context.db;
    for (const keyword of KEYWORDS) {
      const walked = await keywordImpact(db, keyword, 0);
      const indexed = await keywordImpact(db, keyword, Number.POSITIVE_INFINITY);
      expect(walked, keyword).toEqual(indexed);
    }
  });

  it('an answer for a keyword of spaces alone finds nothing', async () => {
    const answer = keywordImpactSchema.parse((await ask('   ')).json());
    expect(answer.services.every((s) => s.total === 0 && s.recent.length === 0)).toBe(true);
  });

  it.each([
    [{ keyword: '' }, 'keyword'],
    [{}, 'keyword'],
    [{ keyword: 'x'.repeat(101) }, 'keyword'],
    [{ keyword: 42 }, 'keyword'],
  ])('answers 400 with a message for %j', async (body, field) => {
    const res = await api.inject({
      method: 'POST',
      url: insightCalls.keywordImpact.path,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error_description: string }>().error_description).toContain(field);
  });

  it('answers 401 without a token and 403 without ADMIN', async () => {
    expect((await ask('eth', await api.as(null))).statusCode).toBe(401);
    expect((await ask('eth', await api.as('viewer'))).statusCode).toBe(403);
  });

  describe('the per-word counts', () => {
    async function mismatches(service: Service) {
      const derived = `SELECT w.word, r.selected, r.reviewed_by IS NOT NULL AS reviewed, count(*) AS n
                         FROM ${service} AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
                        GROUP BY 1, 2, 3`;
      const kept = `SELECT word, selected, reviewed, n FROM ${service}_word_counts WHERE n <> 0`;
      const [missing, extra] = await Promise.all([
        sql<{ n: string }>(`SELECT count(*) AS n FROM (${derived} EXCEPT ${kept}) AS d`),
        sql<{ n: string }>(`SELECT count(*) AS n FROM (${kept} EXCEPT ${derived}) AS d`),
      ]);
      return { missing: Number(missing[0]!.n), extra: Number(extra[0]!.n) };
    }

    it.each(['tweets', 'news'] as const)(
      '%s: follow inserts, updates and deletes',
      async (service) => {
        expect(await mismatches(service)).toEqual({ missing: 0, extra: 0 });
        await sql(`UPDATE ${service} SET selected = NOT selected WHERE id % 3 = 0`);
        await sql(`UPDATE ${service} SET reviewed_by = 'reviewer3' WHERE id % 4 = 1`);
        await sql(`UPDATE ${service} SET reviewed_by = NULL WHERE id % 5 = 2`);
        await sql(`UPDATE ${service} SET message = message || ' Eth $ETH' WHERE id % 6 = 3`);
        await sql(`UPDATE ${service} SET nlp_decision_ratio = 0.3 WHERE id % 2 = 0`);
        await sql(`DELETE FROM ${service} WHERE id % 13 = 7`);
        expect(await mismatches(service)).toEqual({ missing: 0, extra: 0 });
        for (const keyword of ['eth', '$eth', 'bitcoin'])
          expect(
            figuresOf(keywordImpactSchema.parse((await ask(keyword)).json()), service),
            keyword,
          ).toEqual(await plainImpact(service, keyword));
      },
    );

    /**
     * Each decision's trigger upserts the count rows of its item's words and word pairs. Many
     * items sharing many words, in different subsets and orders, decided at once: unordered
     * upserts locked shared rows in opposite orders and PostgreSQL ended one as a deadlock (a
     * 500); sorted upserts (migration 15) make the later one wait. Every answer must be a 200 and
     * the counts a recount's. PGlite has one connection, so nothing there runs at once.
     */
    it.runIf(engine === 'postgres')(
      'tweets: decisions at once on items sharing words all succeed and keep the counts',
      async () => {
        const words = Array.from(
          { length: 200 },
          (_, i) => `lock${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`,
        );
        let seed = 20261202;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
        const shuffled = () =>
          words
            .map((word) => ({ word, key: random() }))
            .sort((a, b) => a.key - b.key)
            .map(({ word }) => word);
        const items = Array.from({ length: 40 }, (_, i) => ({
          tweetId: `lock-${i}`,
          message: shuffled()
            .slice(0, 20 + ((i * 37) % 181))
            .join(' '),
        }));
        // Each item on a day, in a month and in a ratio band of its own: the per-day and per-band
        // count rows its decision also updates are its alone, and do not queue the decisions
        // one behind another before they reach the word counts (as one shared row would).
        await sql(
          `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
             nlp_decision_ratio, selected)
           SELECT t, 'locks', 'Locks', 'https://x.com/locks', m, now(), now() - n * interval '40 days', n / 41.0, true
             FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(t, m, n)`,
          [items.map((item) => item.tweetId), items.map((item) => item.message)],
        );
        const names = ['reviewer1', 'reviewer2', 'reviewer3'] as const;
        const reviewers = await Promise.all(names.map((user) => api.as(user)));
        // Each round flips every item (eliminate, then select, ...), so each decision moves every
        // word of its item from one count row to another.
        for (const change of ['manually-eliminate', 'manually-select', 'manually-eliminate']) {
          const answers = await Promise.all(
            items.map((item, i) =>
              reviewers[i % reviewers.length]!.call('tweets.manualChange', {
                params: { case: change },
                body: {
                  tweetId: item.tweetId,
                  twitterUserName: 'locks',
                  keyword: null,
                  keywordType: 'NO_FILTER',
                  unwantedUsage: null,
                  reviewedBy: names[i % names.length],
                },
              }),
            ),
          );
          const failed = answers
            .filter((answer) => answer.statusCode !== 200)
            .map((answer) => `${answer.statusCode} ${answer.body}`);
          expect(failed, change).toEqual([]);
        }
        const [selected] = await sql<{ n: string }>(
          "SELECT count(*) AS n FROM tweets WHERE twitter_user_name = 'locks' AND NOT selected",
        );
        expect(Number(selected!.n)).toBe(items.length);
        expect(await mismatches('tweets')).toEqual({ missing: 0, extra: 0 });
      },
    );

    it("folds letters the way the server's code does", async () => {
      const letters = Array.from({ length: 0x4ff - 0xc0 + 1 }, (_, i) =>
        String.fromCharCode(0xc0 + i),
      ).join('');
      const all = `ABCXYZ abcxyz ${letters}`;
      const [row] = await sql<{ folded: string }>('SELECT insight_fold($1) AS folded', [all]);
      expect(row!.folded).toBe(fold(all));
      expect(fold('ÉTÉ Ǆ ΑΒΓ ЖЯ')).toBe('été ǆ αβγ жя');
    });
  });
});
