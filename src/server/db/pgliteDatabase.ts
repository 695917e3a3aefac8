import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

export async function openPgliteDatabase(dataDir: string | null): Promise<Database> {
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row extends object>(sql: string, params: unknown[] = []) {
      const result = await q.query<Row>(sql, params);
      return result.rows;
    },
  });
  const root = wrap(pg);
  return {
    engine: 'pglite',
    query: root.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
