/**
 * Global set-up of the server suites (vitest.config.mts): one prepared database per engine of the
 * run, which every test server copies instead of migrating and seeding its own
 * (tests/support/pgliteTemplate.ts, tests/support/postgresTemplate.ts).
 */
import { setUpPgliteTemplate } from './pgliteTemplate';
import { setUpPostgresTemplate } from './postgresTemplate';
import { ENGINES, testServerConfig } from './testServer';

export default async function setUp(): Promise<() => Promise<void>> {
  const teardowns: (() => Promise<void>)[] = [];
  if (ENGINES.includes('pglite')) teardowns.push(await setUpPgliteTemplate(testServerConfig()));
  // ENGINES names postgres only where DQC_TEST_DATABASE_URL names a cluster.
  if (ENGINES.includes('postgres')) teardowns.push(await setUpPostgresTemplate(testServerConfig()));
  return async () => {
    for (const teardown of teardowns) await teardown();
  };
}
