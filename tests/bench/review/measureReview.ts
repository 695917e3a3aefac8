import {
  filterCountQuery,
  filterPageQuery,
  ITEMS,
  STORY_LEADS,
} from '../../../src/server/review/filterQuery';
import { storyNewsCalls, storyTweetCalls } from '../../../src/shared/api/stories';
import { NEWS, TWEETS } from '../../../src/server/review/serviceDefs';
import { spread, type Figure } from '../lib/figures';
import { timed } from '../lib/measure';
import { FILTER_MATRIX, fullFilter, isDeepPage } from './filterMatrix';
import type { HttpClient } from '../lib/httpClient';
import type { Runs } from './loadItems';

export const short = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);

export const FILTER_TARGET_MS = 25;
export const COUNT_TARGET_MS = 60;
/**
 * The API's own time per call beyond its SQL, at p95 (docs/performance.md, The server and the
 * catalogue): HTTP, the ADMIN check, the body's checks, the row mapping and the JSON. It does not
 * grow with the tables, as the old ratio of API over raw SQL did whenever the SQL got faster; the
 * ratios are still reported.
 */
export const API_BEYOND_SQL_TARGET_MS = 1;

const SERVICES = [
  {
    def: TWEETS,
    base: '/twitter-service',
    stories: storyTweetCalls,
    byId: (id: string) => `/twitter-service/${id}`,
  },
  {
    def: NEWS,
    base: '/news-service',
    stories: storyNewsCalls,
    byId: (id: string) => `/news-service/find-by-id/${id}`,
  },
] as const;

interface Samples {
  api: number[];
  sql: number[];
}
const empty = (): Samples => ({ api: [], sql: [] });

/**
 * Times, for each service and each combination of FILTER_MATRIX, the server's filter and count
 * calls over HTTP and the same SQL run directly on the same database, call and floor one after the
 * other (their order alternating by round), `rounds` times after a warm-up round. Then the
 * Search with Data Id call against its primary-key SELECT.
 */
