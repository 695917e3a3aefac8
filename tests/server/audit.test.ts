/**
 * The team audit sample (the audit extension) on each engine: a draw is stratified by source and
 * the classifier's decision, with each stratum's size the Review filter's count and items drawn
 * at random within it; each item goes to one reviewer and the doubled share to two, and many
 * reviewers asking at once never share a single item; the card is blind until answered; an answer
 * counts once; a disagreement is settled by a third reviewer only, once, as that reviewer's
 * decision on the item; a new draw keeps what was assigned or answered; bad input is refused with
 * a sentence and changes nothing.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { pickRanks, populationOf, type RankPick } from '../../src/server/audit/stratumSql';
import { ranksInSegments } from '../../src/server/audit/drawPlan';
import { hashPassword } from '../../src/server/auth/passwordHash';
import { createUser } from '../../src/server/auth/users';
import { openPostgresDatabase } from '../../src/server/db/postgresDatabase';
import { auditCalls } from '../../src/shared/api/audit';
import { fillPath, type AnyCall } from '../../src/shared/api/call';
import { insightCalls, insightTweetCalls } from '../../src/shared/api/insight';
import { ADMIN_ROLE } from '../../src/shared/constants';
import { stratumKey } from '../../src/shared/quality/auditRecord';
import {
  auditAnswerResultSchema,
  auditAnswersSchema,
  auditDisagreementsSchema,
  auditDrawSchema,
  auditNextSchema,
  auditProgressSchema,
  auditSettledSchema,
  blindNewsSchema,
  blindTweetSchema,
  type AuditCardView,
} from '../../src/shared/responses/audit';
import { capabilitiesSchema, historyEntrySchema } from '../../src/shared/responses/insight';
import { useServer } from '../support/serverHarness';
import { bearerOf, ENGINES, TEST_SCRYPT } from '../support/testServer';

type Inject = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** A request of an extension call: its body as JSON, its query in the URL. */
const requestOf = (
  call: AnyCall,
  parts: { body?: unknown; query?: Record<string, string | number> } = {},
): InjectOptions => {
  const search = new URLSearchParams(
    Object.entries(parts.query ?? {}).map(([name, value]): [string, string] => [
      name,
      String(value),
    ]),
  ).toString();
  return {
    method: call.method as InjectOptions['method'],
    url: search ? `${call.path}?${search}` : call.path,
    ...(parts.body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(parts.body) }),
  };
};

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; error_description: string }>();

/** What a blind card must never hold, by name. */
const REVEALING = [
  'selected',
  'nlpDecisionRatio',
  'eliminatedKeyword',
  'eliminatedBySimilarity',
  'eliminatedByQuotedPost',
  'manuallyChanged',
  'manuallyChangedBy',
  'reviewedBy',
  'unwantedUsage',
  'changedAt',
  'classifier',
];

/** The sample's window of demo tweets and news: months of items, each stratum well above 50. */
const WINDOW = { from: '2025-03-01T06:30', to: '2025-09-30T18:00' };

