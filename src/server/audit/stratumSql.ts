import type { AuditSource } from '../../shared/quality/auditRecord';
import type { Queryable } from '../db/database';
import { wholeDay, windowParts, type Segment } from './drawPlan';

/**
 * The two reads of a draw, per review table, on PostgreSQL and PGlite alike (no tsm_system_rows,
 * no TABLESAMPLE: both would sample pages, not items):
 *
 * - populationOf: each stratum's items in the window, per segment: a whole UTC day's count from
 *   the per-day counts (migration 3, one summary row per day and state), a part-day's from the
 *   items; their sum is the count the Review filter gives for the window and decision.
 * - pickRanks: the items at the drawn ranks, each segment read in (detect_time, id) order from
 *   the decision-and-time index (selected, detect_time, id), only the segments a rank falls in.
 *
 * Cost: the counts read one summary row per day and state plus at most two part-days of index
 * entries; the picks read the index entries of the segments the ranks fall in, never the table:
 * at most min(window, ranks x the largest day) entries per stratum. A 200-item sample of a 7-day
 * window reads that week's index entries once; of a 5-year window, at most 50 days per stratum.
 */

export interface SegmentCount {
  segment: Segment;
  size: number;
}

/** Each decision's segments of the window that hold items, in detect-time order. */
export interface TablePopulation {
  kept: SegmentCount[];
  eliminated: SegmentCount[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A part-day's items by decision, counted from the items (the time index holds `selected`). */
async function countPart(tx: Queryable, table: AuditSource, part: Segment) {
  const rows = await tx.query<{ selected: boolean; n: string | number }>(
    `SELECT selected, count(*) AS n FROM ${table}
      WHERE detect_time >= $1::timestamptz AND detect_time ${part.hiIncluded ? '<=' : '<'} $2::timestamptz
      GROUP BY selected`,
    [iso(part.lo), iso(part.hi)],
  );
  return rows.map((row) => ({ kept: row.selected, count: { segment: part, size: Number(row.n) } }));
}

/** The whole days' items by decision, from the per-day counts (keyword '' counts every item). */
async function countDays(tx: Queryable, table: AuditSource, first: number, stop: number) {
  const rows = await tx.query<{ day: string; selected: boolean; n: string | number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, selected, sum(n) AS n FROM ${table}_day_counts
      WHERE keyword = '' AND day >= $1::date AND day < $2::date
      GROUP BY day, selected HAVING sum(n) > 0
      ORDER BY day`,
    [iso(first).slice(0, 10), iso(stop).slice(0, 10)],
  );
  return rows.map((row) => ({
    kept: row.selected,
    count: { segment: wholeDay(Date.parse(`${row.day}T00:00:00Z`)), size: Number(row.n) },
  }));
}

export async function populationOf(
  tx: Queryable,
  table: AuditSource,
  from: number,
  to: number,
): Promise<TablePopulation> {
  const { head, wholeDays, tail } = windowParts(from, to);
  const counted = [
    ...(head ? await countPart(tx, table, head) : []),
    ...(wholeDays ? await countDays(tx, table, wholeDays.first, wholeDays.stop) : []),
    ...(await countPart(tx, table, tail)),
  ];
  const of = (kept: boolean) =>
    counted.filter((entry) => entry.kept === kept && entry.count.size > 0).map((e) => e.count);
  return { kept: of(true), eliminated: of(false) };
}

/** A drawn rank: the `rank`-th item (from 0, in detect-time order) of a stratum's segment. */
export interface RankPick {
  kept: boolean;
  segment: Segment;
  rank: number;
}

/** A drawn item as the sample records it: the classifier's decision and the estimates' groups. */
export interface DrawnItem {
  service: AuditSource;
  itemId: number;
  classifierKept: boolean;
  classifierRatio: number;
  keywords: string[];
  origin: string;
  detectTime: string;
  day: string;
  modelRun: number | null;
}

/** The column an item's origin group is read from: the website, or the tweet's account. */
const ORIGIN: Record<AuditSource, string> = { tweets: 'twitter_user_name', news: 'website' };

/** The items of one table at the drawn ranks, in one statement. */
export async function pickRanks(
  tx: Queryable,
  table: AuditSource,
  picks: readonly RankPick[],
): Promise<DrawnItem[]> {
  if (picks.length === 0) return [];
  // Each distinct (decision, segment) is read once; the picks name it by its index.
  const indexes = new Map<string, number>();
  const segments: { kept: boolean; segment: Segment }[] = [];
  const indexOf = (pick: RankPick) => {
    const key = `${pick.kept}:${pick.segment.lo}`;
    let index = indexes.get(key);
    if (index === undefined) {
      index = segments.push({ kept: pick.kept, segment: pick.segment }) - 1;
      indexes.set(key, index);
    }
    return index;
  };
  const pickSegments = picks.map(indexOf);
  const rows = await tx.query<{
    id: string | number;
    selected: boolean;
    nlp_decision_ratio: number;
    detected_keywords: string[];
    origin: string;
    detect_time: Date | string;
    day: string;
    model_run: string | number | null;
  }>(
    `WITH picked AS (
       SELECT x.id
         FROM unnest($1::timestamptz[], $2::timestamptz[], $3::boolean[], $4::boolean[])
              WITH ORDINALITY AS g(lo, hi, hi_included, kept, seg)
         CROSS JOIN LATERAL (
           SELECT t.id, row_number() OVER (ORDER BY t.detect_time, t.id) - 1 AS r
             FROM ${table} AS t
            WHERE t.selected = g.kept AND t.detect_time >= g.lo AND t.detect_time <= g.hi
              AND (g.hi_included OR t.detect_time < g.hi)
         ) AS x
         JOIN unnest($5::bigint[], $6::bigint[]) AS p(seg, r) ON p.seg = g.seg AND p.r = x.r
     )
     SELECT t.id, t.selected, t.nlp_decision_ratio, t.detected_keywords, t.${ORIGIN[table]} AS origin,
            t.detect_time, to_char(t.detect_time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            (SELECT max(c.run_id) FROM model_run_changes AS c
              WHERE c.service = $7 AND c.item_id = t.id) AS model_run
       FROM picked JOIN ${table} AS t ON t.id = picked.id`,
    [
      segments.map((entry) => iso(entry.segment.lo)),
      segments.map((entry) => iso(entry.segment.hi)),
      segments.map((entry) => entry.segment.hiIncluded),
      segments.map((entry) => entry.kept),
      // WITH ORDINALITY counts from 1.
      pickSegments.map((index) => index + 1),
      picks.map((pick) => pick.rank),
      table,
    ],
  );
  return rows.map((row) => ({
    service: table,
    itemId: Number(row.id),
    classifierKept: row.selected,
    classifierRatio: Number(row.nlp_decision_ratio),
    keywords: row.detected_keywords,
    origin: row.origin,
    detectTime: new Date(row.detect_time).toISOString(),
    day: row.day,
    modelRun: row.model_run === null ? null : Number(row.model_run),
  }));
}
