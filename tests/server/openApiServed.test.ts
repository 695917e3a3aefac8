/**
 * The server serves its OpenAPI document at GET /docs/openapi.json to anyone (docs/api/README.md):
 * the same document `npm run openapi` checks in, and every operation in it is a route this server
 * answers, so a provider team reads what the server does.
 */
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
});
