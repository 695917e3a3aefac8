/**
 * One SQL dialect (PostgreSQL), two engines: PGlite embedded, or a real server via DATABASE_URL.
 * Everything above this file sees only `Queryable` and `Database`.
 */
export interface Queryable {
  query<Row extends object>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs fn in one transaction: all of it is written, or none. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}
