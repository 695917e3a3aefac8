import { AUDIT_WINDOW_DAYS } from '../../shared/bodies/audit';
import { stratumKey } from '../../shared/quality/auditRecord';
import type { z } from 'zod';
import type { auditDrawSchema } from '../../shared/responses/audit';
import type { Database, Queryable } from '../db/database';
import { refused, type AuditOutcome } from './auditRefusal';
import {
  allocate,
  distinctRanks,
  doubledCount,
  ranksInSegments,
  shuffled,
  type Random,
} from './drawPlan';
import { isoOf, sampleViews, STRATA } from './sampleViews';
import {
  pickRanks,
  populationOf,
  type DrawnItem,
  type RankPick,
  type SegmentCount,
} from './stratumSql';

/**
 * Drawing the team's sample (the audit extension). Two transactions:
 *
 * 1. Read, in one REPEATABLE READ snapshot (so that the counts and the ranks drawn from them are
 *    of the same items): each stratum's population per segment (stratumSql.ts), the size shared
 *    among the strata (drawPlan.ts), distinct ranks drawn uniformly within each stratum, and the
 *    items at those ranks with what the classifier had decided. Every item of a stratum is
 *    equally likely to be drawn.
 * 2. Write, under the lock of the team's one row (draws run one at a time): the previous sample's
 *    items nobody was assigned are removed (an item a reviewer is being handed right now is
 *    skipped, not waited for, and stays); its assigned and answered items stay. The new sample,
 *    its strata and its items (in a random order, which is the order they are handed out) are
 *    written, and it becomes the team's active sample.
 *
 * Benchmark hook: drawTeamSample takes any Database and a random source.
 */

export type DrawAnswer = z.input<typeof auditDrawSchema>;

export interface DrawRequest {
  /** The window's ends (ms since the epoch, both included); null: the last days up to now. */
  from: number | null;
  to: number | null;
  size: number;
  doubleShare: number;
  drawnBy: string;
}

const DAY_MS = 24 * 3600 * 1000;

interface StratumDraw {
  source: 'tweets' | 'news';
  classifierKept: boolean;
  population: number;
  items: DrawnItem[];
}

const stratumText = (stratum: { source: string; classifierKept: boolean }) =>
  `${stratum.source} the classifier ${stratum.classifierKept ? 'kept' : 'eliminated'}`;

/** The read half: the window, and each stratum's population and drawn items. */
async function drawFromWindow(
  db: Database,
  request: DrawRequest,
  random: Random,
): Promise<{ from: number; to: number; strata: StratumDraw[] }> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [clock] = await tx.query<{ now: Date | string }>('SELECT now() AS now');
    const now = new Date(clock!.now).getTime();
    const to = request.to ?? (request.from === null ? now : Math.max(now, request.from));
    const from = request.from ?? to - AUDIT_WINDOW_DAYS * DAY_MS;
    const populations = {
      tweets: await populationOf(tx, 'tweets', from, to),
      news: await populationOf(tx, 'news', from, to),
    };
    const segmentsOf = (stratum: (typeof STRATA)[number]): SegmentCount[] =>
      populations[stratum.source][stratum.classifierKept ? 'kept' : 'eliminated'];
    const sizes = STRATA.map((stratum) =>
      segmentsOf(stratum).reduce((sum, entry) => sum + entry.size, 0),
    );
    const shares = allocate(request.size, sizes);
    const picks: Record<'tweets' | 'news', RankPick[]> = { tweets: [], news: [] };
    STRATA.forEach((stratum, i) => {
      const segments = segmentsOf(stratum);
      const ranks = distinctRanks(shares[i]!, sizes[i]!, random);
      for (const { segment, rank } of ranksInSegments(
        ranks,
        segments.map((entry) => entry.size),
      ))
        picks[stratum.source].push({
          kept: stratum.classifierKept,
          segment: segments[segment]!.segment,
          rank,
        });
    });
    const drawn = [
      ...(await pickRanks(tx, 'tweets', picks.tweets)),
      ...(await pickRanks(tx, 'news', picks.news)),
    ];
    return {
      from,
      to,
      strata: STRATA.map((stratum, i) => ({
        ...stratum,
        population: sizes[i]!,
        items: drawn.filter(
          (item) =>
            item.service === stratum.source && item.classifierKept === stratum.classifierKept,
        ),
      })),
    };
  });
}

