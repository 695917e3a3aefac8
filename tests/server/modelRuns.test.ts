/**
 * Model runs (DESIGN.md, Extensions) on each engine: every run is recorded with who started it, its
 * training figures and its accuracy on held-out human decisions; every item it changed is recorded
 * with its state before and after (and nothing else changed); the runs, their changes and Why?
 * are served under /dqc-extensions. The suite's steps build on each other, in order.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fillPath } from '../../src/shared/api/call';
import { insightCalls, insightNewsCalls, insightTweetCalls } from '../../src/shared/api/insight';
import { MODEL_RUN_CHANGES_PAGE_SIZE, MODEL_RUNS_PAGE_SIZE } from '../../src/shared/bodies/insight';
import {
  capabilitiesSchema,
  modelRunChangesPageSchema,
  modelRunSchema,
  modelRunsPageSchema,
  whySchema,
  type ModelRunChange,
  type ModelRunView,
  type WhyView,
} from '../../src/shared/responses/insight';
import type { Database, Queryable } from '../../src/server/db/database';
import { isHeldOut } from '../../src/server/nlp/heldOut';
import { ModelJobs } from '../../src/server/nlp/modelJob';
import { features, logistic } from '../../src/server/nlp/naiveBayes';
import { useServer, type Caller } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

type Service = 'tweets' | 'news';
interface Row {
  id: number;
  nlp_decision_ratio: number;
  selected: boolean;
  manually_changed: boolean;
  reviewed_by: string | null;
  eliminated_by_similarity?: boolean;
  eliminated_by_quoted_post?: boolean;
  message: string;
  detect_time: Date;
  /** The conditional-writes extension's columns: raised and stamped by every write. */
  version?: number | string;
  changed_at?: Date | null;
  [column: string]: unknown;
}

/** A request of an extension call, from its declaration. */
function extensionRequest(
  call: { method: string; path: string },
  params: Record<string, string | number> = {},
  query: Record<string, string | number> = {},
): InjectOptions {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return {
    method: call.method as InjectOptions['method'],
    url: fillPath(call.path, params) + (search ? `?${search}` : ''),
  };
}

/** The database with every statement matching `statement` held until `open()`, or failing. */
function wrappedDatabase(db: Database, statement: RegExp, failWith?: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const wrap = (q: Queryable): Queryable => ({
    async query<R extends object>(sql: string, params?: unknown[]) {
      if (statement.test(sql)) {
        if (failWith) throw new Error(failWith);
        await gate;
      }
      return q.query<R>(sql, params);
    },
  });
  const wrapped: Database = {
    engine: db.engine,
    query: wrap(db).query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
    listen: (channel, handlers) => db.listen(channel, handlers),
  };
  return { db: wrapped, open };
}

