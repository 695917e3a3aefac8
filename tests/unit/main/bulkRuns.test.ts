import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DecisionResult } from '../../../src/shared/runs';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';
import {
  addBulkTweets,
  bulkFilter,
  runCore,
  writesAt,
  type RunCore,
} from '../../support/runHarness';

/**
 * Bulk runs in core against the spec provider (SPEC.md 7's calls only): the snapshot before the
 * first write, the bound on calls in flight measured at the provider, items changed since the
 * snapshot left with the reason, pause, resume and cancel, the journal against what the provider
 * received, a run interrupted mid-way and resumed without writing anything twice, waiting for the
 * session, and the undo of a run.
 */

// A thousand items, each read again then written: seconds on a quiet machine, more on CI's.
vi.setConfig({ testTimeout: 60_000 });

const ELIMINATE = '/twitter-service/manually-eliminate';
const SELECT = '/twitter-service/manually-select';

let provider: SpecProvider;
const cores: RunCore[] = [];

afterEach(async () => {
  for (const c of cores.splice(0)) {
    c.core.runs.halt();
    await c.core.journals.closeAll();
  }
  await provider?.close();
});

async function setUp(options: { delayMs?: number; count?: number; leftOutEvery?: number } = {}) {
  provider = await startSpecProvider({ delayMs: options.delayMs ?? 1 });
  addBulkTweets(provider, options.count ?? 1000, options.leftOutEvery ?? 50);
  const c = await runCore(provider);
  cores.push(c);
  return c;
}

async function prepared(c: RunCore, action: 'eliminate' | 'select' | 'reviewed' = 'eliminate') {
  const run = await c.call('runs.prepare', {
    filterType: 'tweets',
    action,
    scope: { kind: 'filter', filter: bulkFilter },
  });
  return c.waitFor(run.id, (r) => r.status === 'ready' || r.status === 'failed');
}

const handled = (r: { done: number; skipped: number; failed: number }) =>
  r.done + r.skipped + r.failed;

/** Settles every request the provider is answering, then one more round trip through core. */
async function quiet(c: RunCore) {
  while (provider.load.inFlight > 0) await new Promise((resolve) => setImmediate(resolve));
  await c.call('review.count', { filterType: 'tweets', ...bulkFilter });
}

