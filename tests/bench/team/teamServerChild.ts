/**
 * One reference server process of the team scenario, on the PostgreSQL database named by
 * BENCH_TEAM_DATABASE_URL. Several of them on one database are what the item-events stream's
 * LISTEN/NOTIFY is for: reviewers signed in on different processes hear each other's writes.
 * With BENCH_TEAM_USERS it first creates that many reviewer accounts (team01…, password 'demo')
 * where absent. It times each queue page, filter page and decision from the request reaching the
 * server to its answer's last byte handed to the socket (Node's request and finish events, as
 * review/profileApi.ts does), and hands those times to the parent when asked.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startServer } from '../../../src/server/app';
import { createUser } from '../../../src/server/auth/users';
import { serverConfigFromEnv } from '../../../src/server/config';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import { ADMIN_ROLE } from '../../../src/shared/constants';
import { TEST_SCRYPT } from '../../support/testServer';
import { teamUserName } from './teamUsers';
import type { ServerTimes, TeamServerMessage, TimedKind, TimesRequest } from './teamMessages';

function send(message: TeamServerMessage): void {
  process.send?.(message);
}

/** Which timed call a request is, from its method and path; null for any other call. */
function kindOf(method: string | undefined, url: string | undefined): TimedKind | null {
  if (!url) return null;
  if (method === 'POST' && url.endsWith('/twitter-service/queue')) return 'queue';
  if (method === 'POST' && url === '/twitter-service/filter') return 'filter';
  if (method === 'PUT' && /^\/twitter-service\/manually-(select|eliminate)$/.test(url))
    return 'decision';
  return null;
}

async function main() {
  const databaseUrl = process.env.BENCH_TEAM_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_TEAM_DATABASE_URL is not set.');
  const server = await startServer({
    ...serverConfigFromEnv({}),
    // Loaded items are not collected ones: no grouper takes them (loadItems.ts empties the queue).
    groupStories: false,
    port: 0,
    dataDir: null,
    databaseUrl,
    passwordHashCost: TEST_SCRYPT,
    // The shift and the load before it outlast the default 5-minute token.
    accessTokenTtlSeconds: 4 * 3600,
  });
  const users = Number(process.env.BENCH_TEAM_USERS ?? 0);
  if (users > 0) {
    await seedDemoUsers(server.context.db, TEST_SCRYPT);
    const existing = new Set(
      (await server.context.db.query<{ username: string }>('SELECT username FROM users')).map(
        (row) => row.username,
      ),
    );
    for (let n = 1; n <= users; n++) {
      const username = teamUserName(n);
      if (!existing.has(username))
        await createUser(server.context.db, {
          username,
          roles: [ADMIN_ROLE],
          password: 'demo',
          cost: TEST_SCRYPT,
        });
    }
  }
  let times: ServerTimes = { queue: [], filter: [], decision: [] };
  server.app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const kind = kindOf(req.method, req.url);
    if (!kind) return;
    const started = performance.now();
    res.once('finish', () => {
      if (res.statusCode < 500) times[kind].push(performance.now() - started);
    });
  });
  process.on('message', (request: TimesRequest) => {
    if (request.kind !== 'takeTimes') return;
    send({ kind: 'times', times });
    times = { queue: [], filter: [], decision: [] };
  });
  // The parent ending (or closing the channel) ends the server: no orphan keeps the port.
  process.on('disconnect', () => {
    void server.close().finally(() => process.exit(0));
  });
  send({ kind: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  send({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