/** The previous sample's items nobody was assigned, removed; how many went and how many stay. */
async function replacePrevious(tx: Queryable, previous: number | null) {
  if (previous === null) return { sampleId: null, removedItems: 0, keptItems: 0 };
  const removed = await tx.query(
    `DELETE FROM audit_items WHERE reviewers_assigned = 0 AND id IN (
       SELECT id FROM audit_items WHERE sample_id = $1 AND reviewers_assigned = 0
          FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [previous],
  );
  const [kept] = await tx.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM audit_items WHERE sample_id = $1',
    [previous],
  );
  return { sampleId: previous, removedItems: removed.length, keptItems: Number(kept!.n) };
}

async function writeSample(
  tx: Queryable,
  request: DrawRequest,
  window: { from: number; to: number },
  strata: StratumDraw[],
  random: Random,
): Promise<number> {
  const items = shuffled(
    strata.flatMap((stratum) => stratum.items),
    random,
  );
  const doubled = new Set(
    shuffled(
      items.map((_, i) => i),
      random,
    ).slice(0, doubledCount(items.length, request.doubleShare)),
  );
  const [sample] = await tx.query<{ id: string | number }>(
    `INSERT INTO audit_samples
       (window_from, window_to, requested_size, drawn, doubled, double_share, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      isoOf(new Date(window.from)),
      isoOf(new Date(window.to)),
      request.size,
      items.length,
      doubled.size,
      request.doubleShare,
      request.drawnBy,
    ],
  );
  const sampleId = Number(sample!.id);
  await tx.query(
    `INSERT INTO audit_strata (sample_id, stratum, service, classifier_kept, population, drawn)
     SELECT $1, s.stratum, s.service, s.kept, s.population, s.drawn
       FROM unnest($2::text[], $3::text[], $4::boolean[], $5::bigint[], $6::int[])
            AS s(stratum, service, kept, population, drawn)`,
    [
      sampleId,
      strata.map(stratumKey),
      strata.map((stratum) => stratum.source),
      strata.map((stratum) => stratum.classifierKept),
      strata.map((stratum) => stratum.population),
      strata.map((stratum) => stratum.items.length),
    ],
  );
  // One statement; rows are inserted (and their ids given) in the shuffled order.
  await tx.query(
    `INSERT INTO audit_items (sample_id, service, item_id, classifier_kept, classifier_ratio, keywords,
                              origin, detect_time, detect_day, model_run_id, reviewers_wanted)
     SELECT $1, x.service, x.item_id, x.classifier_kept, x.classifier_ratio,
            ARRAY(SELECT jsonb_array_elements_text(x.keywords)), x.origin, x.detect_time,
            x.detect_day, x.model_run_id, x.reviewers_wanted
       FROM jsonb_to_recordset($2::jsonb) AS x(ord int, service text, item_id bigint,
            classifier_kept boolean, classifier_ratio double precision, keywords jsonb, origin text,
            detect_time timestamptz, detect_day date, model_run_id bigint, reviewers_wanted smallint)
      ORDER BY x.ord`,
    [
      sampleId,
      JSON.stringify(
        items.map((item, ord) => ({
          ord,
          service: item.service,
          item_id: item.itemId,
          classifier_kept: item.classifierKept,
          classifier_ratio: item.classifierRatio,
          keywords: item.keywords,
          origin: item.origin,
          detect_time: item.detectTime,
          detect_day: item.day,
          model_run_id: item.modelRun,
          reviewers_wanted: doubled.has(ord) ? 2 : 1,
        })),
      ),
    ],
  );
  await tx.query('UPDATE audit_team SET active_sample_id = $1', [sampleId]);
  return sampleId;
}

/**
 * Draws the team's sample, or refuses (422) a window that holds no item at all, with nothing
 * written. Strata without items are named in the answer; the sample is drawn from the others.
 */
export async function drawTeamSample(
  db: Database,
  request: DrawRequest,
  random: Random = Math.random,
): Promise<AuditOutcome<DrawAnswer>> {
  const { from, to, strata } = await drawFromWindow(db, request, random);
  if (strata.every((stratum) => stratum.population === 0))
    return refused(
      422,
      'empty_window',
      `No tweets or news items were detected between ${isoOf(new Date(from))} and ${isoOf(new Date(to))}: no sample was drawn. Choose a window that holds items.`,
    );
  const empty = strata.filter((stratum) => stratum.population === 0);
  const value = await db.transaction(async (tx) => {
    const [team] = await tx.query<{ active_sample_id: string | number | null }>(
      'SELECT active_sample_id FROM audit_team FOR UPDATE',
    );
    const active = team?.active_sample_id ?? null;
    const previous = active === null ? null : Number(active);
    const replaced = await replacePrevious(tx, previous);
    const sampleId = await writeSample(tx, request, { from, to }, strata, random);
    const [sample] = await sampleViews(tx, 's.id = $1', [sampleId]);
    return { sample: sample!, replaced };
  });
  return {
    ok: true,
    value: {
      ...value,
      emptyStrata: empty.map(stratumKey),
      message:
        empty.length === 0
          ? null
          : `The window holds no ${empty.map(stratumText).join(', nor ')}: the sample was drawn from the other strata.`,
    },
  };
}
