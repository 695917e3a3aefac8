/**
 * The work queue with claims (DESIGN.md, Several people at once) on each engine: a queue page is
 * the first items of the Review filter nobody else holds, leased to the signed-in user; a
 * restarted console gets its own leases back first; many reviewers claiming at once never share
 * an item and leave none behind; a lease that runs out (its end moved into the past: the server
 * reads only the database's clock) frees its items, so a killed console's work comes back; a
 * decision by the holder ends the claim; bad input is refused with a sentence and changes nothing.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/passwordHash';
import { createUser } from '../../src/server/auth/users';
import { openPostgresDatabase } from '../../src/server/db/postgresDatabase';
import { freePickQuery } from '../../src/server/claims/queuePage';
import { queueBodySchema } from '../../src/shared/bodies/claims';
import type { ServerTweetItem } from '../../src/server/review/items';
import type { AnyCall } from '../../src/shared/api/call';
import { CLAIM_LEASE_SECONDS, claimCalls, claimTweetCalls } from '../../src/shared/api/claims';
import { insightCalls } from '../../src/shared/api/insight';
import { ADMIN_ROLE, REVIEW_PAGE_SIZE } from '../../src/shared/constants';
import {
  claimListSchema,
  releasedSchema,
  reviewingNowSchema,
  tweetQueuePageSchema,
  type ClaimView,
} from '../../src/shared/responses/claims';
import { capabilitiesSchema } from '../../src/shared/responses/insight';
import { racingDatabase } from '../support/racingDatabase';
import { useServer, type Caller } from '../support/serverHarness';
import { bearerOf, ENGINES, TEST_SCRYPT } from '../support/testServer';

/** Ids in ascending order, as the claim answers and rows list them. */
const byId = (ids: number[]) => [...ids].sort((a, b) => a - b);

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; error_description: string }>();

/** A request of an extension call (the harness builds SPEC.md 7's by name). */
const requestOf = (call: AnyCall, body?: unknown): InjectOptions => ({
  method: call.method as InjectOptions['method'],
  url: call.path,
  ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
});

