import pg from 'pg';
import type { Database, Queryable } from './database';

export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at start, with the server's own message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const query: Queryable['query'] = async <Row extends object>(
    sql: string,
    params: unknown[] = [],
  ) => (await pool.query<Row & pg.QueryResultRow>(sql, params)).rows;
  return {
    engine: 'postgres',
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <Row extends object>(sql: string, params: unknown[] = []) =>
            (await client.query<Row & pg.QueryResultRow>(sql, params)).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
