import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewFilterBodySchema } from '../../../src/shared/bodies/review';
import type { Database } from '../../../src/server/db/database';
import { migrate } from '../../../src/server/db/migrate';
import { openDatabase } from '../../../src/server/db/openDatabase';
import { countItems, filterItems } from '../../../src/server/review/reviewRepo';
import { TWEETS } from '../../../src/server/review/serviceDefs';
import { FILTER_MATRIX, fullFilter } from '../../bench/review/filterMatrix';
import { loadItems } from '../../bench/review/loadItems';

/** The review benchmark's promises about its data and filters, checked on a small load. */
describe('review benchmark data', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrate(db);
    await loadItems(db, 'tweets', 9_000);
    await loadItems(db, 'news', 2_000);
  }, 60_000);
  afterAll(() => db.close());

  const count = async (sql: string) =>
    Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tweets ${sql}`))[0]!.n);

  it('loads the sizes asked for, with the stated shares of each filter value', async () => {
    expect(await count('')).toBe(9_000);
    expect(
      Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM news'))[0]!.n),
    ).toBe(2_000);
    expect(await count("WHERE detected_keywords @> '{bitcoin}'")).toBe(900); // chainlink's g % 1000 = 3 never falls on a bitcoin item
    expect(await count("WHERE detected_keywords @> '{chainlink}'")).toBe(9);
    expect(await count('WHERE reviewed_by IS NOT NULL')).toBe(1_000);
    expect(await count('WHERE selected = false')).toBe(3_000);
    expect(await count('WHERE manually_changed')).toBe(529);
    // Every reviewer reviews: the Reviewed By filter has something to find for each.
    const reviewers = await db.query<{ reviewed_by: string; n: number }>(
      'SELECT reviewed_by, count(*)::int AS n FROM tweets WHERE reviewed_by IS NOT NULL GROUP BY 1 ORDER BY 1',
    );
    expect(reviewers.map((r) => [r.reviewed_by, Number(r.n)])).toEqual([
      ['reviewer1', 333],
      ['reviewer2', 334],
      ['reviewer3', 333],
    ]);
  });

  it('covers every filter field of the Review screen, and each first-page filter finds items', async () => {
    const fields = Object.keys(reviewFilterBodySchema.shape);
    const used = new Set(FILTER_MATRIX.flatMap((c) => Object.keys(c.filter)));
    expect(fields.filter((f) => !used.has(f))).toEqual([]);
    for (const combo of FILTER_MATRIX.filter((c) => (c.filter.startIndex ?? 0) === 0)) {
      const body = fullFilter(combo.filter);
      expect(reviewFilterBodySchema.parse(body)).toEqual(body);
      const [items, total] = await Promise.all([
        filterItems(db, TWEETS, body),
        countItems(db, TWEETS, body),
      ]);
      expect({ combo: combo.name, found: items.length > 0 && total > 0 }).toEqual({
        combo: combo.name,
        found: true,
      });
    }
  });
});
