import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { openPgliteDatabase, type PgliteDatabase } from '../../src/server/db/pgliteDatabase';

/**
 * A test run prepares one PGlite database (migrated, and seeded as a test server seeds it) and
 * writes it to a file named by this variable; each test server then opens a copy of it instead of
 * running initdb, the migrations and the seeds again: about 1 CPU-second instead of 5 on two cores. The
 * copy still runs the migrations (which check every applied one's checksum) and the seeds (which
 * find their tables filled), so a template that had fallen behind the code would only be slower.
 */
export const TEMPLATE_FILE_VARIABLE = 'DQC_TEST_PGLITE_TEMPLATE';

/**
 * The run's new cluster, as initdb leaves it (no migration run), written to a file named by this
 * variable before the template is prepared from it: the suites whose subject is a database's first
 * migrations or a server's first start open a copy of it (openNewPglite) instead of running initdb
 * (a copy and the migrations: about 1.1 CPU-seconds in memory where initdb and the migrations took
 * 2.6, on two busy cores).
 */
export const NEW_CLUSTER_FILE_VARIABLE = 'DQC_TEST_PGLITE_NEW_CLUSTER';

/**
 * What a test server's config may change and still start from the template: every field that
 * decides what the database holds before the first request must keep the template's value.
 */
export const FIELDS_THE_TEMPLATE_FIXES = [
  'seedDemoData',
  'host',
  'dataDir',
  'databaseUrl',
  'passwordHashCost',
] as const satisfies readonly (keyof ServerConfig)[];

async function writeDump(db: PgliteDatabase, file: string): Promise<void> {
  await writeFile(file, Buffer.from(await (await db.dump()).arrayBuffer()));
}

/** Writes a new cluster to `clusterFile`, then prepares it with `config` into `templateFile`. */
async function writePgliteTemplate(
  clusterFile: string,
  templateFile: string,
  config: ServerConfig,
): Promise<void> {
  const db = await openPgliteDatabase(null);
  try {
    await writeDump(db, clusterFile);
    await prepareDatabase(db, config);
    await writeDump(db, templateFile);
  } finally {
    await db.close();
  }
}

let template: Promise<Blob> | undefined;
let newCluster: Promise<Blob> | undefined;

/** The run's template, read once per process; null when the run has none (then: a fresh start). */
export function pgliteTemplate(): Promise<Blob> | null {
  const file = process.env[TEMPLATE_FILE_VARIABLE];
  if (!file) return null;
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * A new, empty PGlite database, as initdb leaves it, in `dataDir` (in memory when null): a copy of
 * the run's new cluster, or initdb's own where the run has none. For the suites whose subject is
 * what a database or a server does first (the migrations, the first seeds); a test server takes
 * the prepared template instead (startTestServer).
 */
export async function openNewPglite(dataDir: string | null = null): Promise<PgliteDatabase> {
  const file = process.env[NEW_CLUSTER_FILE_VARIABLE];
  if (!file) return openPgliteDatabase(dataDir);
  newCluster ??= readFile(file).then((bytes) => new Blob([bytes]));
  return openPgliteDatabase(dataDir, await newCluster);
}

/**
 * Global set-up for vitest and Playwright: writes the new cluster and the template for the run and
 * names them in the environment, which the test processes inherit; the returned teardown removes
 * them.
 */
export async function setUpPgliteTemplate(config: ServerConfig): Promise<() => Promise<void>> {
  const clusterFile = join(tmpdir(), `dqc-pglite-new-cluster-${process.pid}.tar`);
  const templateFile = join(tmpdir(), `dqc-pglite-template-${process.pid}.tar`);
  await writePgliteTemplate(clusterFile, templateFile, config);
  process.env[NEW_CLUSTER_FILE_VARIABLE] = clusterFile;
  process.env[TEMPLATE_FILE_VARIABLE] = templateFile;
  return async () => {
    delete process.env[NEW_CLUSTER_FILE_VARIABLE];
    delete process.env[TEMPLATE_FILE_VARIABLE];
    await rm(clusterFile, { force: true });
    await rm(templateFile, { force: true });
  };
}