describe.each(ENGINES)('the work queue with claims on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const db = () => api.server.context.db;
  const send = (caller: Caller, call: AnyCall, body?: unknown) =>
    caller.inject(requestOf(call, body));

  /**
   * A Review filter over the `count` tweets from rank `offset` on, by detect time, oldest first
   * (each test takes its own ranks, so the suite's tests hold no item in common), and the ids it
   * selects in its order, as SPEC.md 7's list would give them.
   */
  async function windowOf(offset: number, count: number) {
    const rows = await db().query<{ detect_time: Date }>(
      'SELECT detect_time FROM tweets ORDER BY detect_time, id OFFSET $1 LIMIT $2',
      [offset, count],
    );
    const start = rows[0]!.detect_time.toISOString();
    const end = rows.at(-1)!.detect_time.toISOString();
    const ids = (
      await db().query<{ id: string | number }>(
        'SELECT id FROM tweets WHERE detect_time BETWEEN $1 AND $2 ORDER BY detect_time, id',
        [start, end],
      )
    ).map((row) => Number(row.id));
    return { filter: { startDate: start, endDate: end, sortBy: 'asc' }, ids };
  }

  const queuePage = async (caller: Caller, body: unknown) => {
    const res = await send(caller, claimTweetCalls.queue, body);
    expect(res.statusCode, res.body).toBe(200);
    return tweetQueuePageSchema.parse(res.json());
  };
  const idsOf = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);
  const holders = async (ids: number[], caller: Caller = api): Promise<ClaimView[]> => {
    const res = await send(caller, claimTweetCalls.holders, { ids });
    expect(res.statusCode, res.body).toBe(200);
    return claimListSchema.parse(res.json()).claims;
  };
  /** Every claim row of these items, run out or not, as the table holds it. */
  const claimRows = async (ids: number[]) =>
    (
      await db().query<{ item_id: string | number; holder: string; expires_at: Date }>(
        `SELECT item_id, holder, expires_at FROM review_claims
          WHERE service = 'tweets' AND item_id = ANY($1::bigint[]) ORDER BY item_id`,
        [ids],
      )
    ).map((row) => ({
      id: Number(row.item_id),
      holder: row.holder,
      expiresAt: row.expires_at.toISOString(),
    }));
  /** Time passes: the holder's leases (of these items, or all) end a second ago. */
  const runOut = (holder: string, ids?: number[]) =>
    db().query(
      `UPDATE review_claims SET expires_at = now() - interval '1 second'
        WHERE holder = $1 AND ($2::bigint[] IS NULL OR item_id = ANY($2::bigint[]))`,
      [holder, ids ?? null],
    );

  it('is listed by the capabilities call', async () => {
    const res = await send(api, insightCalls.capabilities);
    const names = capabilitiesSchema.parse(res.json()).extensions.map((entry) => entry.name);
    expect(names).toContain('claims');
  });

  it('a page is the first free items of the filter, leased for 10 minutes to the token user', async () => {
    const { filter, ids } = await windowOf(0, 60);
    const reviewer2 = await api.as('reviewer2');
    // A holder named in the body is not read: the token says who holds.
    const first = await queuePage(api, { ...filter, holder: 'reviewer3', startIndex: 7 });
    expect(idsOf(first)).toEqual(ids.slice(0, REVIEW_PAGE_SIZE));
    expect(first).toMatchObject({ leaseSeconds: CLAIM_LEASE_SECONDS, resumed: 0 });
    const rows = await claimRows(ids.slice(0, REVIEW_PAGE_SIZE));
    expect(rows.map((row) => [row.id, row.holder, row.expiresAt])).toEqual(
      byId(ids.slice(0, REVIEW_PAGE_SIZE)).map((id) => [id, 'reviewer1', first.expiresAt]),
    );
    const [lease] = await db().query<{ seconds: number }>(
      `SELECT DISTINCT extract(epoch FROM expires_at - created_at)::int AS seconds
         FROM review_claims WHERE holder = 'reviewer1' AND item_id = ANY($1::bigint[])`,
      [ids.slice(0, REVIEW_PAGE_SIZE)],
    );
    expect(lease!.seconds).toBe(CLAIM_LEASE_SECONDS);

    // Another reviewer on the same filter gets the next items, none of the first page.
    const second = await queuePage(reviewer2, filter);
    expect(idsOf(second)).toEqual(ids.slice(REVIEW_PAGE_SIZE, 2 * REVIEW_PAGE_SIZE));

    // A restarted console asks again: its own leases come back first, renewed.
    const again = await queuePage(api, filter);
    expect(idsOf(again)).toEqual(ids.slice(0, REVIEW_PAGE_SIZE));
    expect(again.resumed).toBe(REVIEW_PAGE_SIZE);

    // Leaving the page releases it and hands out the next free items instead.
    const next = await queuePage(api, { ...filter, leave: idsOf(again) });
    expect(idsOf(next)).toEqual(ids.slice(2 * REVIEW_PAGE_SIZE, 3 * REVIEW_PAGE_SIZE));
    expect(next.resumed).toBe(0);
    expect(await claimRows(ids.slice(0, REVIEW_PAGE_SIZE))).toEqual([]);
  });

  it("a keyword filter's queue pages are SPEC.md 7's list pages, newest first, one per reviewer", async () => {
    const { filter } = await windowOf(1300, 600);
    const [common] = await db().query<{ keyword: string }>(
      `SELECT k AS keyword FROM tweets, unnest(detected_keywords) AS k
        WHERE detect_time BETWEEN $1 AND $2 GROUP BY k ORDER BY count(*) DESC, k LIMIT 1`,
      [filter.startDate, filter.endDate],
    );
    const keyworded = { ...filter, sortBy: 'desc', keyword: common!.keyword };
    const listPage = async (startIndex: number) =>
      (await api.call('tweets.filter', { body: { ...keyworded, startIndex } }))
        .json<ServerTweetItem[]>()
        .map((item) => item.id);
    const [first, second] = [await listPage(0), await listPage(1)];
    expect(second).toHaveLength(REVIEW_PAGE_SIZE);
    expect(idsOf(await queuePage(api, keyworded))).toEqual(first);
    expect(idsOf(await queuePage(await api.as('reviewer2'), keyworded))).toEqual(second);
    // Restarted, reviewer1 finds its own page again.
    const again = await queuePage(api, keyworded);
    expect([idsOf(again), again.resumed]).toEqual([first, REVIEW_PAGE_SIZE]);
  });

  it('holders say who holds what and for how long; reviewing-now lists who holds items', async () => {
    const { filter, ids } = await windowOf(100, 30);
    const reviewer3 = await api.as('reviewer3');
    const page = await queuePage(reviewer3, filter);
    const held = await holders([ids[0]!, ids[1]!, ids[25]!]);
    // The 26th item is free: only running leases are listed.
    expect(held.map((claim) => [claim.id, claim.holder])).toEqual(
      byId([ids[0]!, ids[1]!]).map((id) => [id, 'reviewer3']),
    );
    for (const claim of held) {
      expect(claim.expiresAt).toBe(page.expiresAt);
      expect(claim.remainingSeconds).toBeGreaterThan(0);
      expect(claim.remainingSeconds).toBeLessThanOrEqual(CLAIM_LEASE_SECONDS);
    }
    const now = reviewingNowSchema.parse((await send(api, claimCalls.reviewingNow)).json());
    expect(now.reviewers).toContainEqual(
      expect.objectContaining({ user: 'reviewer3', service: 'tweets', items: REVIEW_PAGE_SIZE }),
    );

    // Releasing by ids releases only the caller's; release-mine ends the rest of them.
    const notMine = await send(api, claimTweetCalls.release, { ids: idsOf(page).slice(0, 5) });
    expect(releasedSchema.parse(notMine.json()).released).toBe(0);
    const some = await send(reviewer3, claimTweetCalls.release, { ids: idsOf(page).slice(0, 5) });
    expect(releasedSchema.parse(some.json()).released).toBe(5);
    const rest = await send(reviewer3, claimCalls.releaseMine);
    expect(releasedSchema.parse(rest.json()).released).toBeGreaterThanOrEqual(15);
    expect(await claimRows(idsOf(page))).toEqual([]);
    const after = reviewingNowSchema.parse((await send(api, claimCalls.reviewingNow)).json());
    expect(after.reviewers.map((reviewer) => reviewer.user)).not.toContain('reviewer3');
  });

  it("a decision by the holder ends the claim; another's decision or an added keyword does not", async () => {
    const { filter } = await windowOf(200, 30);
    const page = await queuePage(api, filter);
    const [reviewed, eliminated, keyworded, byOther] = page.items;
    const change = async (
      caller: Caller,
      reviewer: string,
      item: ServerTweetItem,
      which: string,
      keyword: string | null = null,
    ) => {
      const res = await caller.call('tweets.manualChange', {
        params: { case: which },
        body: {
          tweetId: item.tweetId,
          twitterUserName: item.twitterUserName,
          keyword,
          keywordType: 'NO_FILTER',
          unwantedUsage: null,
          reviewedBy: reviewer,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const review = await api.call('tweets.reviewed', {
      params: { id: reviewed!.id },
      body: 'reviewer1',
    });
    expect(review.statusCode, review.body).toBe(200);
    await change(api, 'reviewer1', eliminated!, 'manually-eliminate');
    await change(api, 'reviewer1', keyworded!, 'add-keyword', 'claimtest');
    await change(await api.as('reviewer2'), 'reviewer2', byOther!, 'manually-select');
    const held = await holders(page.items.slice(0, 4).map((item) => item.id));
    expect(held.map((claim) => [claim.id, claim.holder])).toEqual(
      byId([keyworded!.id, byOther!.id]).map((id) => [id, 'reviewer1']),
    );
  });

  it("a lease that ran out frees its items: a killed console's page goes to the next reviewer", async () => {
    const { filter, ids } = await windowOf(300, 50);
    const reviewer2 = await api.as('reviewer2');
    const reviewer3 = await api.as('reviewer3');
    // reviewer3 takes a page, and its console is killed: nothing is released.
    const dead = idsOf(await queuePage(reviewer3, filter));
    expect(dead).toEqual(ids.slice(0, REVIEW_PAGE_SIZE));
    const mine = idsOf(await queuePage(reviewer2, filter));
    expect(mine).toEqual(ids.slice(REVIEW_PAGE_SIZE, 2 * REVIEW_PAGE_SIZE));

    // Ten minutes on: every lease of the killed console has run out.
    await runOut('reviewer3');
    expect(await holders(dead)).toEqual([]);
    const now = reviewingNowSchema.parse((await send(api, claimCalls.reviewingNow)).json());
    expect(now.reviewers.map((reviewer) => reviewer.user)).not.toContain('reviewer3');

    // reviewer2 moves on: the dead console's items are the first free ones again.
    const next = await queuePage(reviewer2, { ...filter, leave: mine });
    expect(idsOf(next)).toEqual(dead);
    expect((await claimRows(dead)).map((row) => row.holder)).toEqual(dead.map(() => 'reviewer2'));

    // The killed console comes back: its old leases are someone else's now.
    const renew = await send(reviewer3, claimTweetCalls.renew, { ids: dead.slice(0, 2) });
    expect(renew.statusCode).toBe(409);
    expect(errorOf(renew)).toEqual({
      error: 'not_held',
      error_description: `You do not hold ${dead[0]} (reviewer2 holds it, 10 min), ${dead[1]} (reviewer2 holds it, 10 min): nothing was renewed. Claim an item again to hold it.`,
    });
  });

  it('the holder renews a running lease, or one that ran out while nobody took it', async () => {
    const { filter } = await windowOf(400, 30);
    const page = idsOf(await queuePage(api, filter));
    await runOut('reviewer1', page.slice(0, 2));
    const res = await send(api, claimTweetCalls.renew, { ids: page.slice(0, 3) });
    expect(res.statusCode, res.body).toBe(200);
    const renewed = claimListSchema.parse(res.json()).claims;
    expect(renewed.map((claim) => [claim.id, claim.holder])).toEqual(
      byId(page.slice(0, 3)).map((id) => [id, 'reviewer1']),
    );
    expect(await holders(page.slice(0, 3))).toHaveLength(3);
  });

  it('claims by id: all or nothing, refused with who holds an item', async () => {
    const { ids } = await windowOf(500, 10);
    const reviewer2 = await api.as('reviewer2');
    const res = await send(api, claimTweetCalls.claim, { ids: ids.slice(0, 3) });
    expect(res.statusCode, res.body).toBe(200);
    expect(claimListSchema.parse(res.json()).claims.map((claim) => claim.holder)).toEqual([
      'reviewer1',
      'reviewer1',
      'reviewer1',
    ]);
    const taken = await send(reviewer2, claimTweetCalls.claim, { ids: ids.slice(2, 5) });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({
      error: 'held',
      error_description: `Held by another reviewer: ${ids[2]} (reviewer1, 10 min). Nothing was claimed.`,
    });
    expect(await claimRows(ids.slice(2, 5))).toEqual([
      expect.objectContaining({ id: ids[2], holder: 'reviewer1' }),
    ]);
  });

  describe('bad input changes nothing', () => {
    /** Every claim row, to compare before and after a refused request. */
    const allClaims = () =>
      db().query('SELECT * FROM review_claims ORDER BY service, item_id, holder');

    it('a claim of items that do not exist is a 404 naming them', async () => {
      const { ids } = await windowOf(600, 5);
      const before = await allClaims();
      const res = await send(api, claimTweetCalls.claim, { ids: [ids[0], 999_999_999] });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({
        error: 'not_found',
        error_description: 'No tweets item with id 999999999: nothing was claimed.',
      });
      expect(await allClaims()).toEqual(before);
    });

    it("a renewal of a lease one does not hold is a 409 naming the holder; the holder's lease stands", async () => {
      const { ids } = await windowOf(700, 5);
      await send(api, claimTweetCalls.claim, { ids: ids.slice(0, 2) });
      const before = await allClaims();
      const reviewer2 = await api.as('reviewer2');
      const res = await send(reviewer2, claimTweetCalls.renew, { ids: [ids[0], ids[3]] });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        error: 'not_held',
        error_description: `You do not hold ${ids[0]} (reviewer1 holds it, 10 min), ${ids[3]} (nobody holds it): nothing was renewed. Claim an item again to hold it.`,
      });
      const missing = await send(api, claimTweetCalls.renew, { ids: [ids[0], 999_999_999] });
      expect(missing.statusCode).toBe(404);
      expect(await allClaims()).toEqual(before);
    });

    it.each([
      ['no ids', { ids: [] }, 'ids: name at least one item'],
      ['an id as text', { ids: ['12'] }, 'ids entries must be a number'],
      ['a negative id', { ids: [-4] }, 'ids entries must be positive'],
      ['too many', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'ids'],
    ])('%s is a 400 naming the field', async (_, body, says) => {
      const before = await allClaims();
      for (const call of [claimTweetCalls.claim, claimTweetCalls.renew, claimTweetCalls.holders]) {
        const res = await send(api, call, body);
        expect(res.statusCode, call.path).toBe(400);
        expect(errorOf(res).error_description).toContain(says);
      }
      expect(await allClaims()).toEqual(before);
    });

    it('a queue filter that is not one is a 400', async () => {
      const before = await allClaims();
      const res = await send(api, claimTweetCalls.queue, { isReviewed: 'maybe' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toContain('isReviewed');
      expect(await allClaims()).toEqual(before);
    });

    it('without ADMIN 403, without a token 401', async () => {
      const viewer = await api.as('viewer');
      const nobody = await api.as(null);
      expect((await send(viewer, claimTweetCalls.queue, {})).statusCode).toBe(403);
      expect((await send(nobody, claimCalls.releaseMine)).statusCode).toBe(401);
    });
  });

  it('walks a filter of undecided items on their own index, never over the decided ones', async () => {
    // Whatever the planner would pick on this small table: with the other ways closed, the walk
    // must be able to read the index of undecided items (migration 18), i.e. the filter's SQL
    // implies its predicate. Where it could not, it would step over every decided item.
    const filter = queueBodySchema.parse({ isManuallyChanged: 'false', sortBy: 'desc' });
    const walk = freePickQuery('tweets', filter, [], REVIEW_PAGE_SIZE);
    const plan = await db().transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_sort', 'enable_bitmapscan'])
        await tx.query(`SET LOCAL ${setting} = off`);
      return tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${walk.sql}`, walk.params);
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('"Index Name":"tweets_undecided_time"');
  });

  it('a claimer that loses items to a claim committed meanwhile walks on and fills its page', async () => {
    const { filter, ids } = await windowOf(800, 60);
    // reviewer2 claims the first five of the items reviewer1's walk locked, just before
    // reviewer1's claim is written (as another server process would, from an older snapshot).
    const raced = racingDatabase(
      db(),
      /^\s*WITH claimed AS \(INSERT INTO review_claims/,
      async (q, statement) => {
        const locked = statement.params[2] as number[];
        await q.query(
          `INSERT INTO review_claims (service, item_id, holder, expires_at)
         SELECT 'tweets', id, 'reviewer2', now() + interval '10 minutes'
           FROM unnest($1::bigint[]) AS id`,
          [locked.slice(0, 5)],
        );
      },
    );
    const built = await buildServer(api.server.context.config, raced);
    const res = await built.app.inject({
      ...requestOf(claimTweetCalls.queue, filter),
      headers: api.headers,
    });
    expect(raced.raced()).toBe(true);
    const page = idsOf(tweetQueuePageSchema.parse(res.json()));
    expect(page).toEqual([...ids.slice(5, REVIEW_PAGE_SIZE + 5)]);
    expect((await claimRows(ids.slice(0, 5))).map((row) => row.holder)).toEqual(
      Array(5).fill('reviewer2'),
    );
  });

  it('twenty reviewers claiming at once: no item in two leases, every item handed out', async () => {
    // Fewer items than twenty pages: some claimers come back short, and none may be left over.
    const { filter, ids } = await windowOf(1000, 150);
    const names = Array.from({ length: 20 }, (_, i) => `claimer${i + 1}`);
    const passwordHash = await hashPassword('demo', TEST_SCRYPT);
    await db().transaction(async (tx) => {
      for (const username of names)
        await createUser(tx, { username, roles: [ADMIN_ROLE], passwordHash });
    });
    // On PostgreSQL a second server process on the same database takes half of them, so that
    // twenty transactions run at once (each process's pool holds ten connections).
    const secondDb =
      engine === 'postgres'
        ? await openPostgresDatabase(api.server.context.config.databaseUrl!)
        : null;
    try {
      const apps = [
        api.server.app,
        ...(secondDb ? [(await buildServer(api.server.context.config, secondDb)).app] : []),
      ];
      const callers = await Promise.all(
        names.map(async (name, i) => {
          const headers = await bearerOf(api.server, name);
          const app = apps[i % apps.length]!;
          return (request: InjectOptions) => app.inject({ ...request, headers });
        }),
      );
      const pages = await Promise.all(
        callers.map(async (inject) => {
          const res = await inject(requestOf(claimTweetCalls.queue, filter));
          expect(res.statusCode, res.body).toBe(200);
          return idsOf(tweetQueuePageSchema.parse(res.json()));
        }),
      );
      const handedOut = pages.flat();
      expect(new Set(handedOut).size).toBe(handedOut.length);
      expect(byId(handedOut)).toEqual(byId(ids));
      // Each lease is the one its claimer was answered with.
      const rows = await claimRows(ids);
      const holderOf = new Map(pages.flatMap((page, i) => page.map((id) => [id, names[i]!])));
      expect(rows).toHaveLength(ids.length);
      expect(rows.map((row) => [row.id, row.holder])).toEqual(
        rows.map((row) => [row.id, holderOf.get(row.id)]),
      );
    } finally {
      await secondDb?.close();
    }
  });
});
