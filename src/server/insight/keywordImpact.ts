import type { z } from 'zod';
import type {
  keywordImpactSchema,
  keywordImpactServiceSchema,
} from '../../shared/responses/insight';
import type { Queryable } from '../db/database';
import { isoOrNull } from '../db/sqlText';
import { keywordToken, matchesIn, normalizeKeyword, sqlPattern } from './wholeWords';

type ServiceImpact = z.input<typeof keywordImpactServiceSchema>;
type Figures = Pick<ServiceImpact, 'total' | 'kept' | 'eliminated' | 'reviewed'>;

export const RECENT_MATCHES = 5;

/**
 * Above this share of a table's items, a keyword's most recent matches are found by walking the
 * items newest first and matching each (about five over the share of them are read); below it,
 * from the trigram index, all matches then the newest five.
 */
export const WALK_FROM_SHARE = 0.002;

interface MatchRow {
  id: string | number;
  message: string;
  detect_time: unknown;
  selected: boolean;
  reviewed: boolean;
}

/**
 * Keyword impact (DESIGN.md, Extensions): for each service, the items whose text holds the keyword
 * as whole words in any case (wholeWords.ts), how many are kept, eliminated and reviewed, and the
 * five most recent with where the keyword is in them. The figures of a keyword of one or two words
 * come from migration 9's per-word counts (wholeWords.ts, keywordToken); any other keyword's from
 * matching the items the trigram index leaves. Either way they are what counting the matches of the
 * same regular expression over every item gives.
 */
export async function keywordImpact(
  db: Queryable,
  keyword: string,
  /** Tests choose either way of finding the recent matches; the server keeps the default. */
  walkFromShare = WALK_FROM_SHARE,
): Promise<z.input<typeof keywordImpactSchema>> {
  const normalized = normalizeKeyword(keyword);
  const services: ServiceImpact[] = [];
  for (const table of ['tweets', 'news'] as const)
    services.push(
      normalized === ''
        ? nothingFound(table)
        : await impactOn(db, table, normalized, walkFromShare),
    );
  return { keyword: normalized, services };
}

const nothingFound = (service: 'tweets' | 'news'): ServiceImpact => ({
  service,
  total: 0,
  kept: 0,
  eliminated: 0,
  reviewed: 0,
  recent: [],
});

async function impactOn(
  db: Queryable,
  table: 'tweets' | 'news',
  keyword: string,
  walkFromShare: number,
): Promise<ServiceImpact> {
  const pattern = sqlPattern(keyword);
  const token = keywordToken(keyword);
  const figures = token
    ? await countedFigures(db, table, token)
    : await matchedFigures(db, table, pattern);
  const rows =
    figures.total === 0
      ? []
      : await recentMatches(
          db,
          table,
          pattern,
          figures.total >= walkFromShare * (await itemsOf(db, table)),
        );
  return {
    service: table,
    ...figures,
    recent: rows.map((row) => ({
      id: Number(row.id),
      message: row.message,
      detectTime: isoOrNull(row.detect_time) ?? '',
      selected: row.selected,
      reviewed: row.reviewed,
      matches: matchesIn(row.message, keyword),
    })),
  };
}

const FIGURES = `coalesce(sum(n), 0)::int AS total,
  coalesce(sum(n) FILTER (WHERE selected), 0)::int AS kept,
  coalesce(sum(n) FILTER (WHERE reviewed), 0)::int AS reviewed`;

const asFigures = (row: { total: number; kept: number; reviewed: number } | undefined): Figures => {
  const total = Number(row?.total ?? 0);
  const kept = Number(row?.kept ?? 0);
  return { total, kept, eliminated: total - kept, reviewed: Number(row?.reviewed ?? 0) };
};

/** A keyword of one or two words: its per-word counts (migration 9, <table>_word_counts). */
async function countedFigures(db: Queryable, table: 'tweets' | 'news', token: string) {
  const rows = await db.query<{ total: number; kept: number; reviewed: number }>(
    `SELECT ${FIGURES} FROM ${table}_word_counts WHERE word = $1`,
    [token],
  );
  return asFigures(rows[0]);
}

/** Any other keyword: its regular expression over the items the trigram index leaves. */
async function matchedFigures(db: Queryable, table: 'tweets' | 'news', pattern: string) {
  const rows = await db.query<{ total: number; kept: number; reviewed: number }>(
    `SELECT ${FIGURES} FROM (
       SELECT 1 AS n, selected, reviewed_by IS NOT NULL AS reviewed FROM ${table} WHERE message ~ $1
     ) AS matched`,
    [pattern],
  );
  return asFigures(rows[0]);
}

/** About how many items a table holds (the planner's estimate: enough to choose a way). */
async function itemsOf(db: Queryable, table: 'tweets' | 'news'): Promise<number> {
  const rows = await db.query<{ items: number }>(
    'SELECT greatest(reltuples, 1)::float8 AS items FROM pg_class WHERE oid = $1::regclass',
    [table],
  );
  return Number(rows[0]?.items ?? 1);
}

/**
 * The newest matches, newest first. A common keyword is found walking the items from the newest
 * (regexp_like is a function, which no index serves, so the walk is the plan); a rare one through
 * the trigram index (the `~` operator), all its matches sorted.
 */
async function recentMatches(
  db: Queryable,
  table: 'tweets' | 'news',
  pattern: string,
  common: boolean,
): Promise<MatchRow[]> {
  const columns = 'id, message, detect_time, selected, reviewed_by IS NOT NULL AS reviewed';
  const newest = `ORDER BY detect_time DESC, id DESC LIMIT ${RECENT_MATCHES}`;
  return db.query<MatchRow>(
    common
      ? `SELECT ${columns} FROM ${table} WHERE regexp_like(message, $1) ${newest}`
      : `WITH matched AS MATERIALIZED (SELECT ${columns} FROM ${table} WHERE message ~ $1)
         SELECT * FROM matched ${newest}`,
    [pattern],
  );
}
