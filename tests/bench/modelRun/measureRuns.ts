/**
 * The model-run benchmark's measurements on one engine: three runs of the tweets model and what
 * each one wrote, then the model-runs extension's reads over the record they left.
 * 1. The first run: trained on the human decisions, it gives every item its ratio.
 * 2. A run with nothing new to learn: the same model, so nothing changes; its time is the floor
 *    of a run (read, score, compare) without the writes.
 * 3. A run after reviewers reversed NEW_DECISIONS of the model's decisions by hand: a slightly
 *    different model. Naive Bayes is sure of most texts (ratios within 1e-9 of 0 or 1), so a
 *    small change of model moves few ratios by more than the 1e-9 that counts as a change.
 * No target: the figures are reported.
 */
import type { Queryable } from '../../../src/server/db/database';
import { fillPath } from '../../../src/shared/api/call';
import { insightCalls, insightTweetCalls } from '../../../src/shared/api/insight';
import { spread, type Figure } from '../lib/figures';
import { followRun, timedGet, type Api, type FollowedRun } from './followRun';

const NEW_DECISIONS = 1000;
const READ_ROUNDS = 15;

export interface RunsContext {
  engine: 'PostgreSQL' | 'PGlite';
  /** How the size reads in figure names: "1M tweets". */
  size: string;
  api: Api;
  db: Queryable;
  log: (line: string) => void;
}

const fmt = (n: number) => n.toLocaleString('en');
const mb = (bytes: number) => bytes / (1024 * 1024);

async function one<T extends object>(db: Queryable, sql: string, params?: unknown[]): Promise<T> {
  return (await db.query<T>(sql, params))[0]!;
}

/** What the change record and the model take on disk, tables with their indexes. */
async function recordBytes(db: Queryable): Promise<number> {
  const row = await one<{ bytes: string | number }>(
    db,
    `SELECT pg_total_relation_size('model_run_changes') + pg_total_relation_size('model_run_features')
            AS bytes`,
  );
  return Number(row.bytes);
}

interface Measured extends FollowedRun {
  features: number;
  recordMb: number;
}

async function measuredRun(ctx: RunsContext, label: string): Promise<Measured> {
  ctx.log(`${ctx.engine}: ${label}…`);
  const before = await recordBytes(ctx.db);
  const followed = await followRun(ctx.api, 'tweets', ctx.log);
  if (followed.run.status !== 'finished')
    throw new Error(`run ${followed.run.id} ${followed.run.status}: ${followed.run.error}`);
  const { n } = await one<{ n: number }>(
    ctx.db,
    'SELECT count(*)::int AS n FROM model_run_features WHERE run_id = $1',
    [followed.run.id],
  );
  const measured = { ...followed, features: n, recordMb: mb((await recordBytes(ctx.db)) - before) };
  const r = measured.run;
  ctx.log(
    `  ${measured.serverSeconds.toFixed(1)} s (seen after ${measured.wallSeconds.toFixed(1)} s): ` +
      `${fmt(r.scored)} scored, ${fmt(r.changed)} changed (${fmt(r.keptToEliminated)} kept → eliminated, ` +
      `${fmt(r.eliminatedToKept)} eliminated → kept), trained on ${fmt(r.trainedOn)}, ` +
      `accuracy ${((r.accuracy ?? 0) * 100).toFixed(1)}%, record +${measured.recordMb.toFixed(0)} MB`,
  );
  return measured;
}