export async function measureReview(options: {
  scenario: string;
  /** 'PostgreSQL' or 'PGlite'. */
  engine: string;
  sizes: { tweets: number; news: number };
  /** The client of every API figure: the wire client (wireClient.ts), which adds least. */
  http: HttpClient;
  /**
   * Node's own HTTP client, as core's axios talks to the server: with it, the filter page's time
   * beyond raw SQL is also reported (the client's own cost included), beside the judged figure.
   */
  nodeClient?: HttpClient;
  db: Runs;
  rounds: number;
  /**
   * Judge the API's time beyond raw SQL, and report the ratios (on PostgreSQL; PGlite's raw SQL
   * runs in the server's process).
   */
  judgeApiCost: boolean;
  log: (line: string) => void;
  /**
   * Review with Stories on (issue 48): the stories extension's filter and count, one item per
   * story, against the same SQL with its one more condition; no Search with Data Id (the same call
   * either way).
   */
  stories?: boolean;
}): Promise<Figure[]> {
  const { http, db, rounds, engine, scenario } = options;
  const view = options.stories ? STORY_LEADS : ITEMS;
  const figures: Figure[] = [];
  for (const service of SERVICES) {
    const all = { filter: empty(), count: empty(), deep: empty(), node: empty() };
    const nodeClient = options.judgeApiCost ? options.nodeClient : undefined;
    const perCombo = FILTER_MATRIX.map(() => ({ filter: empty(), count: empty() }));
    for (let round = 0; round <= rounds; round++) {
      for (const [index, combo] of FILTER_MATRIX.entries()) {
        const body = fullFilter(combo.filter);
        const page = filterPageQuery(service.def.table, service.def.selectList, body, view);
        const count = filterCountQuery(service.def.table, body, view);
        const filterPath = options.stories ? service.stories.filter.path : `${service.base}/filter`;
        const countPath = options.stories ? service.stories.count.path : `${service.base}/count`;
        const pair = async (api: () => Promise<unknown>, sql: () => Promise<unknown>) => {
          const apiFirst = round % 2 === 0;
          const a = await timed(apiFirst ? api : sql);
          const b = await timed(apiFirst ? sql : api);
          return apiFirst ? { api: a, sql: b } : { api: b, sql: a };
        };
        const f = await pair(
          () => http.post(filterPath, body),
          () => db.query(page.sql, page.params),
        );
        const c = await pair(
          () => http.post(countPath, body),
          () => db.query(count.sql, count.params),
        );
        // The same page through Node's own client, in the same rounds, so that both meet the
        // same machine. Its allocations' collections can then land in the judged calls too: that
        // errs against the judged figure, never for it.
        const n = nodeClient
          ? await pair(
              () => nodeClient.post(filterPath, body),
              () => db.query(page.sql, page.params),
            )
          : null;
        if (round === 0) continue; // warm-up
        if (n) {
          all.node.api.push(n.api);
          all.node.sql.push(n.sql);
        }
        for (const [target, t] of [
          [all.filter, f],
          [all.count, c],
          [perCombo[index]!.filter, f],
          [perCombo[index]!.count, c],
          ...(isDeepPage(combo.filter) ? ([[all.deep, f]] as const) : []),
        ] as const) {
          target.api.push(t.api);
          target.sql.push(t.sql);
        }
      }
    }
    const name = `${engine} ${short(options.sizes[service.def.name])} ${service.def.name}${options.stories ? ', Stories on' : ''}`;
    const figure = (
      what: string,
      s: Samples,
      judge: Figure['judge'],
      target: number | null,
      note?: string,
    ): Figure => ({
      scenario,
      name: `${name}: ${what}`,
      unit: 'ms',
      value: spread(s.api),
      floor: { name: 'raw SQL', value: spread(s.sql) },
      judge,
      target,
      ...(note ? { note } : {}),
    });
    const combos = FILTER_MATRIX.length;
    figures.push(
      figure(`filter page, ${combos} filters`, all.filter, 'p95', FILTER_TARGET_MS),
      figure(`count, ${combos} filters`, all.count, 'p95', COUNT_TARGET_MS),
    );
    if (options.judgeApiCost)
      figures.push(
        // Reported beside the judged figure below: a ratio grows as the SQL gets faster, the
        // API's cost in milliseconds does not.
        figure('filter page, API over raw SQL', all.filter, 'p95 ratio', null),
        figure('count, API over raw SQL', all.count, 'p95 ratio', null),
        figure(
          'filter page, API time beyond raw SQL',
          all.filter,
          'p95 beyond floor',
          API_BEYOND_SQL_TARGET_MS,
        ),
        figure('count, API time beyond raw SQL', all.count, 'p95 beyond floor', null),
      );
    if (options.judgeApiCost && options.nodeClient)
      figures.push(
        figure(
          "filter page through Node's http client, beyond raw SQL",
          all.node,
          'p95 beyond floor',
          null,
          "the client's own cost included (a request object, a response stream, JSON.parse), as core's axios pays it",
        ),
      );
    figures.push(figure('deep pages (page 500)', all.deep, 'p95', FILTER_TARGET_MS));
    // The slowest combination by API p95, so that a bad case cannot hide in the overall figure.
    const slowest = (kind: 'filter' | 'count') =>
      perCombo
        .map((s, i) => ({ s: s[kind], name: FILTER_MATRIX[i]!.name }))
        .sort((a, b) => spread(b.s.api).p95 - spread(a.s.api).p95)[0]!;
    const sf = slowest('filter');
    const sc = slowest('count');
    figures.push(
      figure(`slowest filter page (${sf.name})`, sf.s, 'p95', FILTER_TARGET_MS),
      figure(`slowest count (${sc.name})`, sc.s, 'p95', COUNT_TARGET_MS),
    );
    options.log(`${name}: API p95 filter / count by combination (raw SQL in brackets)`);
    perCombo.forEach((s, i) => {
      const fmt = (x: Samples) =>
        `${spread(x.api).p95.toFixed(1).padStart(7)} (${spread(x.sql).p95.toFixed(1).padStart(6)})`;
      options.log(`  ${fmt(s.filter)} / ${fmt(s.count)} ms  ${FILTER_MATRIX[i]!.name}`);
    });

    if (options.stories) continue;
    // Search with Data Id: one item by its id, the API against its primary-key SELECT.
    const ids = (await db.query(
      `SELECT id::text AS id FROM ${service.def.table} ORDER BY random() LIMIT ${rounds * 10 + 5}`,
    )) as { id: string }[] | { rows: { id: string }[] };
    const idList = (Array.isArray(ids) ? ids : ids.rows).map((r) => r.id);
    const byId = empty();
    for (const [i, id] of idList.entries()) {
      const apiFirst = i % 2 === 0;
      const api = () => http.post(service.byId(id)); // SPEC.md 7: POST, no body
      const sql = () =>
        db.query(`SELECT ${service.def.selectList} FROM ${service.def.table} WHERE id = $1`, [id]);
      const a = await timed(apiFirst ? api : sql);
      const b = await timed(apiFirst ? sql : api);
      if (i < 5) continue;
      byId.api.push(apiFirst ? a : b);
      byId.sql.push(apiFirst ? b : a);
    }
    figures.push(figure('Search with Data Id', byId, 'p95', FILTER_TARGET_MS));
  }
  return figures;
}
