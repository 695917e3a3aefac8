/**
 * Global set-up of the server suites (vitest.config.ts) and the browser suite
 * (playwright.config.ts): one prepared PGlite database that every test server of the run copies
 * (tests/support/pgliteTemplate.ts). A run on PostgreSQL alone needs none.
 */
import { setUpPgliteTemplate } from './pgliteTemplate';
import { ENGINES, testServerConfig } from './testServer';

export default async function setUp(): Promise<(() => Promise<void>) | undefined> {
  if (!ENGINES.includes('pglite')) return undefined;
  return setUpPgliteTemplate(testServerConfig());
}