describe('a bulk run over 1,000 items against the spec provider', () => {
  it('freezes the set before the first write, keeps to the bound, and journals exactly what was sent', async () => {
    const c = await setUp();
    const ready = await prepared(c);
    expect(ready).toMatchObject({ matched: 1000, total: 980, leftOut: 20, status: 'ready' });
    expect(writesAt(provider, ELIMINATE)).toEqual([]);

    provider.load.maxInFlight = 0;
    const lastRead = provider.seen.length;
    await c.call('runs.start', { id: ready.id });
    const done = await c.waitFor(ready.id, (r) => r.status === 'done');

    expect(done).toMatchObject({ done: 980, skipped: 0, failed: 0, total: 980 });
    // No filter page after the first write: the set was frozen before.
    const afterStart = provider.seen.slice(lastRead);
    expect(afterStart.filter((r) => r.path === '/twitter-service/filter')).toEqual([]);
    // Never more than the setting in flight, measured where the calls arrive.
    expect(provider.load.maxInFlight).toBeLessThanOrEqual(4);
    expect(provider.load.maxInFlight).toBeGreaterThan(1);
    // Every write is a re-read followed by the change, for the 980 items that are not left out.
    const written = writesAt(provider, ELIMINATE);
    expect(new Set(written).size).toBe(980);
    const leftOut = provider.state.tweets.filter((t) => t.eliminatedBySimilarity && t.id >= 50_000);
    expect(leftOut.every((t) => !written.includes(String(t.tweetId)))).toBe(true);

    const journal = await c.call('journal.list', { runId: ready.id, pageSize: 200 });
    expect(journal.total).toBe(980);
    const all = [];
    for (let page = 0; page * 200 < journal.total; page++)
      all.push(...(await c.call('journal.list', { runId: ready.id, pageSize: 200, page })).entries);
    expect(all.every((e) => e.outcome === 'ok' && e.call === `PUT ${ELIMINATE}`)).toBe(true);
    const tweetIdOf = new Map(
      provider.state.tweets.map((t) => [`tweet ${t.id}`, String(t.tweetId)]),
    );
    expect(all.map((e) => tweetIdOf.get(e.target!)).sort()).toEqual([...written].sort());
    expect(all[0]!.before).toEqual({ selected: true, reviewedBy: null, manuallyChanged: false });
  });

  it('leaves items someone changed after the snapshot, with the reason, and writes nothing to them', async () => {
    const c = await setUp({ count: 60, leftOutEvery: 0 });
    const ready = await prepared(c);
    const bulk = provider.state.tweets.filter((t) => t.id >= 50_000);
    bulk[3]!.reviewedBy = 'reviewer3';
    bulk[10]!.selected = false;
    bulk[11]!.manuallyChanged = true;
    await c.call('runs.start', { id: ready.id });
    const done = await c.waitFor(ready.id, (r) => r.status === 'done');

    expect(done).toMatchObject({ done: 57, skipped: 3, failed: 0 });
    expect(done.problems).toEqual(
      expect.arrayContaining([
        {
          id: bulk[3]!.id,
          outcome: 'skipped',
          reason: 'changed since the snapshot: reviewedBy none → reviewer3',
        },
        {
          id: bulk[10]!.id,
          outcome: 'skipped',
          reason: 'changed since the snapshot: selected true → false',
        },
        {
          id: bulk[11]!.id,
          outcome: 'skipped',
          reason: 'changed since the snapshot: manually changed false → true',
        },
      ]),
    );
    const written = writesAt(provider, ELIMINATE);
    for (const index of [3, 10, 11]) expect(written).not.toContain(String(bulk[index]!.tweetId));
    const skipped = await c.call('journal.list', { runId: ready.id, outcome: 'skipped' });
    expect(skipped.total).toBe(3);
  });

  it('pauses, resumes and cancels: nothing is sent while paused or after cancel', async () => {
    const c = await setUp({ delayMs: 3, count: 1000 });
    const ready = await prepared(c);
    await c.call('runs.start', { id: ready.id });
    await c.waitFor(ready.id, (r) => handled(r) >= 100);

    const paused = await c.call('runs.pause', { id: ready.id });
    expect(paused.status).toBe('paused');
    await quiet(c);
    const whilePaused = writesAt(provider, ELIMINATE).length;
    await quiet(c);
    expect(writesAt(provider, ELIMINATE).length).toBe(whilePaused);
    expect(whilePaused).toBeLessThan(980);

    await c.call('runs.resume', { id: ready.id });
    await c.waitFor(ready.id, (r) => r.status === 'running' && handled(r) >= whilePaused + 100);
    const cancelled = await c.call('runs.cancel', { id: ready.id });
    expect(cancelled.status).toBe('cancelled');
    const atCancel = writesAt(provider, ELIMINATE).length;
    await quiet(c);
    expect(writesAt(provider, ELIMINATE).length).toBe(atCancel);
    expect(atCancel).toBeLessThan(980);

    const journal = await c.call('journal.list', { runId: ready.id });
    expect(journal.total).toBe(atCancel);
    const finalView = (await c.call('runs.list')).find((r) => r.id === ready.id)!;
    expect(finalView.done).toBe(atCancel);
  });

  it('says cancelled only once the writes already sent are back: none lands after it, each is counted', async () => {
    // Slow answers, so that writes are in flight when Cancel comes.
    const c = await setUp({ delayMs: 40, count: 200 });
    const ready = await prepared(c);
    await c.call('runs.start', { id: ready.id });
    await c.waitFor(ready.id, (r) => handled(r) >= 8);

    const cancelling = c.call('runs.cancel', { id: ready.id });
    const firstSaid = await c.waitFor(ready.id, (r) => r.status === 'cancelled');
    const writtenWhenSaid = writesAt(provider, ELIMINATE).length;
    const answer = await cancelling;
    await quiet(c);

    expect(writesAt(provider, ELIMINATE).length).toBe(writtenWhenSaid);
    expect(firstSaid.done).toBe(writtenWhenSaid);
    expect(answer).toMatchObject({ status: 'cancelled', done: writtenWhenSaid });
    expect(writtenWhenSaid).toBeLessThan(200);
  });

  it('resumes a run cut off by stopping core, from its journal, writing nothing twice', async () => {
    const c = await setUp({ delayMs: 2, count: 1000 });
    const ready = await prepared(c);
    await c.call('runs.start', { id: ready.id });
    await c.waitFor(ready.id, (r) => handled(r) >= 300);
    // The app quits (or crashes): nothing more is sent, nothing more recorded.
    c.core.runs.halt();
    await quiet(c);
    const beforeRestart = writesAt(provider, ELIMINATE);
    expect(beforeRestart.length).toBeLessThan(980);

    const restarted = await runCore(provider, { dataDir: c.dataDir });
    cores.push(restarted);
    const found = (await restarted.call('runs.list')).find((r) => r.id === ready.id)!;
    expect(found.status).toBe('interrupted');
    expect(handled(found)).toBeGreaterThanOrEqual(300);
    expect(handled(found)).toBeLessThanOrEqual(beforeRestart.length);

    await restarted.call('runs.resume', { id: ready.id });
    const done = await restarted.waitFor(ready.id, (r) => r.status === 'done');
    const written = writesAt(provider, ELIMINATE);
    // Each item written once, whether before or after the restart.
    expect(new Set(written).size).toBe(written.length);
    expect(written.length).toBe(980);
    // A write that landed just before the stop, with no journal entry, reads as already done.
    for (const problem of done.problems)
      expect(problem.reason).toMatch(/^already as this run leaves it/);
    expect(done.done + done.skipped).toBe(980);
  });

  it('waits for the session when it ends and goes on after the user signs in again', async () => {
    const c = await setUp({ delayMs: 2, count: 300, leftOutEvery: 0 });
    const ready = await prepared(c);
    await c.call('runs.start', { id: ready.id });
    await c.waitFor(ready.id, (r) => handled(r) >= 50);
    await c.core.session.signOut('user');
    const waiting = await c.waitFor(ready.id, (r) => r.status === 'waitingForSession');
    expect(handled(waiting)).toBeLessThan(300);
    while (provider.load.inFlight > 0) await new Promise((resolve) => setImmediate(resolve));
    const whileOut = writesAt(provider, ELIMINATE).length;

    await c.call('session.signIn', { username: 'reviewer1', password: 'demo' });
    const done = await c.waitFor(ready.id, (r) => r.status === 'done');
    expect(done).toMatchObject({ done: 300, failed: 0, skipped: 0 });
    const written = writesAt(provider, ELIMINATE);
    expect(written.length).toBeGreaterThan(whileOut);
    expect(new Set(written).size).toBe(300);
  });

  it('acts on chosen items by data id, in the order chosen', async () => {
    const c = await setUp({ count: 10, leftOutEvery: 0 });
    const ids = provider.state.tweets.filter((t) => t.id >= 50_000).map((t) => t.id);
    const chosen = [ids[4]!, ids[1]!, ids[7]!];
    const run = await c.call('runs.prepare', {
      filterType: 'tweets',
      action: 'select',
      scope: { kind: 'chosen', ids: chosen },
    });
    const ready = await c.waitFor(run.id, (r) => r.status === 'ready');
    expect(ready).toMatchObject({ matched: 3, total: 3 });
    await c.call('runs.start', { id: run.id });
    await c.waitFor(run.id, (r) => r.status === 'done');
    const tweetIdOf = new Map(provider.state.tweets.map((t) => [t.id, String(t.tweetId)]));
    expect(writesAt(provider, SELECT)).toEqual(chosen.map((id) => tweetIdOf.get(id)));
  });
});

