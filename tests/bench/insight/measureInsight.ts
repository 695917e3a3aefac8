import { insightNewsCalls, insightTweetCalls, insightCalls } from '../../../src/shared/api/insight';
import type { Queryable } from '../../../src/server/db/database';
import { insightCountQuery } from '../../../src/server/insight/insightFilter';
import { insightPageQuery } from '../../../src/server/insight/insightPage';
import { keywordImpact } from '../../../src/server/insight/keywordImpact';
import { NEWS, TWEETS } from '../../../src/server/review/serviceDefs';
import { spread, type Figure } from '../lib/figures';
import type { HttpClient } from '../lib/httpClient';
import { timed } from '../lib/measure';
import { short } from '../review/measureReview';
import { fullInsightFilter, INSIGHT_MATRIX, isDeepPage } from './insightMatrix';
import { KEYWORD_SHARES } from './loadInsightItems';

export const FILTER_TARGET_MS = 25;
export const COUNT_TARGET_MS = 60;
export const KEYWORD_IMPACT_TARGET_MS = 150;

const SERVICES = [
  { def: TWEETS, calls: insightTweetCalls },
  { def: NEWS, calls: insightNewsCalls },
] as const;

interface Samples {
  api: number[];
  sql: number[];
}
const empty = (): Samples => ({ api: [], sql: [] });

export interface MeasureOptions {
  scenario: string;
  /** 'PostgreSQL' or 'PGlite'. */
  engine: string;
  sizes: { tweets: number; news: number };
  http: HttpClient;
  db: Queryable;
  rounds: number;
  log: (line: string) => void;
}

/** The call over HTTP and its work on the database, one after the other, alternating which first. */
async function pair(round: number, api: () => Promise<unknown>, sql: () => Promise<unknown>) {
  const apiFirst = round % 2 === 0;
  const a = await timed(apiFirst ? api : sql);
  const b = await timed(apiFirst ? sql : api);
  return apiFirst ? { api: a, sql: b } : { api: b, sql: a };
}

const figureOf =
  (scenario: string, name: string) =>
  (what: string, s: Samples, target: number | null, floorName = 'raw SQL'): Figure => ({
    scenario,
    name: `${name}: ${what}`,
    unit: 'ms',
    value: spread(s.api),
    floor: { name: floorName, value: spread(s.sql) },
    judge: 'p95',
    target,
  });

/**
 * Borderline first and Ratio between: for each service and each combination of INSIGHT_MATRIX,
 * the extension's filter and count over HTTP and the same SQL run directly on the same database,
 * `rounds` times after a warm-up round.
 */
export async function measureBorderline(options: MeasureOptions): Promise<Figure[]> {
  const { http, db, rounds, engine, scenario } = options;
  const figures: Figure[] = [];
  for (const service of SERVICES) {
    const all = { filter: empty(), count: empty(), deep: empty() };
    const perCombo = INSIGHT_MATRIX.map(() => ({ filter: empty(), count: empty() }));
    for (let round = 0; round <= rounds; round++) {
      for (const [index, combo] of INSIGHT_MATRIX.entries()) {
        const body = fullInsightFilter(combo.filter);
        const page = insightPageQuery(service.def.table, service.def.selectList, body);
        const count = insightCountQuery(service.def.table, body);
        const f = await pair(
          round,
          () => http.post(service.calls.filter.path, body),
          () => db.query(page.sql, page.params),
        );
        const c = await pair(
          round,
          () => http.post(service.calls.count.path, body),
          () => db.query(count.sql, count.params),
        );
        if (round === 0) continue; // warm-up
        const targets: [Samples, { api: number; sql: number }][] = [
          [all.filter, f],
          [all.count, c],
          [perCombo[index]!.filter, f],
          [perCombo[index]!.count, c],
        ];
        if (isDeepPage(combo.filter)) targets.push([all.deep, f]);
        for (const [target, t] of targets) {
          target.api.push(t.api);
          target.sql.push(t.sql);
        }
      }
    }
    const name = `${engine} ${short(options.sizes[service.def.name])} ${service.def.name}`;
    const figure = figureOf(scenario, name);
    const combos = INSIGHT_MATRIX.length;
    figures.push(
      figure(`borderline filter page, ${combos} filters`, all.filter, FILTER_TARGET_MS),
      figure(`borderline count, ${combos} filters`, all.count, COUNT_TARGET_MS),
      figure('borderline deep pages (page 500)', all.deep, FILTER_TARGET_MS),
    );
    // The slowest combination, so that a bad case cannot hide in the overall figure.
    const slowest = (kind: 'filter' | 'count') =>
      perCombo
        .map((s, i) => ({ s: s[kind], name: INSIGHT_MATRIX[i]!.name }))
        .sort((a, b) => spread(b.s.api).p95 - spread(a.s.api).p95)[0]!;
    const sf = slowest('filter');
    const sc = slowest('count');
    figures.push(
      figure(`slowest borderline filter page (${sf.name})`, sf.s, FILTER_TARGET_MS),
      figure(`slowest borderline count (${sc.name})`, sc.s, COUNT_TARGET_MS),
    );
    options.log(`${name}: API p95 filter / count by combination (raw SQL in brackets)`);
    perCombo.forEach((s, i) => {
      const fmt = (x: Samples) =>
        `${spread(x.api).p95.toFixed(1).padStart(7)} (${spread(x.sql).p95.toFixed(1).padStart(6)})`;
      options.log(`  ${fmt(s.filter)} / ${fmt(s.count)} ms  ${INSIGHT_MATRIX[i]!.name}`);
    });
  }
  return figures;
}