/** What a run wrote, in rows: each changed item once, its change row, the model's weights. */
function noteOf(m: Measured): string {
  const r = m.run;
  return (
    `${fmt(r.scored)} items scored; trained on ${fmt(r.trainedOn)}, held out ${fmt(r.heldOut)}, ` +
    `accuracy ${((r.accuracy ?? 0) * 100).toFixed(1)}%` +
    (r.previousAccuracy === null ? '' : ` (was ${(r.previousAccuracy * 100).toFixed(1)}%)`) +
    `; ${fmt(r.changed)} items changed (${fmt(r.keptToEliminated)} kept → eliminated, ` +
    `${fmt(r.eliminatedToKept)} eliminated → kept); rows written: ${fmt(r.changed)} items + ` +
    `${fmt(r.changed)} change rows + ${fmt(m.features)} model weights; record +${m.recordMb.toFixed(0)} MB; ` +
    `seen ended by polling after ${m.wallSeconds.toFixed(1)} s`
  );
}

async function timedReads(ctx: RunsContext, paths: string[]): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < READ_ROUNDS + 2; round++)
    for (const path of paths) {
      const { ms } = await timedGet(ctx.api, path);
      if (round >= 2) samples.push(ms); // two warm-up rounds
    }
  return samples;
}

export async function measureRuns(ctx: RunsContext): Promise<Figure[]> {
  const first = await measuredRun(ctx, 'first run');
  const same = await measuredRun(ctx, 'run with nothing new to learn');
  // Reviewers reverse the model: items it decided, decided the other way by hand (against the
  // texts' labels as often as not, so the accuracy may fall).
  await ctx.db.query(
    `UPDATE tweets SET manually_changed = true, manually_changed_by = 'reviewer2',
            selected = NOT selected
      WHERE id IN (SELECT id FROM tweets
                    WHERE NOT manually_changed AND reviewed_by IS NULL
                      AND NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post
                    ORDER BY id LIMIT ${NEW_DECISIONS})`,
  );
  const after = await measuredRun(
    ctx,
    `run after ${fmt(NEW_DECISIONS)} of its decisions were reversed`,
  );

  const name = (what: string) => `${ctx.engine} ${ctx.size}: ${what}`;
  const floor = { name: 'run that changes nothing', value: spread([same.serverSeconds]) };
  const runFigure = (what: string, m: Measured): Figure => ({
    scenario: 'model-run',
    name: name(what),
    unit: 's',
    value: spread([m.serverSeconds]),
    floor,
    judge: 'p50',
    target: null,
    note: noteOf(m),
  });

  // The reads over the largest record, the first run's: its changes by each filter, first and
  // middle pages.
  const changes = fillPath(insightCalls.modelRunChanges.path, { id: first.run.id });
  const deep = Math.floor(first.run.changed / 50 / 2);
  const changePaths = [
    `${changes}?page=0`,
    `${changes}?page=${deep}`,
    `${changes}?direction=keptToEliminated&page=0`,
    `${changes}?direction=eliminatedToKept&reviewed=false&page=0`,
    `${changes}?direction=ratioOnly&reviewed=true&page=0`,
    `${changes}?direction=ratioOnly&page=${deep}`,
  ];
  const changeMs = await timedReads(ctx, changePaths);
  const ids = await ctx.db.query<{ id: number }>('SELECT id FROM tweets ORDER BY id DESC LIMIT 20');
  const whyMs = await timedReads(
    ctx,
    ids.map((row) => fillPath(insightTweetCalls.why.path, { id: Number(row.id) })),
  );
  const runsMs = await timedReads(ctx, [insightCalls.modelRuns.path]);
  const read = (what: string, samples: number[], note: string): Figure => ({
    scenario: 'model-run',
    name: name(what),
    unit: 'ms',
    value: spread(samples),
    floor: null,
    judge: 'p95',
    target: null,
    note,
  });
  return [
    runFigure('first model run', first),
    runFigure('model run, nothing new to learn', same),
    runFigure(`model run after ${fmt(NEW_DECISIONS)} decisions reversed`, after),
    read(
      "a run's changes, a page of 50",
      changeMs,
      `${fmt(first.run.changed)} changes; filters: none, each direction, reviewed; pages 0 and ${fmt(deep)}`,
    ),
    read('Why? on a card', whyMs, '20 items, the newest model'),
    read('the model runs list', runsMs, 'first page'),
  ];
}
