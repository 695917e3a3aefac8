import { openPgliteDatabase } from '../../../src/server/db/pgliteDatabase';

/**
 * PGlite alone on the data folder given as the argument, in a process started like the demo
 * server: opened as the server opens it (with pg_trgm), one query, one line, closed.
 */
async function main() {
  const db = await openPgliteDatabase(process.argv[2] ?? null);
  await db.query('SELECT 1');
  console.log('ready');
  await db.close();
}

void main();