describe('undo', () => {
  it('Undo run restores exactly the items the run changed, and leaves those changed since', async () => {
    const c = await setUp({ count: 40, leftOutEvery: 0 });
    const bulk = provider.state.tweets.filter((t) => t.id >= 50_000);
    // Five were eliminated already: the run confirms them, undo must not select them.
    for (const t of bulk.slice(0, 5)) t.selected = false;
    const ready = await prepared(c);
    await c.call('runs.start', { id: ready.id });
    const done = await c.waitFor(ready.id, (r) => r.status === 'done');
    expect(done).toMatchObject({ done: 40, canUndo: true });
    bulk[20]!.selected = true; // someone kept it again meanwhile

    const undo = await c.call('runs.undo', { id: ready.id });
    expect(undo).toMatchObject({ kind: 'undo', undoOf: ready.id, total: 35 });
    const undone = await c.waitFor(undo.id, (r) => r.status === 'done');
    expect(undone).toMatchObject({ done: 34, skipped: 1 });
    expect(undone.problems[0]).toEqual({
      id: bulk[20]!.id,
      outcome: 'skipped',
      reason: 'already as this run leaves it (selected false → true): not written again',
    });
    const selectedAgain = writesAt(provider, SELECT);
    expect(new Set(selectedAgain)).toEqual(
      new Set(
        bulk
          .slice(5)
          .filter((_, i) => i !== 15)
          .map((t) => String(t.tweetId)),
      ),
    );
    expect(bulk.slice(0, 5).every((t) => t.selected === false)).toBe(true);
    expect(bulk.slice(5).every((t) => t.selected === true)).toBe(true);
    const original = (await c.call('runs.list')).find((r) => r.id === ready.id)!;
    expect(original).toMatchObject({ undoneBy: undo.id, canUndo: false });
  });

  it('a single Eliminate undone restores the decision; one changed by someone else is left and reported', async () => {
    const c = await setUp({ count: 3, leftOutEvery: 0 });
    const [first, second] = provider.state.tweets.filter((t) => t.id >= 50_000);
    // A card's Eliminate: the declared call's payload with what the card showed.
    const decide = async (t: typeof first) =>
      (await c.call('review.manualChange', {
        filterType: 'tweets',
        case: 'manually-eliminate',
        tweetId: String(t!.tweetId),
        twitterUserName: t!.twitterUserName,
        shown: { id: t!.id, selected: true, reviewedBy: null },
      })) as DecisionResult;

    const decided = await decide(first);
    expect(decided.undoId).toEqual(expect.any(String));
    expect(decided.cannotUndo).toBe(
      'Undo restores the decision; the item stays marked as manually changed.',
    );
    expect(first!.selected).toBe(false);
    const undone = await c.call('undo.decision', { undoId: decided.undoId! });
    expect(undone).toEqual({
      restored: true,
      message: `Undone: tweet ${first!.id} is selected again.`,
    });
    expect(first!.selected).toBe(true);

    const other = await decide(second);
    second!.reviewedBy = 'reviewer3';
    const writes = writesAt(provider, SELECT).length;
    const left = await c.call('undo.last');
    expect(left).toEqual({
      restored: false,
      message: `Left as is: tweet ${second!.id} was changed since your decision (reviewedBy none → reviewer3).`,
    });
    expect(writesAt(provider, SELECT).length).toBe(writes);
    expect(second!.selected).toBe(false);
    await expect(c.call('undo.decision', { undoId: other.undoId! })).rejects.toThrow(
      'This decision can no longer be undone.',
    );
    expect(await c.call('undo.last')).toEqual({ restored: false, message: 'Nothing to undo.' });
  });
});

