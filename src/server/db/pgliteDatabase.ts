import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdir } from 'node:fs/promises';
import { checkChannelName, type Database, type Queryable } from './database';

/** A PGlite database that can also be written out whole, to be opened again as a copy. */
export interface PgliteDatabase extends Database {
  /**
   * The data folder as one uncompressed tarball, which `copyOf` opens again. It is checkpointed
   * first: a copy of a folder whose log still holds its last writes replays them when it opens.
   */
  dump(): Promise<Blob>;
}

/**
 * PostgreSQL's buffer pool inside PGlite. Its default, 128 MB, is allocated and written at start in
 * PGlite's WebAssembly memory, so the embedded demo server held about 100 MB more than it uses: its
 * data is a few tens of MB, the data files are also in the OS's page cache (PGlite reads them
 * through Node's fs), and 32 MB fits inside PGlite's initial 128 MB of WebAssembly memory, which
 * then never grows. Measured (npm run bench -- start-up): the desktop bundle after a session's
 * calls, 386 MB resident before, about 290 MB after.
 */
const SHARED_BUFFERS = '32MB';

/**
 * PGlite in `dataDir` (in memory when null). `copyOf` opens an in-memory copy of a dump instead of
 * a new cluster: about a third of the time of initdb, which the test servers start dozens of times.
 */
export async function openPgliteDatabase(
  dataDir: string | null,
  copyOf?: Blob,
): Promise<PgliteDatabase> {
  // PGlite creates only the last folder of the path; on a fresh machine the parents (e.g.
  // ~/.config/dqc-console for the demo server) do not exist yet.
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm: trigram indexes for the 'includes' searches (migration 5).
  const options = {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...(copyOf ? { loadDataDir: copyOf } : {}),
  };
  const pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row extends object>(sql: string, params: unknown[] = []) {
      const result = await q.query<Row>(sql, params);
      return result.rows;
    },
  });
  const root = wrap(pg);
  return {
    engine: 'pglite',
    query: root.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    // One connection in one process: nothing between NOTIFY and its listener can fail.
    listen: async (channel, { onPayload }) => {
      const stop = await pg.listen(checkChannelName(channel), onPayload);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    async dump() {
      // The prepared test database's copies opened in 1.4 CPU-seconds with its 48 MB of log to
      // replay, 0.9 checkpointed (two cores).
      await pg.query('CHECKPOINT');
      return pg.dumpDataDir('none');
    },
  };
}
