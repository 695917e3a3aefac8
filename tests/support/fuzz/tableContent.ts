import type { Queryable } from '../../../src/server/db/database';

/** Each table of the schema, by name, and a digest of its content: every row, every column. */
export type TableDigests = Record<string, string>;

export interface ContentWatch {
  /** The digest of every table's content as it is now. */
  digests(): Promise<TableDigests>;
  /** How many times a table's content was read and hashed, over all calls so far. */
  readonly tablesHashed: number;
}

const quotedName = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quotedText = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** One value a table at a time, as rows (a single json_build_object takes at most 50 tables). */
function perTable(tables: string[], value: (table: string) => string): string {
  return tables
    .map((table) => `SELECT ${quotedText(table)} AS name, (${value(table)})::text AS value`)
    .join(' UNION ALL ');
}

/** The rows as text, in the order of that text, joined and hashed: equal iff the content is. */
const contentDigest = (table: string) =>
  `SELECT coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), 'no rows') FROM ${quotedName(table)} t`;

/**
 * Which row versions a table holds: its row count and the newest transaction that wrote one of
 * its rows (xmin). A write gives every row it inserts or updates a new xmin, newer than any
 * already there, and a delete alone lowers the count; so while these two stay the same, the
 * content has not changed.
 */
const rowVersions = (table: string) =>
  `SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM ${quotedName(table)}`;

/**
 * One past the newest finished transaction of the whole database server. A request that wrote
 * anything, and was committed or rolled back, moves it; reading does not. Unmoved, no table can
 * have changed.
 */
const FINISHED_TRANSACTIONS = 'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax';

/**
 * Watches the content of every table of the public schema. Hashing the whole content after every
 * request would take longer than the requests themselves, so each call does only what the
 * database says could have changed: nothing when no transaction finished since the last call
 * (the usual case after a refused request), then only the tables whose row versions moved. The
 * comparison is still of content: a table rewritten with the same rows gives the same digest.
 * Sound while nothing writes between two calls but what the caller waits for (its requests, the
 * model jobs they start).
 */
export async function watchTableContent(db: Queryable): Promise<ContentWatch> {
  const tables = (
    await db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((row) => row.name);
  const read = async (sql: string) =>
    Object.fromEntries(
      (await db.query<{ name: string; value: string }>(sql)).map((row) => [row.name, row.value]),
    );
  const xmax = async () => (await db.query<{ xmax: string }>(FINISHED_TRANSACTIONS))[0]!.xmax;

  let finished = await xmax();
  let versions = await read(perTable(tables, rowVersions));
  let digests: TableDigests = await read(perTable(tables, contentDigest));
  let tablesHashed = tables.length;

  return {
    get tablesHashed() {
      return tablesHashed;
    },
    async digests() {
      const nowFinished = await xmax();
      if (nowFinished !== finished) {
        finished = nowFinished;
        const nowVersions = await read(perTable(tables, rowVersions));
        const moved = tables.filter((table) => nowVersions[table] !== versions[table]);
        versions = nowVersions;
        if (moved.length > 0) {
          digests = { ...digests, ...(await read(perTable(moved, contentDigest))) };
          tablesHashed += moved.length;
        }
      }
      return { ...digests };
    },
  };
}