describe('the journal of every write', () => {
  it('records writes from every screen with outcome and status, and never a token or password', async () => {
    const c = await setUp({ count: 20, leftOutEvery: 0 });
    await c.call('review.addKeyword', {
      filterType: 'tweets',
      keyword: 'rugpull',
      type: 'IMPORTANT',
    });
    await expect(
      c.call('review.reviewed', { filterType: 'tweets', id: 999_999 }),
    ).rejects.toThrow();
    const ready = await prepared(c, 'reviewed');
    await c.call('runs.start', { id: ready.id });
    await c.waitFor(ready.id, (r) => r.status === 'done');

    const keywords = await c.call('journal.list', { area: 'keywords' });
    expect(keywords.entries[0]).toMatchObject({
      channel: 'review.addKeyword',
      call: 'POST /twitter-service/add-keyword',
      target: 'keyword rugpull',
      outcome: 'ok',
      runId: null,
    });
    expect(keywords.entries[0]!.status).toBeGreaterThanOrEqual(200);
    const failed = await c.call('journal.list', { outcome: 'failed' });
    expect(failed.entries[0]).toMatchObject({
      call: 'PUT /twitter-service/999999/reviewed',
      target: 'tweet 999999',
      status: 404,
    });
    // The reads (filter, count, find by id) are not writes.
    const everything = await c.call('journal.list', { pageSize: 200 });
    expect(everything.total).toBe(2 + 20);

    const session = c.core.session;
    const secrets = [session.accessToken(), 'password', '"demo"'].filter(Boolean) as string[];
    const files = filesUnder(c.dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const secret of secrets) expect(text, file).not.toContain(secret);
      expect(text, file).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    }
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
