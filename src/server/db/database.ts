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
  /**
   * PostgreSQL's LISTEN: `onPayload` hears each NOTIFY on `channel` (sent when its transaction
   * commits) until the answered stop is called. `onLost` is told when some may have been missed
   * (the listening connection failed; it is opened again). Closing the database stops it too.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  readonly engine: 'pglite' | 'postgres';
}

export interface NotificationHandlers {
  onPayload(payload: string): void;
  onLost(): void;
}

/** A channel name as LISTEN takes it unquoted: ours are constants, never input. */
export function checkChannelName(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel))
    throw new Error(`${channel}: not a plain channel name`);
  return channel;
}