/**
 * A finished model run of the benchmark's own for a service, made once: it changed one item in 20
 * (a third of them from kept to eliminated or back, the rest in ratio only).
 */
async function benchRun(db: Queryable, table: 'tweets' | 'news'): Promise<number> {
  const found = await db.query<{ id: string }>(
    `SELECT id FROM model_runs WHERE service = $1 AND started_by = 'insight-bench'`,
    [table],
  );
  if (found[0]) return Number(found[0].id);
  const [run] = await db.query<{ id: string }>(
    `INSERT INTO model_runs (service, started_by, status, phase, finished_at)
     VALUES ($1, 'insight-bench', 'finished', 'done', now()) RETURNING id`,
    [table],
  );
  await db.query(
    `INSERT INTO model_run_changes (run_id, service, item_id, old_ratio, new_ratio, old_selected, new_selected, reviewed)
     SELECT $1, $2, id, nlp_decision_ratio, nlp_decision_ratio, selected, selected <> (id % 60 = 0),
            reviewed_by IS NOT NULL
       FROM ${table} WHERE id % 20 = 0`,
    [Number(run!.id), table],
  );
  await db.query('ANALYZE model_run_changes');
  return Number(run!.id);
}

/**
 * Review these: a model run's items (1 in 20 of the service's), alone, in one direction, Borderline
 * first, and a deeper page. They are plain joins of the run's change record with the items, with
 * no counts kept, so their figures are reported, not judged.
 */
export async function measureModelRunItems(options: MeasureOptions): Promise<Figure[]> {
  const { http, db, rounds, engine, scenario } = options;
  const figures: Figure[] = [];
  for (const service of SERVICES) {
    const runId = await benchRun(db, service.def.table);
    const combos = [
      { modelRunId: runId },
      { modelRunId: runId, modelRunDirection: 'keptToEliminated', modelRunReviewed: 'false' },
      { modelRunId: runId, sortBy: 'borderline' },
      { modelRunId: runId, startIndex: 50 },
    ] as const;
    const all = { filter: empty(), count: empty() };
    for (let round = 0; round <= rounds; round++)
      for (const combo of combos) {
        const body = fullInsightFilter(combo);
        const page = insightPageQuery(service.def.table, service.def.selectList, body);
        const count = insightCountQuery(service.def.table, body);
        const f = await pair(
          round,
          () => http.post(service.calls.filter.path, body),
          () => db.query(page.sql, page.params),
        );
        const c = await pair(
          round,
          () => http.post(service.calls.count.path, body),
          () => db.query(count.sql, count.params),
        );
        if (round === 0) continue;
        for (const [target, t] of [
          [all.filter, f],
          [all.count, c],
        ] as const) {
          target.api.push(t.api);
          target.sql.push(t.sql);
        }
      }
    const name = `${engine} ${short(options.sizes[service.def.name])} ${service.def.name}`;
    const figure = figureOf(scenario, name);
    figures.push(
      figure("a model run's items (1 in 20 changed), filter page, 4 filters", all.filter, null),
      figure("a model run's items (1 in 20 changed), count, 4 filters", all.count, null),
    );
  }
  return figures;
}

/**
 * Keyword impact: each keyword of KEYWORD_SHARES (common to rare, one word, a cashtag, a phrase, a
 * hyphenated word) over HTTP against the same work called on the database directly, `rounds`
 * times after a warm-up round. Both services are answered in one call.
 */
export async function measureKeywordImpact(options: MeasureOptions): Promise<Figure[]> {
  const { http, db, rounds, engine, scenario } = options;
  const all = empty();
  const perKeyword = KEYWORD_SHARES.map(() => empty());
  for (let round = 0; round <= rounds; round++)
    for (const [index, { keyword }] of KEYWORD_SHARES.entries()) {
      const t = await pair(
        round,
        () => http.post(insightCalls.keywordImpact.path, { keyword }),
        () => keywordImpact(db, keyword),
      );
      if (round === 0) continue;
      for (const target of [all, perKeyword[index]!]) {
        target.api.push(t.api);
        target.sql.push(t.sql);
      }
    }
  const name = `${engine} ${short(options.sizes.tweets)} tweets, ${short(options.sizes.news)} news`;
  const figure = figureOf(scenario, name);
  const slowest = perKeyword
    .map((s, i) => ({ s, keyword: KEYWORD_SHARES[i]!.keyword }))
    .sort((a, b) => spread(b.s.api).p95 - spread(a.s.api).p95)[0]!;
  options.log(
    `${name}: keyword impact, API p95 by keyword (the same work without HTTP in brackets)`,
  );
  perKeyword.forEach((s, i) => {
    const { keyword, share } = KEYWORD_SHARES[i]!;
    options.log(
      `  ${spread(s.api).p95.toFixed(1).padStart(7)} (${spread(s.sql).p95.toFixed(1).padStart(6)}) ms  ${keyword} (${share})`,
    );
  });
  return [
    figure(
      `keyword impact, ${KEYWORD_SHARES.length} keywords`,
      all,
      KEYWORD_IMPACT_TARGET_MS,
      'without HTTP',
    ),
    figure(
      `slowest keyword impact (${slowest.keyword})`,
      slowest.s,
      KEYWORD_IMPACT_TARGET_MS,
      'without HTTP',
    ),
  ];
}
