import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from '../src/server/openapi/openApiDocument';

/** Where the document is checked in, for a provider team to read without our TypeScript. */
export const OPENAPI_FILE = resolve(__dirname, '..', 'docs', 'api', 'openapi.json');

/** The command that writes it again, named by the staleness test when the file is behind. */
export const OPENAPI_COMMAND = 'npm run openapi';

/**
 * The document as the file holds it: pretty-printed the way `prettier --check` (npm run lint)
 * wants every JSON file, keys in the order the generator writes them (paths and components by
 * name, the fields of a schema in their declaration's order), so a changed call is a small diff.
 */
export async function openApiFileText(): Promise<string> {
  const options = (await resolveConfig(OPENAPI_FILE)) ?? {};
  return format(JSON.stringify(buildOpenApiDocument(), null, 2), { ...options, parser: 'json' });
}
