import pg from 'pg';
import { checkChannelName, type NotificationHandlers } from './database';

/** The first wait before a failed listening connection is opened again; doubled up to the cap. */
const FIRST_RETRY_MS = 500;
const RETRY_CAP_MS = 15_000;

/**
 * LISTEN on a PostgreSQL server: a connection of its own, outside the pool (a LISTEN belongs to the
 * session that ran it, and a pooled connection is handed to other work). When it fails (a server
 * restart, pg_terminate_backend, the network) `onLost` is told, since NOTIFYs sent meanwhile are
 * gone, and it is opened again after a wait that doubles up to RETRY_CAP_MS.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  const name = checkChannelName(channel);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let waitMs = FIRST_RETRY_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === name && message.payload !== undefined)
        handlers.onPayload(message.payload);
    });
    // An error or an end of the connection in use: reported once, then a new one. Before it is
    // in use, a failure rejects connect() instead.
    const onLost = (error?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      console.error(
        `[server] the database connection listening on ${name} was lost${error ? `: ${error.message}` : ''}; opening it again`,
      );
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      handlers.onLost();
      schedule();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${name}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    waitMs = FIRST_RETRY_MS;
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        console.error(
          `[server] could not listen on ${name} again: ${error instanceof Error ? error.message : String(error)}`,
        );
        waitMs = Math.min(waitMs * 2, RETRY_CAP_MS);
        schedule();
      });
    }, waitMs);
  };

  // The first connection's failure is the caller's: it fails at start with the server's message.
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = null;
    await open?.end().catch(() => undefined);
  };
}
