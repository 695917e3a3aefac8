import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/core/api/apiClient';
import type { CallOutcome } from '../../../../src/main/core/connection/connectionModel';
import { providerProbe } from '../../../../src/main/core/connection/probe';
import { SIGNED_OUT } from '../../../../src/shared/auth';

/**
 * The connection model learns from real calls (issue 50): the API client tells it what each call
 * brought back, an answer with its status or none, and the probe says the same of one light call.
 */

const session = {
  accessToken: () => null,
  userId: () => null,
  isLogged: () => false,
  isStale: () => false,
  refreshAccessToken: async () => '',
  signOut: async () => SIGNED_OUT,
};

async function withServer<T>(status: number, run: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_, res) => res.writeHead(status).end('x'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A loopback port with nobody listening. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('what the API client tells the connection model', () => {
  it('an answer of any status, with its time', async () => {
    for (const status of [200, 404, 503]) {
      const heard: CallOutcome[] = [];
      await withServer(status, async (url) => {
        const api = createApiClient(url, session, undefined, 0, undefined, (o) => heard.push(o));
        await api.get('/x').catch(() => undefined);
      });
      expect(heard).toEqual([{ kind: 'answered', status, ms: expect.any(Number) }]);
    }
  });

  it('no answer when nobody listens', async () => {
    const heard: CallOutcome[] = [];
    const api = createApiClient(await closedPort(), session, undefined, 0, undefined, (o) =>
      heard.push(o),
    );
    await expect(api.get('/x')).rejects.toThrow();
    expect(heard).toEqual([{ kind: 'noAnswer', ms: expect.any(Number) }]);
  });

  it('the probe: answered with the status, or none', async () => {
    await withServer(404, async (url) =>
      expect(await providerProbe(url, fetch)()).toMatchObject({ kind: 'answered', status: 404 }),
    );
    expect(await providerProbe(await closedPort(), fetch)()).toMatchObject({ kind: 'noAnswer' });
  });
});
