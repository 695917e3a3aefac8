import type { Database, Queryable } from '../../src/server/db/database';

/**
 * The database, with a rival write slipped in just before the first statement that matches: the
 * moment between a repository's existence check and its write. On PostgreSQL the rival commits on
 * its own connection, as a concurrent request would; PGlite has one connection (a second one
 * would wait for the open transaction forever), so there it runs on the statement's own.
 */
export function racingDatabase(
  db: Database,
  statement: RegExp,
  rival: (q: Queryable, statement: { sql: string; params: unknown[] }) => Promise<void>,
): Database & { raced(): boolean } {
  let armed = true;
  const wrap = (q: Queryable): Queryable => ({
    async query<Row extends object>(sql: string, params?: unknown[]) {
      if (armed && statement.test(sql)) {
        armed = false;
        await rival(db.engine === 'postgres' ? db : q, { sql, params: params ?? [] });
      }
      return q.query<Row>(sql, params);
    },
  });
  const root = wrap(db);
  return {
    engine: db.engine,
    query: root.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
    listen: (channel, handlers) => db.listen(channel, handlers),
    raced: () => !armed,
  };
}
