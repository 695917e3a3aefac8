import pg from 'pg';
import type { Database, Queryable } from './database';
import { listenOnPostgres } from './postgresListener';

export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection can fail at any time (server restart, pg_terminate_backend, network): the
  // pool emits 'error' and, with no listener, that would end the process. The pool drops the
  // connection and opens a new one when next needed, so noting it is all there is to do.
  pool.on('error', (error) => {
    console.error(`[server] an idle database connection failed and was dropped: ${error.message}`);
  });
  // Fail at start, with the server's own message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  // The LISTEN connections (postgresListener.ts), ended with the database.
  const listeners = new Set<() => Promise<void>>();
  const query: Queryable['query'] = async <Row extends object>(
    sql: string,
    params: unknown[] = [],
  ) => (await pool.query<Row & pg.QueryResultRow>(sql, params)).rows;
  return {
    engine: 'postgres',
    query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A checked-out connection is not watched by the pool: its failure between two statements
      // would be an unhandled 'error' event. The next statement on it fails and says why.
      const onError = (error: Error) =>
        console.error(`[server] a database connection failed in a transaction: ${error.message}`);
      client.on('error', onError);
      let result: T;
      try {
        await client.query('BEGIN');
        result = await fn({
          query: async <Row extends object>(sql: string, params: unknown[] = []) =>
            (await client.query<Row & pg.QueryResultRow>(sql, params)).rows,
        });
        await client.query('COMMIT');
      } catch (error) {
        // A connection that cannot even roll back is broken: it is destroyed, not pooled again,
        // and the caller hears the error that failed the transaction.
        const broken = await client.query('ROLLBACK').then(
          () => undefined,
          (rollbackError: Error) => rollbackError,
        );
        client.off('error', onError);
        client.release(broken);
        throw error;
      }
      client.off('error', onError);
      client.release();
      return result;
    },
    listen: async (channel, handlers) => {
      const stop = await listenOnPostgres(connectionString, channel, handlers);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}
