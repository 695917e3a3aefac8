/**
 * The server serves its OpenAPI document at GET /docs/openapi.json to anyone (docs/api/README.md):
 * the same document `npm run openapi` checks in, and every operation in it is a route this server
 * answers, so a provider team reads what the server does.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { routePath } from '../../src/shared/api/call';
import { OPENAPI_PATH } from '../../src/server/endpoints/docsEndpoints';
import { buildOpenApiDocument } from '../../src/server/openapi/openApiDocument';
import { useServer } from '../support/serverHarness';

describe('the OpenAPI document served', () => {
  const api = useServer({ user: null });

  it('answers GET /docs/openapi.json without a token, with the generated document', async () => {
    const response = await api.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(buildOpenApiDocument());
  });

  it('names only routes this server has, by method and path', () => {
    const { paths } = buildOpenApiDocument();
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const missing = operations.filter(
      ({ method, path }) =>
        !api.server.app.hasRoute({ method: method as 'GET', url: routePath(path) }),
    );
    expect(missing).toEqual([]);
  });

  it('reads no file off the disk: raw paths out of /docs get 400 or 404, never a file', async () => {
    const { port, hostname: host } = new URL(api.server.url);
    // Written to the socket as raw bytes: a URL parser would resolve `..` before sending.
    const rawGet = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), host, () =>
          socket.write(
            `GET ${target} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`,
          ),
        );
        let reply = '';
        socket.on('data', (chunk) => (reply += chunk.toString()));
        socket.on('close', () => resolve(reply));
        socket.on('error', reject);
      });
    // The control: the same raw request reaches the document.
    expect(await rawGet(OPENAPI_PATH)).toMatch(/^HTTP\/1\.1 200 [^]*"openapi"/);
    for (const target of [
      '/docs/../package.json',
      '/docs/openapi.json/../../package.json',
      '/docs/..%2f..%2fpackage.json',
      '/docs/%2e%2e/%2e%2e/package.json',
      '/docs/..\\..\\package.json',
      '/../../../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const reply = await rawGet(target);
      expect(reply, target).toMatch(/^HTTP\/1\.1 40[04] /);
      expect(reply, target).not.toContain('"dqc-console"');
      expect(reply, target).not.toMatch(/root:.*:0:0:/);
    }
  });
});
