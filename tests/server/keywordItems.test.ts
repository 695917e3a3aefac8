import { describe, expect, it } from 'vitest';
import { reviewFilterBodySchema, type ReviewFilterBody } from '../../src/shared/bodies/review';
import { REVIEW_PAGE_SIZE } from '../../src/shared/constants';
import { keywordItemsTable } from '../../src/server/db/keywordItems';
import { filterPageQuery, filterWhere } from '../../src/server/review/filterQuery';
import { NEWS, TWEETS } from '../../src/server/review/serviceDefs';
import { useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

/**
 * The keyword items (src/server/db/migrations/008_review_keyword_items.ts) follow every write to
 * the review tables, and a page found through them or through the deferred join is the page a
 * plain query finds.
 */
describe.each(ENGINES)('review keyword items on %s', (engine) => {
  const api = useServer({ engine, user: null });
  const query = <Row extends object>(sql: string, params: unknown[] = []) =>
    api.server.context.db.query<Row>(sql, params);

  /** The keyword items as they should be: derived from the items themselves. */
  async function mismatches(table: 'tweets' | 'news') {
    const derived = `SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
                       FROM ${table} AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)`;
    const kept = `SELECT keyword, detect_time, id, selected, manually_changed, reviewed_by FROM ${keywordItemsTable(table)}`;
    const [missing, extra] = await Promise.all([
      query<{ n: number }>(`SELECT count(*)::int AS n FROM (${derived} EXCEPT ${kept}) AS d`),
      query<{ n: number }>(`SELECT count(*)::int AS n FROM (${kept} EXCEPT ${derived}) AS d`),
    ]);
    return { missing: Number(missing[0]!.n), extra: Number(extra[0]!.n) };
  }

  it.each(['tweets', 'news'] as const)(
    '%s: the keyword items match the items after inserts, updates and deletes',
    async (table) => {
      const items = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${keywordItemsTable(table)}`,
      );
      expect(Number(items[0]!.n)).toBeGreaterThan(0); // the demo data was carried over
      expect(await mismatches(table)).toEqual({ missing: 0, extra: 0 });

      // One statement each: a keyword added, a decision and a review, keywords emptied,
      // a duplicate keyword in one array, items removed, an item copied in.
      await query(
        `UPDATE ${table} SET detected_keywords = detected_keywords || '{solana}' WHERE id % 3 = 0`,
      );
      await query(
        `UPDATE ${table} SET selected = NOT selected, reviewed_by = 'reviewer3' WHERE id % 4 = 1`,
      );
      await query(`UPDATE ${table} SET detected_keywords = '{}' WHERE id % 5 = 2`);
      await query(
        `UPDATE ${table} SET detected_keywords = '{etf,etf}', detect_time = detect_time + interval '1 hour' WHERE id % 7 = 3`,
      );
      await query(`DELETE FROM ${table} WHERE id % 11 = 4`);
      const key = table === 'tweets' ? 'tweet_id' : 'news_id';
      await query(
        `INSERT INTO ${table} SELECT (SELECT max(id) FROM ${table}) + id, ${key} || '-copy', ${
          table === 'tweets' ? 'twitter_user_name' : 'website'
        }, ${(await columnsAfterKey(table)).join(', ')} FROM ${table} WHERE id % 13 = 5`,
      );
      expect(await mismatches(table)).toEqual({ missing: 0, extra: 0 });
    },
  );

  async function columnsAfterKey(table: 'tweets' | 'news') {
    const columns = await query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    return columns.map((c) => c.column_name).slice(3);
  }

  it.each([
    ['tweets', TWEETS],
    ['news', NEWS],
  ] as const)(
    '%s: every page is the page a plain query finds, keyword or not',
    async (table, def) => {
      const bodies: Partial<ReviewFilterBody>[] = [];
      for (const keyword of [null, 'bitcoin', 'etf', 'solana', 'nothing-like-this'])
        for (const sortBy of ['desc', 'asc'] as const)
          for (const startIndex of [0, 1, 3, 40])
            for (const extra of [
              {},
              { isEliminated: 'false' },
              { isReviewed: 'true', reviewedBy: 'reviewer3' },
              {
                isManuallyChanged: 'false',
                startDate: '2024-01-01T00:00',
                endDate: '2025-06-30T12:00',
              },
            ] as Partial<ReviewFilterBody>[])
              bodies.push({ keyword, sortBy, startIndex, ...extra });
      let nonEmpty = 0;
      for (const partial of bodies) {
        const body = { ...reviewFilterBodySchema.parse({}), ...partial } as ReviewFilterBody;
        const page = filterPageQuery(table, 'id', body);
        const got = (await query<{ id: string }>(page.sql, page.params)).map((r) => String(r.id));
        const where = filterWhere(body);
        const direction = body.sortBy === 'asc' ? 'ASC' : 'DESC';
        const want = (
          await query<{ id: string }>(
            `SELECT id FROM ${def.table} WHERE ${where.sql} ORDER BY detect_time ${direction}, id ${direction}
            LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${body.startIndex * REVIEW_PAGE_SIZE}`,
            where.params,
          )
        ).map((r) => String(r.id));
        expect(got, JSON.stringify(partial)).toEqual(want);
        if (want.length > 0) nonEmpty += 1;
      }
      expect(nonEmpty).toBeGreaterThan(bodies.length / 3); // the comparison is not of empty pages
    },
  );
});
