import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdir } from 'node:fs/promises';
import type { Database, Queryable } from './database';

/** PGlite in `dataDir` (in memory when null). */
export async function openPgliteDatabase(dataDir: string | null): Promise<Database> {
  // PGlite creates only the last folder of the path; on a fresh machine the parents (e.g.
  // ~/.config/dqc-console for the demo server) do not exist yet.
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm: trigram indexes for the 'includes' searches (migration 5).
  const options = { extensions: { pg_trgm } };
  const pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
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
