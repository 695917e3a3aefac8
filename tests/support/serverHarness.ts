/**
 * One harness for the server suites: a reference server started for the suite on either engine,
 * a demo user signed in, the declared calls sent by name with that user's token, and the server
 * closed with the suite. Who may call what without a token or without ADMIN is the route walk's
 * (tests/server/routeWalk.test.ts); a suite here tests what a call does.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../src/server/config';
import { DEFAULT_REVIEWERS } from '../../src/shared/constants';
import { requestOf, type CallParts, type CallRef } from './declaredRequest';
import { bearerOf, startTestServer, type Engine, type TestServer } from './testServer';

export { requestOf, urlOf, type CallId, type CallParts, type CallRef } from './declaredRequest';

/** The demo users (password 'demo'): three reviewers with ADMIN and `viewer` without. */
export type DemoUser = (typeof DEFAULT_REVIEWERS)[number] | 'viewer';

/**
 * The one time a suite's server may take to start and sign in: a copy of the prepared database
 * and a sign-in take seconds, a PostgreSQL database on two busy cores up to a minute and more.
 */
export const SERVER_START_TIMEOUT = 90_000;

/** Sends requests as one user (or none): the declared calls by name, anything else by URL. */
export interface Caller {
  /** A declared call, its URL built from the declaration. */
  call(id: CallRef, parts?: CallParts): Promise<LightMyRequestResponse>;
  /** A request the declarations do not cover (an unknown route), or a request of requestOf's. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** This caller's Authorization header (none without a user), for another app of the server. */
  readonly headers: Record<string, string>;
}

export interface ServerHarness extends Caller {
  /** The running server: its database, model jobs, sessions. Only inside tests and hooks. */
  readonly server: TestServer;
  /** A caller signed in as another demo user, or with no token at all (null). */
  as(user: DemoUser | null): Promise<Caller>;
}

export interface HarnessOptions {
  engine?: Engine;
  /** Who the suite's calls are sent as; null sends them without a token. */
  user?: DemoUser | null;
  /** Server settings over the test defaults (tests/support/testServer.ts). */
  config?: Partial<ServerConfig>;
}

/**
 * Registers the suite's server in beforeAll and afterAll of the describe block it is called in:
 * `const api = useServer({ engine, user: 'reviewer2' })`, then `api.call('currencies.getCurrencies')`.
 */
export function useServer(options: HarnessOptions = {}): ServerHarness {
  let running: TestServer | undefined;
  let auth: Record<string, string> = {};
  beforeAll(async () => {
    running = await startTestServer(options.engine ?? 'pglite', options.config ?? {});
    const user = options.user === undefined ? 'reviewer1' : options.user;
    if (user) auth = await bearerOf(running, user);
  }, SERVER_START_TIMEOUT);
  afterAll(async () => {
    await running?.close();
  });

  const server = () => {
    if (!running) throw new Error('the suite server starts in beforeAll: use it inside a test');
    return running;
  };
  const callerWith = (headers: () => Record<string, string>): Caller => {
    const inject = (request: InjectOptions) =>
      server().app.inject({
        ...request,
        headers: { ...headers(), ...((request.headers as Record<string, string>) ?? {}) },
      });
    return {
      inject,
      call: (id, parts = {}) => inject(requestOf(id, parts)),
      get headers() {
        return headers();
      },
    };
  };

  const suiteCaller = callerWith(() => auth);
  return {
    call: suiteCaller.call,
    inject: suiteCaller.inject,
    get headers() {
      return suiteCaller.headers;
    },
    get server() {
      return server();
    },
    async as(user) {
      const headers = user ? await bearerOf(server(), user) : {};
      return callerWith(() => headers);
    },
  };
}
