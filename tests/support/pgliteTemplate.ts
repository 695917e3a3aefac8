import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { openPgliteDatabase } from '../../src/server/db/pgliteDatabase';

/**
 * A test run prepares one PGlite database (migrated, and seeded as a test server seeds it) and
 * writes it to a file named by this variable; each test server then opens a copy of it instead of
 * running initdb, the migrations and the seeds again: about 1.5 s instead of 5 on two cores. The
 * copy still runs the migrations (which check every applied one's checksum) and the seeds (which
 * find their tables filled), so a template that had fallen behind the code would only be slower.
 */
export const TEMPLATE_FILE_VARIABLE = 'DQC_TEST_PGLITE_TEMPLATE';

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

/** Prepares the template with `config` and writes it to `file`. */
async function writePgliteTemplate(file: string, config: ServerConfig): Promise<void> {
  const db = await openPgliteDatabase(null);
  try {
    await prepareDatabase(db, config);
    await writeFile(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  } finally {
    await db.close();
  }
}

let template: Promise<Blob> | undefined;

/** The run's template, read once per process; null when the run has none (then: a fresh start). */
export function pgliteTemplate(): Promise<Blob> | null {
  const file = process.env[TEMPLATE_FILE_VARIABLE];
  if (!file) return null;
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * Global set-up for vitest and Playwright: writes the template for the run and names it in the
 * environment, which the test processes inherit; the returned teardown removes it.
 */
export async function setUpPgliteTemplate(config: ServerConfig): Promise<() => Promise<void>> {
  const file = join(tmpdir(), `dqc-pglite-template-${process.pid}.tar`);
  await writePgliteTemplate(file, config);
  process.env[TEMPLATE_FILE_VARIABLE] = file;
  return async () => {
    delete process.env[TEMPLATE_FILE_VARIABLE];
    await rm(file, { force: true });
  };
}
