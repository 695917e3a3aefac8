/**
 * A duplicate that races past a repository's existence check (another request writes the same key
 * between the check and the write) is a 409 with a sentence, never a 500 (RELIABILITY.md, "The
 * server never answers 500 to bad input"): PostgreSQL's unique_violation (23505) is mapped in the
 * error handler, once for every route.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { NewCurrency } from '../../src/shared/api/records';
import { racingDatabase } from '../support/racingDatabase';
import { requestOf, useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; error_description: string }>();

describe.each(ENGINES)('unique violations racing past the check on %s', (engine) => {
  const api = useServer({ engine });
  const send = api.call;

  /** The same server logic over a database where the rival writes just before `statement`. */
  async function racedApp(statement: RegExp, rival: Parameters<typeof racingDatabase>[2]) {
    const db = racingDatabase(api.server.context.db, statement, rival);
    const built = await buildServer(api.server.context.config, db);
    return { db, app: built.app };
  }

  it('update-keyword: a rename to a keyword added meanwhile is a 409', async () => {
    const added = await send('tweets.addKeyword', {
      body: { keyword: 'race-original', type: 'IMPORTANT' },
    });
    const { id } = added.json<{ id: number }>();
    const { db, app } = await racedApp(/^UPDATE tweet_keywords SET keyword/, async (q) => {
      await q.query(
        `INSERT INTO tweet_keywords (keyword, type) VALUES ('race-winner', 'RELATIVE')`,
      );
    });
    const res = await app.inject(
      requestOf('tweets.updateKeyword', {
        headers: api.headers,
        body: { id, keyword: 'race-winner', type: 'IMPORTANT' },
      }),
    );
    await app.close();
    expect(db.raced()).toBe(true);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toEqual({
      error: 'duplicate',
      error_description:
        'A record with the same key already exists; it was saved by another request.',
    });
    const [kept] = await api.server.context.db.query<{ keyword: string }>(
      'SELECT keyword FROM tweet_keywords WHERE id = $1',
      [id],
    );
    expect(kept?.keyword).toBe('race-original');
  });

  it('save-new-currency: a catalogue currency of the same unique name saved meanwhile is a 409, and the currency stays queued', async () => {
    const listed = await send('currencies.getNewCurrencies', { query: { startIndex: 1 } });
    const queued = listed.json<NewCurrency[]>()[0]!;
    const uniqueName = `race-${queued.uniqueName}`;
    const { db, app } = await racedApp(/^\s*INSERT INTO currencies/, async (q) => {
      await q.query(
        `INSERT INTO currencies (currency_id, rank, symbol, name, unique_name)
         VALUES (2147483000, 1, 'RACE', 'Race', $1)`,
        [uniqueName],
      );
    });
    const res = await app.inject(
      requestOf('currencies.saveNewCurrency', {
        headers: api.headers,
        body: {
          currencyId: queued.currencyId,
          rank: 5,
          currency: queued.currency,
          name: queued.name,
          uniqueName,
          searchWithCurrency: true,
          active: true,
        },
      }),
    );
    await app.close();
    expect(db.raced()).toBe(true);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).error).toBe('duplicate');
    const stillQueued = await api.server.context.db.query(
      'SELECT 1 FROM new_currencies WHERE currency_id = $1',
      [queued.currencyId],
    );
    expect(stillQueued).toHaveLength(1);
  });

  it('concurrent renames of several keywords to one new keyword: one wins, the others 409', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send('news.addKeyword', {
        body: { keyword: `concurrent-${i}`, type: 'IMPORTANT' },
      });
      ids.push(res.json<{ id: number }>().id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        send('news.updateKeyword', {
          body: { id, keyword: 'concurrent-target', type: 'RELATIVE' },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
  });
});