describe.each(ENGINES)('model runs on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const db = () => api.server.context.db;
  const send = async (request: InjectOptions, caller: Caller = api) => caller.inject(request);

  const run = async (id: number) =>
    modelRunSchema.parse((await send(extensionRequest(insightCalls.modelRun, { id }))).json());
  const why = (service: Service, id: number) =>
    send(extensionRequest((service === 'news' ? insightNewsCalls : insightTweetCalls).why, { id }));
  const changesOf = async (id: number, query: Record<string, string | number> = {}) =>
    modelRunChangesPageSchema.parse(
      (await send(extensionRequest(insightCalls.modelRunChanges, { id }, query))).json(),
    );
  const snapshot = async (service: Service) =>
    (await db().query<Row>(`SELECT * FROM ${service} ORDER BY id`)).map((row) => ({
      ...row,
      id: Number(row.id),
    }));
  const changeRows = async (runId: number) =>
    (
      await db().query<{
        item_id: number;
        old_ratio: number;
        new_ratio: number;
        old_selected: boolean;
        new_selected: boolean;
        reviewed: boolean;
      }>('SELECT * FROM model_run_changes WHERE run_id = $1 ORDER BY item_id', [runId])
    ).map((row) => ({ ...row, item_id: Number(row.item_id) }));
  const humanDecided = (row: Row) => row.manually_changed || row.reviewed_by !== null;
  /** Presses Model as the suite's user and waits for the run to end. */
  const pressModel = async (service: Service) => {
    const res = await api.call(`${service}.createModel`);
    expect(res.statusCode).toBe(202);
    const answer = res.json<{ status: string; runId: number }>();
    await api.server.modelJobs.idle();
    return run(answer.runId);
  };

  const runs: Partial<Record<'first' | 'flipped' | 'news', ModelRunView>> = {};

  it('capabilities list the extensions, for ADMIN only', async () => {
    const res = await send(extensionRequest(insightCalls.capabilities));
    expect(res.statusCode).toBe(200);
    const names = capabilitiesSchema.parse(res.json()).extensions.map((e) => e.name);
    expect(names.sort()).toEqual([
      'audit',
      'borderline',
      'claims',
      'conditional-writes',
      'item-events',
      'item-history',
      'keyword-impact',
      'model-runs',
      'not-duplicates',
      'stories',
    ]);
    const viewer = await api.as('viewer');
    expect((await send(extensionRequest(insightCalls.capabilities), viewer)).statusCode).toBe(403);
    const nobody = await api.as(null);
    expect((await send(extensionRequest(insightCalls.capabilities), nobody)).statusCode).toBe(401);
  });

  it('before any run: no runs, and Why? says no model has been trained yet', async () => {
    const list = modelRunsPageSchema.parse(
      (await send(extensionRequest(insightCalls.modelRuns))).json(),
    );
    expect(list).toEqual({ total: 0, runs: [] });
    for (const service of ['tweets', 'news'] as const) {
      const res = await why(service, 1);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error_description: string }>().error_description).toBe(
        `No ${service} model has been trained yet: press Model on Review.`,
      );
    }
    expect((await send(extensionRequest(insightCalls.modelRun, { id: 1 }))).statusCode).toBe(404);
    expect((await send(extensionRequest(insightCalls.modelRunChanges, { id: 1 }))).statusCode).toBe(
      404,
    );
  });

  it("a run's recorded changes are exactly the difference of the items before and after", async () => {
    // One item with a long text, to see the changes list cut it.
    await db().query(
      `UPDATE tweets SET message = $1 WHERE id = (SELECT min(id) FROM tweets
         WHERE NOT manually_changed AND reviewed_by IS NULL AND NOT eliminated_by_similarity
           AND NOT eliminated_by_quoted_post)`,
      [`Exchange lists token ${'again and again '.repeat(30)}`],
    );
    const before = await snapshot('tweets');
    const res = await api.call('tweets.createModel');
    expect(res.statusCode).toBe(202);
    const started = res.json<{ status: string; service: string; runId: number }>();
    expect(started).toMatchObject({ status: 'started', service: 'tweets' });
    await api.server.modelJobs.idle();
    const after = await snapshot('tweets');
    const recorded = await changeRows(started.runId);

    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const byId = new Map(recorded.map((c) => [c.item_id, c]));
    let differing = 0;
    for (const [i, was] of before.entries()) {
      const now = after[i]!;
      const change = byId.get(was.id);
      // A run changes the ratio and the decision, never anything else (but what says it wrote:
      // the item's version and the time of its last write, conditional-writes).
      const {
        nlp_decision_ratio: _r1,
        selected: _s1,
        version: v1,
        changed_at: _c1,
        ...restBefore
      } = was;
      const {
        nlp_decision_ratio: _r2,
        selected: _s2,
        version: v2,
        changed_at: c2,
        ...restAfter
      } = now;
      expect(restAfter).toEqual(restBefore);
      if (now.nlp_decision_ratio !== was.nlp_decision_ratio || now.selected !== was.selected) {
        differing++;
        expect(Number(v2)).toBe(Number(v1) + 1);
        expect(c2).not.toBeNull();
        expect(change, `item ${was.id} changed without a record`).toEqual({
          run_id: expect.anything(),
          service: 'tweets',
          item_id: was.id,
          old_ratio: was.nlp_decision_ratio,
          new_ratio: now.nlp_decision_ratio,
          old_selected: was.selected,
          new_selected: now.selected,
          reviewed: humanDecided(was),
        });
        expect(
          Math.abs(now.nlp_decision_ratio - was.nlp_decision_ratio) > 1e-9 ||
            now.selected !== was.selected,
        ).toBe(true);
      } else {
        expect(change, `item ${was.id} recorded without a change`).toBeUndefined();
        expect(Number(v2)).toBe(Number(v1));
      }
      // A human's decision (or a duplicate's elimination) is never the model's to change.
      if (humanDecided(was) || was.eliminated_by_similarity || was.eliminated_by_quoted_post)
        expect(now.selected).toBe(was.selected);
      else expect(now.selected).toBe(now.nlp_decision_ratio > 0.5);
    }
    expect(differing).toBe(recorded.length);
    expect(recorded.some((c) => c.reviewed)).toBe(true);
    // Changes on reviewed items are the ratio only.
    for (const change of recorded.filter((c) => c.reviewed))
      expect(change.new_selected).toBe(change.old_selected);

    const view = await run(started.runId);
    const human = before.filter(humanDecided);
    const heldOut = human.filter((row) => isHeldOut(row.id));
    expect(view).toMatchObject({
      service: 'tweets',
      startedBy: 'reviewer1',
      status: 'finished',
      phase: 'done',
      scored: before.length,
      total: before.length,
      trainedOn: human.length - heldOut.length,
      heldOut: heldOut.length,
      previousAccuracy: null,
      changed: recorded.length,
      keptToEliminated: recorded.filter((c) => c.old_selected && !c.new_selected).length,
      eliminatedToKept: recorded.filter((c) => !c.old_selected && c.new_selected).length,
      error: null,
    });
    expect(view.finishedAt! >= view.startedAt).toBe(true);
    runs.first = view;
  });

  it('the accuracy is measured on held-out human decisions, which the model is not trained on', async () => {
    const first = runs.first!;
    const items = await snapshot('tweets');
    const heldOut = items.filter((row) => humanDecided(row) && isHeldOut(row.id));
    expect(heldOut.length).toBeGreaterThan(10);
    // Every item now carries the new model's ratio, held-out ones included: the accuracy is the
    // share of them whose human decision that ratio predicts.
    const right = heldOut.filter((row) => row.nlp_decision_ratio > 0.5 === row.selected).length;
    expect(first.accuracy).toBeCloseTo(right / heldOut.length, 12);
    expect(first.accuracy!).toBeGreaterThan(0.6);

    // Flip every held-out decision. Were any of them trained on, the next model would differ;
    // as none is, it is the same model, its accuracy is the complement, and it changes nothing.
    const weightsOf = async (runId: number) =>
      new Map(
        (
          await db().query<{ feature: string; weight: number }>(
            'SELECT feature, weight FROM model_run_features WHERE run_id = $1',
            [runId],
          )
        ).map((r) => [r.feature, r.weight]),
      );
    const firstWeights = await weightsOf(first.id);
    expect(firstWeights.size).toBeGreaterThan(100);
    await db().query('UPDATE tweets SET selected = NOT selected WHERE id = ANY($1::bigint[])', [
      heldOut.map((row) => row.id),
    ]);
    const flipped = await pressModel('tweets');
    expect(flipped).toMatchObject({
      status: 'finished',
      trainedOn: first.trainedOn,
      heldOut: first.heldOut,
      previousAccuracy: first.accuracy,
      changed: 0,
    });
    expect(flipped.accuracy).toBeCloseTo(1 - first.accuracy!, 12);
    expect(await weightsOf(flipped.id)).toEqual(firstWeights);
    // Only the newest model answers Why?: the first run's weights are gone, its record is not.
    expect((await weightsOf(first.id)).size).toBe(0);
    expect((await changeRows(first.id)).length).toBe(first.changed);
    runs.flipped = flipped;
  });

  it("Why? gives the latest model's per-word contributions, consistent with the item's ratio", async () => {
    const latest = runs.flipped!;
    const [{ prior } = { prior: NaN }] = await db().query<{ prior: number }>(
      'SELECT prior_log_odds AS prior FROM model_runs WHERE id = $1',
      [latest.id],
    );
    const items = (await snapshot('tweets')).filter((_, i) => i % 97 === 0);
    let listedBoth = 0;
    for (const item of items) {
      const res = await why('tweets', item.id);
      expect(res.statusCode).toBe(200);
      const answer: WhyView = whySchema.parse(res.json());
      expect(answer.itemId).toBe(item.id);
      expect(answer.runId).toBe(latest.id);
      expect(Math.abs(answer.ratio - item.nlp_decision_ratio)).toBeLessThanOrEqual(1e-9);

      // The stored model's contributions for this text, summed with its prior, give the ratio.
      const weights = new Map(
        (
          await db().query<{ feature: string; weight: number }>(
            'SELECT feature, weight FROM model_run_features WHERE run_id = $1 AND feature = ANY($2::text[])',
            [latest.id, features(item.message)],
          )
        ).map((r) => [r.feature, r.weight]),
      );
      const pushes = new Map<string, number>();
      for (const feature of features(item.message))
        if (weights.has(feature))
          pushes.set(feature, (pushes.get(feature) ?? 0) + weights.get(feature)!);
      const logOdds = [...pushes.values()].reduce((a, b) => a + b, prior);
      expect(logistic(logOdds)).toBeCloseTo(answer.ratio, 12);

      const strongest = (sign: 1 | -1) =>
        [...pushes]
          .filter(([, w]) => Math.sign(w) === sign)
          .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
          .slice(0, 10);
      expect(answer.towardKept.length).toBe(strongest(1).length);
      expect(answer.towardEliminated.length).toBe(strongest(-1).length);
      for (const [list, sign] of [
        [answer.towardKept, 1],
        [answer.towardEliminated, -1],
      ] as const) {
        expect(list.length).toBeLessThanOrEqual(10);
        for (const [k, entry] of list.entries()) {
          expect(Math.sign(entry.weight)).toBe(sign);
          if (k > 0)
            expect(Math.abs(entry.weight)).toBeLessThanOrEqual(Math.abs(list[k - 1]!.weight));
          // A bigram reads as its two words.
          expect(entry.weight).toBeCloseTo(pushes.get(entry.word.replace(' ', '_'))!, 12);
        }
        expect(list.map((e) => Math.abs(e.weight))).toEqual(
          strongest(sign).map(([, w]) => Math.abs(w)),
        );
      }
      if (answer.towardKept.length > 0 && answer.towardEliminated.length > 0) listedBoth++;
    }
    expect(listedBoth).toBeGreaterThan(0);
    const unknown = await why('tweets', 99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error_description: string }>().error_description).toBe(
      'No tweets item with data id 99999999.',
    );
  });

  it("a run's changes come a page at a time, by direction and reviewed, with each item's text", async () => {
    const first = runs.first!;
    const recorded = await changeRows(first.id);
    expect(recorded.length).toBeGreaterThan(MODEL_RUN_CHANGES_PAGE_SIZE);
    const items = new Map((await snapshot('tweets')).map((row) => [row.id, row]));
    const directionOf = (c: (typeof recorded)[number]) =>
      c.old_selected === c.new_selected
        ? 'ratioOnly'
        : c.old_selected
          ? 'keptToEliminated'
          : 'eliminatedToKept';
    const filters = [
      {},
      { direction: 'keptToEliminated' },
      { direction: 'eliminatedToKept' },
      { direction: 'ratioOnly' },
      { reviewed: 'true' },
      { reviewed: 'false' },
      { direction: 'ratioOnly', reviewed: 'true' },
      { direction: 'keptToEliminated', reviewed: 'false' },
    ] as const;
    let cut = 0;
    for (const filter of filters) {
      const want = recorded.filter(
        (c) =>
          (!('direction' in filter) || directionOf(c) === filter.direction) &&
          (!('reviewed' in filter) || c.reviewed === (filter.reviewed === 'true')),
      );
      // Every page of a short list; the first two and the last of a long one.
      const pages = Math.max(1, Math.ceil(want.length / MODEL_RUN_CHANGES_PAGE_SIZE));
      const walked = pages <= 6 ? [...Array(pages).keys()] : [0, 1, pages - 1];
      const got: ModelRunChange[] = [];
      const wanted: typeof want = [];
      for (const page of walked) {
        const answer = await changesOf(first.id, { ...filter, page });
        const slice = want.slice(
          page * MODEL_RUN_CHANGES_PAGE_SIZE,
          (page + 1) * MODEL_RUN_CHANGES_PAGE_SIZE,
        );
        expect(answer.total, JSON.stringify(filter)).toBe(want.length);
        expect(answer.changes.length).toBe(slice.length);
        got.push(...answer.changes);
        wanted.push(...slice);
      }
      expect(
        got.map((c) => [
          c.itemId,
          c.oldRatio,
          c.newRatio,
          c.oldSelected,
          c.newSelected,
          c.reviewed,
        ]),
        JSON.stringify(filter),
      ).toEqual(
        wanted.map((c) => [
          c.item_id,
          c.old_ratio,
          c.new_ratio,
          c.old_selected,
          c.new_selected,
          c.reviewed,
        ]),
      );
      for (const change of got) {
        const item = items.get(change.itemId)!;
        expect(change.message).toBe(item.message.slice(0, 300));
        if (item.message.length > 300) cut++;
        expect(change.detectTime).toBe(item.detect_time.toISOString());
      }
    }
    // The long text made for this (the lowest id a run may decide) was listed, cut.
    expect(cut).toBeGreaterThan(0);
    const beyond = await changesOf(first.id, { page: 100_000 });
    expect(beyond).toEqual({ total: recorded.length, changes: [] });
    expect(
      (
        await send(
          extensionRequest(
            insightCalls.modelRunChanges,
            { id: first.id },
            { direction: 'sideways' },
          ),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('a second Model while a run goes joins it, and the run answers its progress', async () => {
    const gated = wrappedDatabase(db(), /^SELECT id, message, selected FROM news/);
    const jobs = new ModelJobs(gated.db);
    const [a, b] = await Promise.all([
      jobs.start('news', 'reviewer2'),
      jobs.start('news', 'reviewer3'),
    ]);
    expect(a.status).toBe('started');
    expect(b).toEqual({ ...a, status: 'running' });
    const running = await run(a.runId);
    expect(running).toMatchObject({ status: 'running', phase: 'training', startedBy: 'reviewer2' });
    expect(running.finishedAt).toBeNull();
    // A running run's totals are counted, not taken from its row.
    expect(await changesOf(a.runId, { reviewed: 'true' })).toEqual({ total: 0, changes: [] });
    gated.open();
    await jobs.idle();
    const ended = await run(a.runId);
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM news',
    );
    expect(ended).toMatchObject({ status: 'finished', phase: 'done', scored: n, total: n });
    // Through the API, once the run has ended, Model starts a new one.
    const next = await api.call('news.createModel');
    expect(next.json<{ runId: number }>().runId).toBeGreaterThan(a.runId);
    await api.server.modelJobs.idle();
    runs.news = await run(next.json<{ runId: number }>().runId);
    expect(runs.news.previousAccuracy).toBe(ended.accuracy);
  });

  it('a run that fails says why, writes nothing of its batch, and Why? keeps the last good model', async () => {
    // An item whose ratio the model will want to change, so that the run reaches its first write.
    const [target] = await db().query<{ id: number }>(
      `UPDATE news SET nlp_decision_ratio = 0.123456 WHERE id = (SELECT min(id) FROM news)
       RETURNING id`,
    );
    const failing = wrappedDatabase(db(), /^WITH s AS \(/, 'disk full');
    const jobs = new ModelJobs(failing.db);
    const { runId } = await jobs.start('news', 'reviewer3');
    await jobs.idle();
    const failed = await run(runId);
    expect(failed).toMatchObject({
      status: 'failed',
      phase: 'scoring',
      error: 'disk full',
      changed: 0,
    });
    expect(failed.finishedAt).not.toBeNull();
    const [{ n } = { n: -1 }] = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM model_run_features WHERE run_id = $1',
      [runId],
    );
    expect(n).toBe(0);
    const [kept] = await db().query<{ r: number }>(
      'SELECT nlp_decision_ratio AS r FROM news WHERE id = $1',
      [target!.id],
    );
    expect(kept!.r).toBe(0.123456);
    const item = (await snapshot('news'))[3]!;
    expect(whySchema.parse((await why('news', item.id)).json()).runId).toBe(runs.news!.id);

    // A run left running by a server that stopped is failed when the next server starts.
    const [left] = await db().query<{ id: number }>(
      `INSERT INTO model_runs (service, started_by) VALUES ('news', 'reviewer1') RETURNING id`,
    );
    const restarted = new ModelJobs(db());
    await restarted.start('news', 'reviewer1');
    await restarted.idle();
    expect(await run(Number(left!.id))).toMatchObject({
      status: 'failed',
      error: 'The server stopped before this run ended.',
    });
  });

  it('runs are listed newest first, a page at a time, of one service or both', async () => {
    // More runs than a page, written directly: the list reads the table, however runs got there.
    await db().query(
      `INSERT INTO model_runs (service, started_by, status, phase, finished_at)
       SELECT 'news', 'reviewer2', 'failed', 'training', now() FROM generate_series(1, $1::int)`,
      [MODEL_RUNS_PAGE_SIZE + 3],
    );
    const all = await db().query<{ id: number; service: Service }>(
      'SELECT id, service FROM model_runs ORDER BY id DESC',
    );
    const list = async (query: Record<string, string | number>) =>
      modelRunsPageSchema.parse(
        (await send(extensionRequest(insightCalls.modelRuns, {}, query))).json(),
      );
    for (const service of [undefined, 'tweets', 'news'] as const) {
      const want = all.filter((r) => !service || r.service === service).map((r) => Number(r.id));
      const got: number[] = [];
      for (let page = 0; page * MODEL_RUNS_PAGE_SIZE < want.length; page++) {
        const answer = await list({ ...(service ? { service } : {}), page });
        expect(answer.total).toBe(want.length);
        got.push(...answer.runs.map((r) => r.id));
        for (const r of answer.runs) if (service) expect(r.service).toBe(service);
      }
      expect(got).toEqual(want);
    }
    expect((await list({ service: 'tweets' })).runs.slice(0, 2)).toEqual([
      runs.flipped,
      runs.first,
    ]);
    expect(
      (await send(extensionRequest(insightCalls.modelRuns, {}, { service: 'market' }))).statusCode,
    ).toBe(400);
  });
});
