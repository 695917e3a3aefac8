import { beforeAll, describe, expect, it } from 'vitest';
import { insightNewsCalls, insightTweetCalls } from '../../src/shared/api/insight';
import { insightFilterBodySchema } from '../../src/shared/bodies/insight';
import { DEFAULT_START_DATE, REVIEW_PAGE_SIZE } from '../../src/shared/constants';
import { insightPageQuery } from '../../src/server/insight/insightPage';
import { useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

type Service = 'tweets' | 'news';
type Body = Record<string, unknown>;

const CALLS = { tweets: insightTweetCalls, news: insightNewsCalls };

/**
 * Borderline first, Ratio between and a model run's items (the borderline extension, DESIGN.md,
 * Extensions): every page and count the server answers is the one a plain query gives — the same
 * rows in the same order as a straightforward WHERE and ORDER BY over the items, the count their
 * count(*) — across the filter's conditions, ratio ranges whose ends fall on and between the count
 * bands, time ranges with partial months and years, and pages; and the per-month counts by ratio
 * band follow every write.
 */
describe.each(ENGINES)('insight filter and count on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const sql = <Row extends object>(text: string, params: unknown[] = []) =>
    api.server.context.db.query<Row>(text, params);
  const post = (service: Service, call: 'filter' | 'count', body: unknown) =>
    api.inject({ method: 'POST', url: CALLS[service][call].path, payload: body as Body });

  /**
   * Items on the edges the implementation cuts at: ratios on and just beside the band thresholds
   * (0.4, 0.6, 1, 0), equal ratios with equal times (ties broken by id), times on the first
   * instant of a month and a year and the last of a month.
   */
  const RATIOS = [0, 0.01, 0.3, 0.3999999999, 0.4, 0.4, 0.40001, 0.45, 0.5, 0.5, 0.55, 0.6];
  const MORE_RATIOS = [0.6, 0.60001, 0.123, 0.4567, 0.4568, 0.99, 1, 1, 0.25, 0.75];
  const TIMES = [
    '2025-03-01T00:00:00Z',
    '2025-02-28T23:59:59Z',
    '2025-12-31T23:59:00Z',
    '2026-01-01T00:00:00Z',
    '2024-06-15T12:00:00Z',
  ];
  async function addEdgeItems(service: Service) {
    const ratios = [...RATIOS, ...MORE_RATIOS];
    const rows = Array.from({ length: 88 }, (_, i) => ({
      key: `edge-${i}`,
      ratio: ratios[i % ratios.length]!,
      time: TIMES[i % TIMES.length]!,
      keywords: i % 3 === 0 ? ['bitcoin'] : [],
      reviewer: i % 4 === 0 ? 'reviewer2' : null,
      selected: i % 2 === 0,
      manual: i % 5 === 0,
    }));
    const values = rows.map(
      (_, i) =>
        `($${i * 7 + 1}, $${i * 7 + 2}::float8, $${i * 7 + 3}::timestamptz, $${i * 7 + 4}::text[], $${i * 7 + 5}, $${i * 7 + 6}::boolean, $${i * 7 + 7}::boolean)`,
    );
    const params = rows.flatMap((r) => [
      r.key,
      r.ratio,
      r.time,
      r.keywords,
      r.reviewer,
      r.selected,
      r.manual,
    ]);
    const source = `(VALUES ${values.join(', ')}) AS v(k, ratio, t, keywords, reviewer, selected, manual)`;
    await sql(
      service === 'tweets'
        ? `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
             nlp_decision_ratio, detected_keywords, reviewed_by, selected, manually_changed)
           SELECT k, 'edge', 'Edge', 'https://x.com/edge/' || k, 'Edge item ' || k, t, t, ratio, keywords, reviewer, selected, manual
             FROM ${source}`
        : `INSERT INTO news (news_id, website, account_name, url, message, detect_time, nlp_decision_ratio,
             detected_keywords, reviewed_by, selected, manually_changed)
           SELECT k, 'edge.example', 'Edge', 'https://edge.example/' || k, 'Edge item ' || k, t, ratio, keywords, reviewer, selected, manual
             FROM ${source}`,
      params,
    );
  }

  beforeAll(async () => {
    await addEdgeItems('tweets');
    await addEdgeItems('news');
  });

  /** The filter as a plain WHERE, written here from SPEC.md 3 and the issue, not from the code. */
  function plainWhere(service: Service, raw: Body) {
    const body = insightFilterBodySchema.parse(raw);
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const utc = (value: string) => (value.endsWith('Z') ? value : `${value}Z`);
    const where = [`detect_time >= ${add(utc(body.startDate ?? DEFAULT_START_DATE))}::timestamptz`];
    if (body.endDate) where.push(`detect_time <= ${add(utc(body.endDate))}::timestamptz`);
    if (body.isEliminated !== 'null') where.push(`selected = ${body.isEliminated === 'false'}`);
    if (body.isManuallyChanged !== 'null')
      where.push(`manually_changed = ${body.isManuallyChanged === 'true'}`);
    if (body.isReviewed !== 'null')
      where.push(`reviewed_by IS ${body.isReviewed === 'true' ? 'NOT ' : ''}NULL`);
    if (body.reviewedBy) where.push(`reviewed_by = ${add(body.reviewedBy)}`);
    if (body.keyword) where.push(`${add(body.keyword.toLowerCase())} = ANY(detected_keywords)`);
    if (typeof body.ratioFrom === 'number')
      where.push(`nlp_decision_ratio >= ${add(body.ratioFrom)}`);
    if (typeof body.ratioTo === 'number') where.push(`nlp_decision_ratio <= ${add(body.ratioTo)}`);
    if (body.modelRunId) {
      const change = [`c.item_id = i.id`, `c.run_id = ${add(body.modelRunId)}`];
      change.push(`c.service = ${add(service)}`);
      if (body.modelRunDirection === 'keptToEliminated')
        change.push('c.old_selected AND NOT c.new_selected');
      if (body.modelRunDirection === 'eliminatedToKept')
        change.push('NOT c.old_selected AND c.new_selected');
      if (body.modelRunDirection === 'ratioOnly') change.push('c.old_selected = c.new_selected');
      if (body.modelRunReviewed === 'true') change.push('c.reviewed');
      if (body.modelRunReviewed === 'false') change.push('NOT c.reviewed');
      where.push(`EXISTS (SELECT 1 FROM model_run_changes AS c WHERE ${change.join(' AND ')})`);
    }
    const order =
      body.sortBy === 'borderline'
        ? 'abs(nlp_decision_ratio - 0.5) ASC, detect_time DESC, id DESC'
        : `detect_time ${body.sortBy}, id ${body.sortBy}`;
    return { body, where: where.join(' AND '), order, params };
  }

  async function plainPage(service: Service, raw: Body): Promise<number[]> {
    const { body, where, order, params } = plainWhere(service, raw);
    const rows = await sql<{ id: string }>(
      `SELECT id FROM ${service} AS i WHERE ${where} ORDER BY ${order}
        LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${body.startIndex * REVIEW_PAGE_SIZE}`,
      params,
    );
    return rows.map((r) => Number(r.id));
  }

  async function plainCount(service: Service, raw: Body): Promise<number> {
    const { where, params } = plainWhere(service, raw);
    const rows = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM ${service} AS i WHERE ${where}`,
      params,
    );
    return Number(rows[0]!.n);
  }

  const RANGES: Body[] = [
    {},
    { ratioFrom: 0.4, ratioTo: 0.6 },
    { ratioFrom: 0.45 },
    { ratioTo: 0.3 },
    { ratioFrom: 0.123, ratioTo: 0.4567 },
    { ratioFrom: 0.6, ratioTo: 0.6 },
    { ratioFrom: 0, ratioTo: 1 },
    { ratioFrom: 0.5, ratioTo: 0.5 },
  ];
  const CONDITIONS: Body[] = [
    {},
    { isEliminated: 'false' },
    { keyword: 'bitcoin' },
    { startDate: '2025-02-15T00:00', endDate: '2025-12-31T23:59' },
    { isReviewed: 'true', reviewedBy: 'reviewer2', isManuallyChanged: 'false' },
    { startDate: '2026-01-01T00:00', isEliminated: 'true' },
    { startDate: '2023-05-20T08:00', endDate: '2025-03-01T00:00', keyword: 'bitcoin' },
  ];
  const bodies: Body[] = [];
  for (const sortBy of ['borderline', 'desc', 'asc'])
    for (const range of RANGES)
      for (const condition of CONDITIONS) bodies.push({ sortBy, ...range, ...condition });

  it.each(['tweets', 'news'] as const)(
    '%s: every page and count equals the plain query',
    async (service) => {
      let nonEmpty = 0;
      for (const body of bodies) {
        for (const startIndex of body.sortBy === 'borderline' ? [0, 1, 6] : [0, 2]) {
          const paged = { ...body, startIndex };
          const res = await post(service, 'filter', paged);
          expect(res.statusCode, JSON.stringify(paged)).toBe(200);
          const got = res.json<{ id: number }[]>().map((item) => item.id);
          const want = await plainPage(service, paged);
          expect(got, JSON.stringify(paged)).toEqual(want);
          if (want.length > 0) nonEmpty += 1;
        }
        const counted = await post(service, 'count', body);
        expect(counted.json(), JSON.stringify(body)).toBe(await plainCount(service, body));
      }
      // Most comparisons are of real pages, not of two empty lists.
      expect(nonEmpty).toBeGreaterThan(bodies.length);
    },
    240_000,
  );

  it.each(['tweets', 'news'] as const)(
    '%s: a time-ordered page in a ratio range is the same whether it walks the time index or merges the bands',
    async (service) => {
      for (const range of RANGES.slice(1))
        for (const condition of CONDITIONS)
          for (const sortBy of ['desc', 'asc'])
            for (const startIndex of [0, 3]) {
              const body = insightFilterBodySchema.parse({
                sortBy,
                startIndex,
                ...range,
                ...condition,
              });
              const want = await plainPage(service, body);
              for (const mostEntriesToSkip of [0, Number.MAX_SAFE_INTEGER]) {
                const query = insightPageQuery(service, `${service}.id`, body, mostEntriesToSkip);
                const got = (await sql<{ id: string }>(query.sql, query.params)).map((r) =>
                  Number(r.id),
                );
                expect(got, `${JSON.stringify(body)} ${mostEntriesToSkip}`).toEqual(want);
              }
            }
    },
    240_000,
  );

  it('sorts Borderline first by |ratio - 0.5|, then newest, then highest id', async () => {
    const items = (
      await post('tweets', 'filter', { sortBy: 'borderline', ratioFrom: 0.5, ratioTo: 0.5 })
    ).json<{ id: number; nlpDecisionRatio: number; detectTime: string }[]>();
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((item) => item.nlpDecisionRatio === 0.5)).toBe(true);
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(a.detectTime > b.detectTime || (a.detectTime === b.detectTime && a.id > b.id)).toBe(
        true,
      );
    }
  });

  describe('the per-month counts by ratio band', () => {
    /** Each table's counts as they should be, derived from the items, against the kept ones. */
    async function mismatches(service: Service) {
      const derived = `SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period,
                              r.selected, r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, count(*) AS n
                         FROM ${service} AS r,
                              LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                              LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                              ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)
                        GROUP BY 1, 2, 3, 4, 5, 6, 7`;
      const kept = `SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, n
                      FROM ${service}_ratio_counts WHERE n <> 0`;
      const [missing, extra] = await Promise.all([
        sql<{ n: string }>(`SELECT count(*) AS n FROM (${derived} EXCEPT ${kept}) AS d`),
        sql<{ n: string }>(`SELECT count(*) AS n FROM (${kept} EXCEPT ${derived}) AS d`),
      ]);
      return { missing: Number(missing[0]!.n), extra: Number(extra[0]!.n) };
    }

    it.each(['tweets', 'news'] as const)(
      '%s: follow inserts, updates and deletes, and the keyword items carry the ratio',
      async (service) => {
        expect(await mismatches(service)).toEqual({ missing: 0, extra: 0 });
        await sql(
          `UPDATE ${service} SET nlp_decision_ratio = 1 - nlp_decision_ratio WHERE id % 3 = 0`,
        );
        await sql(
          `UPDATE ${service} SET selected = NOT selected, reviewed_by = 'reviewer3' WHERE id % 4 = 1`,
        );
        await sql(
          `UPDATE ${service} SET detect_time = detect_time + interval '20 days',
             detected_keywords = detected_keywords || '{etf}' WHERE id % 7 = 2`,
        );
        await sql(`DELETE FROM ${service} WHERE id % 11 = 5`);
        await sql(
          `INSERT INTO ${service} (${service === 'tweets' ? 'tweet_id, twitter_user_name, tweet_time' : 'news_id, website'},
             account_name, url, message, detect_time, nlp_decision_ratio, detected_keywords, selected)
           SELECT ${service === 'tweets' ? "'more-' || id, 'more', now()" : "'more-' || id, 'more.example'"},
             'More', 'https://more.example', 'More', now() - id * interval '1 hour', (id % 100) / 100.0, '{bitcoin}', id % 2 = 0
             FROM generate_series(1, 50) AS id`,
        );
        expect(await mismatches(service)).toEqual({ missing: 0, extra: 0 });
        const [stale] = await sql<{ n: string }>(
          `SELECT count(*) AS n FROM ${service}_keyword_items AS k JOIN ${service} AS r ON r.id = k.id
            WHERE k.nlp_decision_ratio <> r.nlp_decision_ratio`,
        );
        expect(Number(stale!.n)).toBe(0);
        // And the counts still agree with the items after those writes.
        for (const body of bodies.filter((b) => b.sortBy === 'desc'))
          expect((await post(service, 'count', body)).json(), JSON.stringify(body)).toBe(
            await plainCount(service, body),
          );
      },
      240_000,
    );

    /**
     * A decision's triggers upsert a per-day and a per-band count row for each keyword its item
     * detected (and '' for all), before and after. Items of one day sharing keywords, in
     * different subsets, decided at once: unordered upserts locked shared rows in opposite orders
     * and PostgreSQL ended one as a deadlock (a 500); sorted upserts (migration 16) make the later
     * one wait. Every answer must be a 200 and both count tables a recount's. PGlite has one
     * connection, so nothing there runs at once.
     */
    it.runIf(engine === 'postgres')(
      'tweets: decisions at once on items of one day sharing keywords all succeed and keep the counts',
      async () => {
        const keywords = Array.from({ length: 30 }, (_, i) => `lockkw${i}`);
        let seed = 7;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
        const items = Array.from({ length: 40 }, (_, i) => ({
          tweetId: `lock-${i}`,
          keywords: keywords
            .map((keyword) => ({ keyword, key: random() }))
            .sort((a, b) => a.key - b.key)
            .slice(0, 3 + ((i * 7) % 25))
            .map(({ keyword }) => keyword),
        }));
        await sql(
          `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
             nlp_decision_ratio, detected_keywords, selected)
           SELECT t, 'locks', 'Locks', 'https://x.com/locks', 'Lock item ' || t, '2025-05-05T10:00:00Z',
             '2025-05-05T10:00:00Z', n / 41.0, string_to_array(k, ','), true
             FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(t, k, n)`,
          [items.map((item) => item.tweetId), items.map((item) => item.keywords.join(','))],
        );
        const names = ['reviewer1', 'reviewer2', 'reviewer3'] as const;
        const reviewers = await Promise.all(names.map((user) => api.as(user)));
        for (const change of ['manually-eliminate', 'manually-select', 'manually-eliminate']) {
          const answers = await Promise.all(
            items.map((item, i) =>
              reviewers[i % names.length]!.call('tweets.manualChange', {
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
        const derivedDays = `SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected,
                                    r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by,
                                    r.story_follower, count(*) AS n
                               FROM tweets AS r,
                                    LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k
                              GROUP BY 1, 2, 3, 4, 5, 6`;
        const keptDays = `SELECT day, keyword, selected, manually_changed, reviewed_by, story_follower, n
                            FROM tweets_day_counts WHERE n <> 0`;
        const [dayMissing, dayExtra] = await Promise.all([
          sql<{ n: string }>(`SELECT count(*) AS n FROM (${derivedDays} EXCEPT ${keptDays}) AS d`),
          sql<{ n: string }>(`SELECT count(*) AS n FROM (${keptDays} EXCEPT ${derivedDays}) AS d`),
        ]);
        expect({ missing: Number(dayMissing[0]!.n), extra: Number(dayExtra[0]!.n) }).toEqual({
          missing: 0,
          extra: 0,
        });
        expect(await mismatches('tweets')).toEqual({ missing: 0, extra: 0 });
      },
    );
  });

  describe("a model run's items", () => {
    it.each(['tweets', 'news'] as const)(
      "%s: only the items in the run's change record, by direction and reviewed",
      async (service) => {
        const [run] = await sql<{ id: string }>(
          `INSERT INTO model_runs (service, status, phase) VALUES ($1, 'finished', 'done') RETURNING id`,
          [service],
        );
        const runId = Number(run!.id);
        // Every fifth item, with directions and reviewed flags in turn.
        await sql(
          `INSERT INTO model_run_changes (run_id, service, item_id, old_ratio, new_ratio, old_selected, new_selected, reviewed)
           SELECT $1, $2, id, nlp_decision_ratio, 1 - nlp_decision_ratio, id % 3 = 0, id % 3 <> 1, id % 2 = 0
             FROM ${service} WHERE id % 5 = 0`,
          [runId, service],
        );
        let nonEmpty = 0;
        for (const direction of [null, 'keptToEliminated', 'eliminatedToKept', 'ratioOnly'])
          for (const reviewed of ['null', 'true', 'false'])
            for (const extra of [{}, { sortBy: 'borderline' }, { ratioFrom: 0.3, sortBy: 'asc' }]) {
              const body = {
                modelRunId: runId,
                modelRunDirection: direction,
                modelRunReviewed: reviewed,
                ...extra,
              };
              const got = (await post(service, 'filter', body))
                .json<{ id: number }[]>()
                .map((i) => i.id);
              const want = await plainPage(service, body);
              expect(got, JSON.stringify(body)).toEqual(want);
              expect((await post(service, 'count', body)).json(), JSON.stringify(body)).toBe(
                await plainCount(service, body),
              );
              if (want.length > 0) nonEmpty += 1;
            }
        expect(nonEmpty).toBeGreaterThan(20);
        // Another run's record is not this one's.
        const other = await post(service, 'count', { modelRunId: runId + 1000 });
        expect(other.json()).toBe(0);
      },
      120_000,
    );
  });

  describe('refusals', () => {
    it.each([
      [{ ratioFrom: 0.7, ratioTo: 0.2 }, 'ratioFrom must not be above ratioTo'],
      [{ ratioFrom: 1.5 }, 'ratioFrom'],
      [{ ratioTo: -0.1 }, 'ratioTo'],
      [{ sortBy: 'sideways' }, 'sortBy'],
      [{ modelRunDirection: 'upside' }, 'modelRunDirection'],
    ])('answers 400 with a message for %j', async (body, message) => {
      for (const call of ['filter', 'count'] as const) {
        const res = await post('tweets', call, body);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error_description: string }>().error_description).toContain(message);
      }
    });

    it('answers 401 without a token and 403 without ADMIN', async () => {
      for (const user of [null, 'viewer'] as const) {
        const caller = await api.as(user);
        for (const service of ['tweets', 'news'] as const)
          for (const call of ['filter', 'count'] as const) {
            const res = await caller.inject({
              method: 'POST',
              url: CALLS[service][call].path,
              payload: { sortBy: 'borderline' },
            });
            expect(res.statusCode).toBe(user === null ? 401 : 403);
          }
      }
    });
  });
});