describe.each(ENGINES)('the team audit sample on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const db = () => api.server.context.db;

  /** Requests to `app` with these headers (a reviewer's token) over the request's own. */
  const injectOn =
    (app: { inject: Inject }, headers: Record<string, string>): Inject =>
    (request) =>
      app.inject({
        ...request,
        headers: { ...((request.headers as Record<string, string>) ?? {}), ...headers },
      });

  /**
   * Reviewers of the test's own, signed in (fresh, so that no other test's open items come back to
   * them), with their tokens.
   */
  async function team(prefix: string, count: number) {
    const names = Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
    const passwordHash = await hashPassword('demo', TEST_SCRYPT);
    await db().transaction(async (tx) => {
      for (const username of names)
        await createUser(tx, { username, roles: [ADMIN_ROLE], passwordHash });
    });
    const signedIn: { name: string; headers: Record<string, string>; inject: Inject }[] = [];
    for (const name of names) {
      const headers = await bearerOf(api.server, name);
      signedIn.push({ name, headers, inject: injectOn(api.server.app, headers) });
    }
    return signedIn;
  }
  const as = (inject: Inject) => ({
    send: (call: AnyCall, parts: Parameters<typeof requestOf>[1] = {}) =>
      inject(requestOf(call, parts)),
  });
  const reviewer1 = as((request) => api.inject(request));

  const draw = async (body: Record<string, unknown>) => {
    const res = await reviewer1.send(auditCalls.draw, { body });
    expect(res.statusCode, res.body).toBe(200);
    return auditDrawSchema.parse(res.json());
  };
  const next = async (inject: Inject) => {
    const res = await inject(requestOf(auditCalls.next));
    expect(res.statusCode, res.body).toBe(200);
    return auditNextSchema.parse(res.json());
  };
  const answer = async (inject: Inject, card: AuditCardView, verdict: 'keep' | 'eliminate') => {
    const res = await inject(
      requestOf(auditCalls.answer, { body: { sampleItemId: card.sampleItemId, answer: verdict } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return auditAnswerResultSchema.parse(res.json());
  };
  /** Asks for the next card and answers it until none is left; the cards answered. */
  const workThrough = async (inject: Inject, verdict: 'keep' | 'eliminate' = 'keep') => {
    const cards: AuditCardView[] = [];
    for (;;) {
      const { card } = await next(inject);
      if (!card) return cards;
      await answer(inject, card, verdict);
      cards.push(card);
    }
  };
  /** Every row of the audit tables, to compare before and after a refused request. */
  const auditRows = async () =>
    Promise.all(
      [
        'SELECT * FROM audit_samples ORDER BY id',
        'SELECT * FROM audit_strata ORDER BY sample_id, stratum',
        'SELECT * FROM audit_team',
        'SELECT * FROM audit_items ORDER BY id',
        'SELECT * FROM audit_assignments ORDER BY audit_item_id, slot',
        'SELECT * FROM audit_answers ORDER BY audit_item_id, reviewer',
        'SELECT * FROM audit_settlements ORDER BY audit_item_id',
      ].map((sql) => db().query(sql)),
    );
  const itemsOf = (sampleId: number) =>
    db().query<{
      id: string;
      service: 'tweets' | 'news';
      item_id: string;
      classifier_kept: boolean;
      classifier_ratio: number;
      keywords: string[];
      origin: string;
      detect_time: Date;
      model_run_id: string | null;
      reviewers_wanted: number;
    }>('SELECT * FROM audit_items WHERE sample_id = $1 ORDER BY id', [sampleId]);
  const assignmentsOf = (sampleId: number) =>
    db().query<{ audit_item_id: string; reviewer: string }>(
      `SELECT a.audit_item_id, a.reviewer FROM audit_assignments AS a
         JOIN audit_items AS i ON i.id = a.audit_item_id WHERE i.sample_id = $1`,
      [sampleId],
    );
  /** Tweets of the test's own in a window no demo item is in. */
  const insertTweets = async (prefix: string, day: string, kept: boolean[]) => {
    const rows = await db().query<{ id: string }>(
      `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time,
                           detect_time, nlp_decision_ratio, detected_keywords, selected)
       SELECT $1 || n, 'auditfan', 'Audit Fan', 'https://x.com/auditfan/status/' || n,
              'Audit test tweet ' || n, $2::timestamptz + n * interval '1 hour',
              $2::timestamptz + n * interval '1 hour', CASE WHEN k THEN 0.8 ELSE 0.2 END,
              '{bitcoin}', k
         FROM unnest($3::boolean[]) WITH ORDINALITY AS s(k, n)
       RETURNING id`,
      [prefix, `${day}T00:00:00Z`, kept],
    );
    return rows.map((row) => Number(row.id));
  };

  it('is listed by the capabilities call', async () => {
    const res = await reviewer1.send(insightCalls.capabilities);
    const names = capabilitiesSchema.parse(res.json()).extensions.map((entry) => entry.name);
    expect(names).toContain('audit');
  });

  it("draws stratified: each stratum's size is the Review filter's count, its share drawn within it", async () => {
    const drawn = await draw({ ...WINDOW, size: 200 });
    const { sample } = drawn;
    expect(sample).toMatchObject({ requestedSize: 200, drawn: 200, doubled: 20, active: true });
    expect(sample.drawnBy).toBe('reviewer1');
    expect([sample.from, sample.to]).toEqual([`${WINDOW.from}:00.000Z`, `${WINDOW.to}:00.000Z`]);
    expect(drawn.emptyStrata).toEqual([]);
    expect(drawn.message).toBeNull();
    for (const stratum of sample.strata) {
      const count = await api.call(stratum.source === 'tweets' ? 'tweets.count' : 'news.count', {
        body: {
          startDate: WINDOW.from,
          endDate: WINDOW.to,
          isEliminated: stratum.classifierKept ? 'false' : 'true',
        },
      });
      expect(stratum.population, stratum.key).toBe(count.json<number>());
      expect(stratum.key).toBe(stratumKey(stratum));
      // Equal shares: every stratum holds more than a quarter of the sample.
      expect(stratum.population).toBeGreaterThan(50);
      expect(stratum.drawn, stratum.key).toBe(50);
    }

    const items = await itemsOf(sample.id);
    expect(items).toHaveLength(200);
    expect(new Set(items.map((item) => `${item.service}:${item.item_id}`)).size).toBe(200);
    expect(items.filter((item) => item.reviewers_wanted === 2)).toHaveLength(20);
    // Each item as the classifier had it, in the window and in the stratum it was drawn from.
    for (const service of ['tweets', 'news'] as const) {
      const own = items.filter((item) => item.service === service);
      const rows = await db().query<{
        id: string;
        selected: boolean;
        nlp_decision_ratio: number;
        detected_keywords: string[];
        origin: string;
        detect_time: Date;
      }>(
        `SELECT id, selected, nlp_decision_ratio, detected_keywords, detect_time,
                ${service === 'tweets' ? 'twitter_user_name' : 'website'} AS origin
           FROM ${service} WHERE id = ANY($1::bigint[])`,
        [own.map((item) => item.item_id)],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const item of own) {
        const row = byId.get(item.item_id)!;
        expect(item.classifier_kept).toBe(row.selected);
        expect(item.classifier_ratio).toBe(row.nlp_decision_ratio);
        expect(item.keywords).toEqual(row.detected_keywords);
        expect(item.origin).toBe(row.origin);
        expect(row.detect_time.getTime()).toBeGreaterThanOrEqual(Date.parse(`${WINDOW.from}Z`));
        expect(row.detect_time.getTime()).toBeLessThanOrEqual(Date.parse(`${WINDOW.to}Z`));
      }
    }
    // At random: another draw of the same window is another sample.
    const again = await draw({ ...WINDOW, size: 200 });
    const twice = await itemsOf(again.sample.id);
    expect(twice.map((item) => item.item_id).sort()).not.toEqual(
      items.map((item) => item.item_id).sort(),
    );
  });

  it('reads the item at each drawn rank: the rank-th of its stratum in detect-time order', async () => {
    const from = Date.parse(`${WINDOW.from}Z`);
    const to = Date.parse(`${WINDOW.to}Z`);
    for (const table of ['tweets', 'news'] as const) {
      const population = await populationOf(db(), table, from, to);
      for (const kept of [true, false]) {
        const segments = population[kept ? 'kept' : 'eliminated'];
        const ordered = (
          await db().query<{ id: string }>(
            `SELECT id FROM ${table} WHERE selected = $1 AND detect_time >= $2 AND detect_time <= $3
              ORDER BY detect_time, id`,
            [kept, new Date(from).toISOString(), new Date(to).toISOString()],
          )
        ).map((row) => Number(row.id));
        expect(segments.reduce((sum, entry) => sum + entry.size, 0)).toBe(ordered.length);
        // The first and last items, both ends of the first whole day, and a few between.
        const head = segments[0]!.size;
        const ranks = [0, head - 1, head, head + 1, 97, ordered.length - 2, ordered.length - 1];
        const picks: RankPick[] = ranksInSegments(
          [...new Set(ranks)].sort((a, b) => a - b),
          segments.map((entry) => entry.size),
        ).map(({ segment, rank }) => ({ kept, segment: segments[segment]!.segment, rank }));
        const picked = await pickRanks(db(), table, picks);
        expect(picked.map((item) => item.itemId).sort((a, b) => a - b)).toEqual(
          [...new Set(ranks)].map((rank) => ordered[rank]!).sort((a, b) => a - b),
        );
        expect(picked.every((item) => item.classifierKept === kept)).toBe(true);
      }
    }
  });

  it('draws from the strata that hold items and says which were empty; a small window is drawn whole', async () => {
    const ids = await insertTweets('audit-strata-', '2030-01-01', [
      true,
      true,
      false,
      true,
      false,
      true,
      true,
      false,
      true,
      false,
    ]);
    const drawn = await draw({ from: '2030-01-01T00:00', to: '2030-01-04T23:59', size: 200 });
    expect(drawn.emptyStrata).toEqual(['news:kept', 'news:eliminated']);
    expect(drawn.message).toBe(
      'The window holds no news the classifier kept, nor news the classifier eliminated: the sample was drawn from the other strata.',
    );
    expect(drawn.sample.strata.map((s) => [s.key, s.population, s.drawn])).toEqual([
      ['tweets:kept', 6, 6],
      ['tweets:eliminated', 4, 4],
      ['news:kept', 0, 0],
      ['news:eliminated', 0, 0],
    ]);
    const items = await itemsOf(drawn.sample.id);
    expect(items.map((item) => Number(item.item_id)).sort((a, b) => a - b)).toEqual(ids);
    expect(drawn.sample.doubled).toBe(1);
  });

  it('refuses a window without items with 422, drawing nothing', async () => {
    const before = await auditRows();
    const res = await reviewer1.send(auditCalls.draw, {
      body: { from: '2031-05-01T00:00', to: '2031-05-02T00:00' },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toEqual({
      error: 'empty_window',
      error_description:
        'No tweets or news items were detected between 2031-05-01T00:00:00.000Z and 2031-05-02T00:00:00.000Z: no sample was drawn. Choose a window that holds items.',
    });
    expect(await auditRows()).toEqual(before);
  });

  it('hands each item to one reviewer and the doubled share to two; the answers and progress count them', async () => {
    const { sample } = await draw({ ...WINDOW, size: 20, doubleShare: 0.25 });
    expect(sample.doubled).toBe(5);
    const reviewers = await team('assign', 3);
    const [r1, r2, r3] = reviewers.map((reviewer) => reviewer.inject);
    // One card each in turn, until none is left for anyone.
    const answered = new Map<string, number[]>(reviewers.map(({ name }) => [name, []]));
    for (let open = true; open;) {
      open = false;
      for (const { name, inject } of reviewers) {
        const { card } = await next(inject);
        if (!card) continue;
        open = true;
        await answer(inject, card, name === 'assign3' ? 'eliminate' : 'keep');
        answered.get(name)!.push(card.sampleItemId);
      }
    }
    const rows = await assignmentsOf(sample.id);
    const byItem = new Map<string, string[]>();
    for (const row of rows)
      byItem.set(row.audit_item_id, [...(byItem.get(row.audit_item_id) ?? []), row.reviewer]);
    for (const item of await itemsOf(sample.id)) {
      const who = byItem.get(item.id) ?? [];
      expect(who, item.id).toHaveLength(item.reviewers_wanted);
      expect(new Set(who).size).toBe(who.length);
    }
    for (const ids of answered.values()) expect(new Set(ids).size).toBe(ids.length);
    expect([...answered.values()].flat()).toHaveLength(25);
    const done = await next(r1!);
    expect(done).toEqual({
      card: null,
      resumed: false,
      message:
        'Nothing is left for you in the audit sample: every item has its reviewers. Draw a new sample to go on.',
    });

    const progress = auditProgressSchema.parse((await as(r2!).send(auditCalls.progress)).json());
    expect(progress).toMatchObject({ wanted: 25, assigned: 25, answered: 25 });
    expect(progress.sample?.id).toBe(sample.id);
    // Today is the server's UTC day; every answer of this test is of today unless it crossed midnight.
    for (const [name, ids] of answered) {
      const [today] = await db().query<{ n: string }>(
        `SELECT count(*) AS n FROM audit_answers
          WHERE reviewer = $1 AND answered_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'`,
        [name, progress.today],
      );
      expect(progress.reviewers).toContainEqual({
        reviewer: name,
        answered: ids.length,
        answeredToday: Number(today!.n),
        open: 0,
      });
    }

    const read = await as(r3!).send(auditCalls.answers, { query: { sampleId: sample.id } });
    expect(read.statusCode, read.body).toBe(200);
    const { answers, stratumSizes, samples } = auditAnswersSchema.parse(read.json());
    expect(answers).toHaveLength(25);
    expect(samples.map((entry) => entry.id)).toEqual([sample.id]);
    expect(stratumSizes).toEqual(
      Object.fromEntries(sample.strata.map((stratum) => [stratum.key, stratum.population])),
    );
    const items = new Map((await itemsOf(sample.id)).map((item) => [Number(item.id), item]));
    for (const record of answers) {
      const item = items.get(record.sampleItemId)!;
      expect(record).toMatchObject({
        itemId: Number(item.item_id),
        stratum: { source: item.service, classifierKept: item.classifier_kept },
        answerKept: record.reviewer !== 'assign3',
        groups: {
          keywords: item.keywords,
          origin: item.origin,
          day: item.detect_time.toISOString().slice(0, 10),
          modelRun: item.model_run_id === null ? null : Number(item.model_run_id),
        },
      });
    }
  });

  it('many reviewers asking at once never share a single item, and every item gets its reviewers', async () => {
    const { sample } = await draw({ ...WINDOW, size: 30, doubleShare: 0.2 });
    const reviewers = await team('racer', 20);
    // On PostgreSQL a second server process on the same database serves half of them.
    const secondDb =
      engine === 'postgres'
        ? await openPostgresDatabase(api.server.context.config.databaseUrl!)
        : null;
    try {
      const second = secondDb ? (await buildServer(api.server.context.config, secondDb)).app : null;
      const injects = reviewers.map(({ name, headers, inject }, i): [string, Inject] => [
        name,
        second && i % 2 === 1 ? injectOn(second, headers) : inject,
      ]);
      // Twenty at once, nobody answering: a single item is never handed to two of them.
      const first = await Promise.all(injects.map(async ([, inject]) => (await next(inject)).card));
      const wanted = new Map(
        (await itemsOf(sample.id)).map((item) => [Number(item.id), item.reviewers_wanted]),
      );
      const handed = new Map<number, number>();
      for (const card of first) {
        expect(card).not.toBeNull();
        handed.set(card!.sampleItemId, (handed.get(card!.sampleItemId) ?? 0) + 1);
      }
      for (const [id, times] of handed)
        expect(times, `item ${id}`).toBeLessThanOrEqual(wanted.get(id)!);
      // Then all of them work through the sample at once.
      const cards = await Promise.all(
        injects.map(async ([name, inject]) => ({ name, cards: await workThrough(inject) })),
      );
      const pairs = cards.flatMap(({ name, cards: own }) =>
        own.map((card) => `${name}:${card.sampleItemId}`),
      );
      expect(new Set(pairs).size).toBe(pairs.length);
      const perItem = new Map<number, number>();
      for (const { cards: own } of cards)
        for (const card of own)
          perItem.set(card.sampleItemId, (perItem.get(card.sampleItemId) ?? 0) + 1);
      expect([...perItem].sort(([a], [b]) => a - b)).toEqual([...wanted].sort(([a], [b]) => a - b));
      expect(pairs).toHaveLength(36);
    } finally {
      await secondDb?.close();
    }
  });

  it('a card is blind until answered; the answer shows the classifier decision and ratio', async () => {
    const { sample } = await draw({ ...WINDOW, size: 8 });
    const { inject } = (await team('blind', 1))[0]!;
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await inject(requestOf(auditCalls.next));
      const { card } = auditNextSchema.parse(res.json());
      expect(card).not.toBeNull();
      const [item] = await db().query<{ classifier_kept: boolean; classifier_ratio: number }>(
        'SELECT classifier_kept, classifier_ratio FROM audit_items WHERE id = $1',
        [card!.sampleItemId],
      );
      // Nothing in the answer, by name or by value, tells the decision or the ratio.
      for (const name of REVEALING) expect(res.body).not.toContain(`"${name}"`);
      const ratio = String(item!.classifier_ratio);
      if (ratio.length > 5) expect(res.body).not.toContain(ratio);
      const allowed = Object.keys(
        (card!.service === 'tweets' ? blindTweetSchema : blindNewsSchema).shape,
      );
      expect(Object.keys(card!.item).sort()).toEqual([...allowed].sort());
      seen.add(card!.service);
      // Asked again before answering: the same card.
      expect(await next(inject)).toEqual({ card, resumed: true, message: null });

      const result = await answer(inject, card!, 'eliminate');
      expect(result).toMatchObject({
        sampleItemId: card!.sampleItemId,
        sampleId: sample.id,
        service: card!.service,
        itemId: card!.item.id,
        reviewer: 'blind1',
        answerKept: false,
        classifierKept: item!.classifier_kept,
        classifierRatio: item!.classifier_ratio,
        stratum: stratumKey({ source: card!.service, classifierKept: item!.classifier_kept }),
        agrees: !item!.classifier_kept,
      });
    }
    expect([...seen].sort()).toEqual(['news', 'tweets']);
  });

  it('an answer counts once: twice is a 409, at once too; others may not answer for the assignee', async () => {
    await draw({ ...WINDOW, size: 4, doubleShare: 0 });
    const [first, other] = (await team('twice', 2)).map((reviewer) => reviewer.inject);
    const { card } = await next(first!);
    await answer(first!, card!, 'keep');
    const before = await auditRows();
    const again = await first!(
      requestOf(auditCalls.answer, {
        body: { sampleItemId: card!.sampleItemId, answer: 'eliminate' },
      }),
    );
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error).toBe('duplicate');
    expect(errorOf(again).error_description).toMatch(
      new RegExp(
        `^You answered audit item ${card!.sampleItemId} already \\(Keep, at .+\\): an answer is recorded once\\. Nothing was changed\\.$`,
      ),
    );
    const notMine = await other!(
      requestOf(auditCalls.answer, { body: { sampleItemId: card!.sampleItemId, answer: 'keep' } }),
    );
    expect(notMine.statusCode).toBe(403);
    expect(errorOf(notMine).error_description).toBe(
      `Audit item ${card!.sampleItemId} is assigned to twice1, not to you: nothing was recorded.`,
    );
    const [unassigned] = await db().query<{ id: string }>(
      `SELECT id FROM audit_items WHERE sample_id = (SELECT active_sample_id FROM audit_team)
          AND reviewers_assigned = 0 ORDER BY id LIMIT 1`,
    );
    const nobodys = await other!(
      requestOf(auditCalls.answer, {
        body: { sampleItemId: Number(unassigned!.id), answer: 'keep' },
      }),
    );
    expect(nobodys.statusCode).toBe(403);
    expect(errorOf(nobodys).error_description).toBe(
      `Audit item ${unassigned!.id} is not assigned to you: ask for your next audit item. Nothing was recorded.`,
    );
    const missing = await first!(
      requestOf(auditCalls.answer, { body: { sampleItemId: 999_999_999, answer: 'keep' } }),
    );
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).error_description).toBe(
      'No audit item 999999999: nothing was recorded.',
    );
    expect(await auditRows()).toEqual(before);

    // Two answers of one item sent at once: one is recorded, the other refused.
    const { card: next2 } = await next(first!);
    const both = await Promise.all(
      (['keep', 'eliminate'] as const).map((verdict) =>
        first!(
          requestOf(auditCalls.answer, {
            body: { sampleItemId: next2!.sampleItemId, answer: verdict },
          }),
        ),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const rows = await db().query('SELECT * FROM audit_answers WHERE audit_item_id = $1', [
      next2!.sampleItemId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('a third reviewer settles a disagreement once, as a decision on the item; the two may not', async () => {
    const tweetIds = await insertTweets('audit-settle-', '2032-02-01', [true, false]);
    const { sample } = await draw({
      from: '2032-02-01T00:00',
      to: '2032-02-01T23:59',
      doubleShare: 1,
    });
    expect(sample.doubled).toBe(2);
    const [s1, s2, s3, s4] = (await team('settle', 4)).map((reviewer) => reviewer.inject);
    // s1 and s2 take both items; they disagree on the first and agree on the second.
    const a = (await next(s1!)).card!;
    await answer(s1!, a, 'keep');
    const b = (await next(s1!)).card!;
    await answer(s1!, b, 'keep');
    expect((await next(s2!)).card!.sampleItemId).toBe(a.sampleItemId);
    await answer(s2!, a, 'eliminate');
    expect((await next(s2!)).card!.sampleItemId).toBe(b.sampleItemId);
    await answer(s2!, b, 'keep');

    const listed = auditDisagreementsSchema.parse(
      (await as(s3!).send(auditCalls.disagreements)).json(),
    ).disagreements;
    const entry = listed.find((disagreement) => disagreement.sampleItemId === a.sampleItemId)!;
    expect(listed.map((disagreement) => disagreement.sampleItemId)).not.toContain(b.sampleItemId);
    expect(entry.answers.map((entry) => [entry.reviewer, entry.answerKept])).toEqual([
      ['settle1', true],
      ['settle2', false],
    ]);
    expect(tweetIds).toContain(entry.itemId);
    const version = entry.card.item.version;

    const settle = (inject: Inject, sampleItemId: number, decision: string, at = version) =>
      inject(requestOf(auditCalls.settle, { body: { sampleItemId, decision, version: at } }));
    const before = await auditRows();
    const byOneOfTwo = await settle(s1!, a.sampleItemId, 'keep');
    expect(byOneOfTwo.statusCode).toBe(403);
    expect(errorOf(byOneOfTwo).error_description).toBe(
      `You answered audit item ${a.sampleItemId} yourself: a third reviewer, neither settle1 nor settle2, settles it. Nothing was written.`,
    );
    const agreed = await settle(s3!, b.sampleItemId, 'keep');
    expect(agreed.statusCode).toBe(409);
    expect(errorOf(agreed)).toEqual({
      error: 'no_disagreement',
      error_description: `The reviewers of audit item ${b.sampleItemId} agree (Keep): there is nothing to settle. Nothing was written.`,
    });
    const stale = await settle(s3!, a.sampleItemId, 'eliminate', version + 1);
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ current: { version: number } }>().current.version).toBe(version);
    const missing = await settle(s3!, 999_999_999, 'keep');
    expect(missing.statusCode).toBe(404);
    expect(await auditRows()).toEqual(before);

    const res = await settle(s3!, a.sampleItemId, 'eliminate');
    expect(res.statusCode, res.body).toBe(200);
    const settled = auditSettledSchema.parse(res.json());
    expect(settled).toMatchObject({
      sampleItemId: a.sampleItemId,
      itemId: entry.itemId,
      finalKept: false,
      settledBy: 'settle3',
      version: version + 1,
      after: { selected: false, manuallyChanged: true },
    });
    const [item] = await db().query<{ selected: boolean; manually_changed_by: string }>(
      'SELECT selected, manually_changed_by FROM tweets WHERE id = $1',
      [entry.itemId],
    );
    expect(item).toEqual({ selected: false, manually_changed_by: 'settle3' });
    const recorded = await api.inject({
      method: 'GET',
      url: fillPath(insightTweetCalls.history.path, { id: entry.itemId }),
    });
    const last = historyEntrySchema.array().parse(recorded.json()).at(-1)!;
    expect(last).toMatchObject({
      actor: 'settle3',
      call: 'POST /dqc-extensions/audit/settlements',
      source: 'single',
      after: { selected: false, manuallyChanged: true },
    });

    // Settled once: a fourth reviewer is refused, and the list no longer holds it.
    const twice = await settle(s4!, a.sampleItemId, 'keep', version + 1);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).error).toBe('settled');
    expect(errorOf(twice).error_description).toMatch(
      new RegExp(
        `^Audit item ${a.sampleItemId} was settled already by settle3 \\(Eliminate, at .+\\): it is settled once\\. Nothing was written\\.$`,
      ),
    );
    const after = auditDisagreementsSchema.parse(
      (await as(s4!).send(auditCalls.disagreements)).json(),
    ).disagreements;
    expect(after.map((disagreement) => disagreement.sampleItemId)).not.toContain(a.sampleItemId);
    const read = auditAnswersSchema.parse(
      (await as(s4!).send(auditCalls.answers, { query: { sampleId: sample.id } })).json(),
    );
    expect(read.settlements).toEqual([
      expect.objectContaining({
        sampleItemId: a.sampleItemId,
        finalKept: false,
        settledBy: 'settle3',
      }),
    ]);
  });

  it("a new draw removes the last sample's unassigned items and keeps what was assigned or answered", async () => {
    const { sample: old } = await draw({ ...WINDOW, size: 10, doubleShare: 0 });
    const { inject } = (await team('redraw', 1))[0]!;
    const { card: done } = await next(inject);
    await answer(inject, done!, 'keep');
    const { card: open } = await next(inject);
    const { sample, replaced } = await draw({ ...WINDOW, size: 10 });
    expect(replaced).toEqual({ sampleId: old.id, removedItems: 8, keptItems: 2 });
    expect((await itemsOf(old.id)).map((item) => Number(item.id)).sort((a, b) => a - b)).toEqual(
      [done!.sampleItemId, open!.sampleItemId].sort((a, b) => a - b),
    );
    const read = auditAnswersSchema.parse(
      (await reviewer1.send(auditCalls.answers, { query: { sampleId: old.id } })).json(),
    );
    expect(read.answers.map((record) => record.sampleItemId)).toEqual([done!.sampleItemId]);
    expect(read.samples[0]).toMatchObject({ id: old.id, active: false, items: 2, drawn: 10 });
    // The open item is still the reviewer's; after it, the new sample's items.
    expect(await next(inject)).toMatchObject({ card: open, resumed: true });
    await answer(inject, open!, 'keep');
    expect((await next(inject)).card?.sampleId).toBe(sample.id);
    const unknown = await reviewer1.send(auditCalls.answers, { query: { sampleId: 999_999_999 } });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).error_description).toBe('No audit sample 999999999.');
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['a size of 0', { size: 0 }, 'size must be at least 1'],
      ['a size as text', { size: '200' }, 'size must be a number'],
      ['a share above 1', { doubleShare: 1.5 }, 'doubleShare must be between 0 and 1'],
      [
        'a window backwards',
        { from: '2025-02-01T00:00', to: '2025-01-01T00:00' },
        'from must not be after to',
      ],
      ['a date that is none', { from: 'yesterday' }, 'from: must look like 2022-01-01T00:00'],
    ])('a draw with %s is a 400 naming it', async (_, body, says) => {
      const before = await auditRows();
      const res = await reviewer1.send(auditCalls.draw, { body });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toContain(says);
      expect(await auditRows()).toEqual(before);
    });

    it.each([
      ['no answer', { sampleItemId: 1 }, 'answer must be keep or eliminate'],
      [
        'an answer that is none',
        { sampleItemId: 1, answer: 'maybe' },
        'answer must be keep or eliminate',
      ],
      ['an id as text', { sampleItemId: '1', answer: 'keep' }, 'sampleItemId must be a number'],
      ['a negative id', { sampleItemId: -3, answer: 'keep' }, 'sampleItemId must be positive'],
    ])('an answer with %s is a 400 naming it', async (_, body, says) => {
      const before = await auditRows();
      const res = await reviewer1.send(auditCalls.answer, { body });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toContain(says);
      expect(await auditRows()).toEqual(before);
    });

    it.each([
      ['no version', { sampleItemId: 1, decision: 'keep' }, 'version must be a number'],
      [
        'a decision that is none',
        { sampleItemId: 1, decision: 'both', version: 1 },
        'decision must be keep or eliminate',
      ],
    ])('a settlement with %s is a 400 naming it', async (_, body, says) => {
      const before = await auditRows();
      const res = await reviewer1.send(auditCalls.settle, { body });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toContain(says);
      expect(await auditRows()).toEqual(before);
    });

    it('a sample id that is not a number is a 400; without ADMIN 403, without a token 401', async () => {
      const res = await reviewer1.send(auditCalls.answers, { query: { sampleId: 'last' } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error_description).toContain('sampleId');
      const viewer = await api.as('viewer');
      const nobody = await api.as(null);
      expect((await viewer.inject(requestOf(auditCalls.next))).statusCode).toBe(403);
      expect((await nobody.inject(requestOf(auditCalls.draw, { body: {} }))).statusCode).toBe(401);
    });
  });
});
