import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCore, type Core } from '../../src/main/core/createCore';
import { silentLogger } from '../../src/main/core/log';
import { createMemorySecretStore } from '../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings';
import { fakeTokens } from './fakeJwt';

export interface SeenRequest {
  method: string;
  url: string;
  body: string;
  contentType: string | undefined;
}

export interface FakeProvider {
  /** Every request core sent, in order. */
  seen: SeenRequest[];
  /** Answers by "METHOD /url" (with its query); others get `fallback`. */
  answers: Record<string, unknown>;
  /** Core signed in as reviewer2 (ADMIN) against this provider. */
  core: Core;
  last(): SeenRequest;
  close(): Promise<void>;
}

/** A fake API provider that records what core sends, with a signed-in core in front of it. */
export async function startFakeProvider(fallback: unknown = {}): Promise<FakeProvider> {
  const seen: SeenRequest[] = [];
  const answers: Record<string, unknown> = {};
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        body,
        contentType: req.headers['content-type'],
      });
      const key = `${req.method} ${req.url}`;
      const answer =
        req.url === '/sign-in'
          ? fakeTokens({
              sub: 'u1',
              preferred_username: 'reviewer2',
              realm_access: { roles: ['ADMIN'] },
            })
          : key in answers
            ? answers[key]
            : fallback;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const core = createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    demo: false,
    shell: 'browser',
    version: 't',
    secrets: createMemorySecretStore(),
    log: silentLogger,
  });
  await core.dispatch('session.signIn', { username: 'reviewer2', password: 'demo' });
  return {
    seen,
    answers,
    core,
    last: () => seen.at(-1)!,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
