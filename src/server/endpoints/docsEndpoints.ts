import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/openApiDocument';

/** Where the server serves its OpenAPI document (docs/api/README.md). */
export const OPENAPI_PATH = '/docs/openapi.json';

/**
 * The OpenAPI document of the calls this server serves, without a token: it says what the calls
 * are, never what any user's data is, and a provider team reads it before it has an account.
 * Built on the first request (a few tens of milliseconds), not at every start.
 */
export function docsEndpoints() {
  let document: OpenApiDocument | undefined;
  return async function register(app: FastifyInstance) {
    app.get(OPENAPI_PATH, async () => (document ??= buildOpenApiDocument()));
  };
}
