import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { ActiveSessions } from './auth/activeSessions';
import { revokeSessionsOfUser } from './auth/authSessions';
import { loadOrCreateSigningKey } from './auth/signingKeys';
import type { ServerConfig } from './config';
import type { ServerContext } from './context';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/openDatabase';
import { clientErrorOfDatabase } from './http/databaseErrors';
import { acceptEmptyJsonBodies } from './http/jsonBody';
import {
  proxyNotTrustedWarning,
  readTlsPair,
  whyNotListen,
  type TlsPair,
} from './http/listenPolicy';
import { refuseNulCharacters } from './http/refuseNul';
import { sendError } from './http/validate';
import { ModelJobs } from './nlp/modelJob';
import { authEndpoints } from './endpoints/authEndpoints';
import { dataEndpoints } from './endpoints/dataEndpoints';
import { docsEndpoints } from './endpoints/docsEndpoints';
import { demoUsersPresent, seedDemoUsers, whyNoDemoUsers } from './seed/demoUsers';
import { seedDemoConfigurationsAndAccounts } from './seed/demoConfigurations';
import { seedDemoCurrencies } from './seed/demoCurrencies';
import { seedDemoMarketsAndTags } from './seed/demoMarkets';
import { seedDemoReview } from './seed/demoReview';
import { groupAllArrivals, SEED_GROUPING_BATCH } from './stories/groupArrivals';
import { startStoryWorker } from './stories/storyWorker';

export interface BuiltServer {
  app: FastifyInstance;
  context: ServerContext;
  /** Background classifier runs (tests wait on them). */
  modelJobs: ModelJobs;
}

/**
 * Builds the Fastify app on an open, migrated database, serving HTTPS when given a certificate.
 * Listening is the caller's business.
 */
export async function buildServer(
  config: ServerConfig,
  db: Database,
  tls: TlsPair | null = null,
): Promise<BuiltServer> {
  const context: ServerContext = {
    config,
    db,
    signingKey: await loadOrCreateSigningKey(db),
    sessions: new ActiveSessions(db, config.sessionMaxAgeSeconds),
  };
  // Request bodies are small (forms and JSON records); 1 MiB is far above any legitimate one.
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    // The client's address (what the per-address throttles count) comes from X-Forwarded-For
    // only when the connection is from a proxy the settings name.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    ...(tls ? { serverFactory: httpsServerOf(tls) } : {}),
    // Search texts travel in the path; their schema, not the router, says when one is too long.
    routerOptions: { maxParamLength: 1000 },
    // A refused request names each field and what is wrong with it, as the screens show it.
    schemaErrorFormatter: (errors, dataVar) =>
      new Error(
        errors
          .map((e) => `${e.instancePath.slice(1).replaceAll('/', '.') || dataVar}: ${e.message}`)
          .join('; '),
      ),
    // The router's own refusals (a path that does not decode, a parameter past maxParamLength)
    // get the same error body as every other refusal, with a sentence instead of an error code.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendError(
        reply,
        tooLong ? 414 : 400,
        'invalid_request',
        tooLong
          ? 'A path parameter is longer than 1000 characters.'
          : 'The path is not valid: it holds a %-escape that is not UTF-8.',
      );
    },
  });
  await app.register(formbody);
  acceptEmptyJsonBodies(app);
  refuseNulCharacters(app);
  app.setErrorHandler((error: unknown, request, reply) => {
    const fromDatabase = clientErrorOfDatabase(error);
    if (fromDatabase)
      return sendError(reply, fromDatabase.status, fromDatabase.error, fromDatabase.description);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const text = error instanceof Error ? error.message : 'The request was not valid.';
      return sendError(reply, status, 'invalid_request', text);
    }
    request.log.error(error);
    console.error('[server] unexpected error', error);
    return sendError(reply, 500, 'server_error', 'The server failed to handle the request.');
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
  );
  const modelJobs = new ModelJobs(db);
  await app.register(authEndpoints(context));
  await app.register(dataEndpoints(context, modelJobs));
  await app.register(docsEndpoints());
  return { app, context, modelJobs };
}

/**
 * An HTTPS server for Fastify: a factory rather than Fastify's `https` option, which would type
 * the app by its server and every route module with it, when its requests and replies are the
 * same IncomingMessage and ServerResponse. Node's own timeouts apply (a request within 300 s,
 * its headers within 60 s).
 */
const httpsServerOf =
  (tls: TlsPair): FastifyServerFactory<Server> =>
  (handler) =>
    createHttpsServer(tls, handler);

export interface RunningServer extends BuiltServer {
  url: string;
  /** Ends every session of a user; the operator's answer to a lost laptop. */
  revokeSessionsOf(username: string): Promise<number>;
  close(): Promise<void>;
}

/** Brings a database to the current schema and, when the config asks, seeds it where empty. */
export async function prepareDatabase(db: Database, config: ServerConfig): Promise<void> {
  await migrate(db);
  if (!config.seedDemoData) return;
  const noDemoUsers = whyNoDemoUsers(config);
  if (noDemoUsers === null) await seedDemoUsers(db, config.passwordHashCost);
  else {
    console.warn(`[server] ${noDemoUsers}`);
    const earlier = await demoUsersPresent(db);
    if (earlier.length > 0)
      console.warn(
        `[server] Demo users from an earlier start are in this database and may still have the password "demo": ${earlier.join(', ')}. Remove them if others can reach this server.`,
      );
  }
  await seedDemoConfigurationsAndAccounts(db);
  // The demo items just seeded are grouped now, before any client comes (and into the test
  // templates); any other arrivals are the worker's, in its batches.
  if (await seedDemoReview(db)) await groupAllArrivals(db, SEED_GROUPING_BATCH);
  await seedDemoCurrencies(db);
  await seedDemoMarketsAndTags(db);
}

/**
 * Refuses settings unsafe beyond loopback (http/listenPolicy.ts), opens the database (or takes
 * one already open: the test servers' copies of a prepared one), migrates, seeds an empty one,
 * and listens.
 */
export async function startServer(config: ServerConfig, opened?: Database): Promise<RunningServer> {
  // Settings that must stop the start do so before any database is opened or changed.
  let tls: TlsPair | null;
  try {
    const refusal = whyNotListen(config);
    if (refusal) throw new Error(refusal);
    const warning = proxyNotTrustedWarning(config);
    if (warning) console.warn(`[server] ${warning}`);
    tls = config.tls ? readTlsPair(config.tls) : null;
  } catch (error) {
    await opened?.close().catch(() => undefined);
    throw error;
  }
  const db = opened ?? (await openDatabase(config));
  try {
    await prepareDatabase(db, config);
    const built = await buildServer(config, db, tls);
    const stopStories = config.groupStories ? await startStoryWorker(db) : null;
    built.app.addHook('onClose', async () => {
      await stopStories?.();
    });
    await built.app.listen({ host: config.host, port: config.port });
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return {
      ...built,
      url: `${tls ? 'https' : 'http'}://${config.host}:${port}`,
      revokeSessionsOf: async (username) => {
        const ended = await revokeSessionsOfUser(db, username);
        built.context.sessions.forgetAll();
        return ended;
      },
      async close() {
        await built.app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
