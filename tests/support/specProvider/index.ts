/**
 * A stand-in of the API provider written from SPEC.md sections 3 and 7 alone (nothing of
 * src/server, no shared schemas): plain node:http on loopback, small deterministic demo data,
 * writes that change it, and answers shaped like a provider that is not our reference server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthStore } from './auth';
import { createDemoState } from './demoData';
import { createListener } from './server';
import type { ProviderState, SeenRequest } from './types';

export type { ProviderState, SeenRequest } from './types';
export { DEMO_USERS, decryptPassword } from './auth';
export { DEMO_SIZES } from './demoData';
export { ROUTES, type WriteAnswer } from './routes';

export interface SpecProvider {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Every request, in order. */
  seen: SeenRequest[];
  /** The data the provider holds; tests may read and change it. */
  state: ProviderState;
  /** Requests being answered now, and the most there ever were at once. */
  load: { inFlight: number; maxInFlight: number };
  close(): Promise<void>;
}

export interface SpecProviderOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Lifetime of access tokens; default 300. */
  accessTokenTtlSeconds?: number;
  /** Each data call is answered this much later (default 0), so calls overlap as on a network. */
  delayMs?: number;
}

export async function startSpecProvider(options: SpecProviderOptions = {}): Promise<SpecProvider> {
  const seen: SeenRequest[] = [];
  const state = createDemoState();
  const auth = new AuthStore(options.accessTokenTtlSeconds ?? 300);
  const load = { inFlight: 0, maxInFlight: 0 };
  const listener = createListener(state, auth, seen, load, options.delayMs ?? 0);
  const server = createServer((req, res) => {
    listener(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    state,
    load,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
