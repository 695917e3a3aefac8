import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunView } from '../../../src/shared/runs';
import { followEvents } from '../../support/coreEvents';
import { CLAIMS_NOT_OFFERED } from '../../../src/main/core/claims/claimLeases';
import type { Core } from '../../../src/main/core/createCore';
import { REVIEW_PAGE_SIZE } from '../../../src/shared/constants';
import { callerOf, coreFor, signedIn } from '../../support/coreBackends';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The work queue's channels in core (the claims extension): against our server they reach its
 * claims, answered as the server gives them, and are not journalled (a lease changes no item); a
 * sign-out releases the user's claims before the session ends. Against the spec provider, which
 * offers no extension, every claims channel is refused in core and nothing is sent.
 */

vi.setConfig({ testTimeout: 90_000 });

const cores: Core[] = [];
let server: TestServer | undefined;
let provider: SpecProvider | undefined;

afterEach(async () => {
  for (const core of cores.splice(0)) {
    core.runs.halt();
    await core.journals.closeAll();
  }
  await provider?.close();
  provider = undefined;
});

async function coreOn(url: string, username: string) {
  const core = await signedIn(coreFor(url), username);
  cores.push(core);
  return { core, call: callerOf(core) };
}

const FILTER = { filterType: 'tweets' as const, sortBy: 'asc' as const };

describe('claims channels against our server', () => {
  // One server for both tests: a fresh one takes seconds to seed.
  beforeAll(async () => {
    server = await startTestServer('pglite');
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('take a queue page, say who holds what, renew and release, and journal none of it', async () => {
    const { call } = await coreOn(server!.url, 'reviewer1');
    const { call: call2 } = await coreOn(server!.url, 'reviewer2');

    const page = await call('claims.queue', FILTER);
    expect(page.items).toHaveLength(REVIEW_PAGE_SIZE);
    expect(page.resumed).toBe(0);
    const ids = page.items.map((item) => item.id!);
    const other = await call2('claims.queue', FILTER);
    expect(other.items.map((item) => item.id)).not.toContain(ids[0]);

    const held = await call2('claims.holders', { filterType: 'tweets', ids: ids.slice(0, 2) });
    expect(held.claims.map((claim) => claim.holder)).toEqual(['reviewer1', 'reviewer1']);
    const renewed = await call('claims.renew', { filterType: 'tweets', ids: ids.slice(0, 2) });
    expect(renewed.claims).toHaveLength(2);
    // Not held: the server's refusal crosses the bridge with its status and sentence.
    const refused = await callerOf(cores[1]!)('claims.renew', {
      filterType: 'tweets',
      ids: [ids[0]!],
    }).catch((error: Error) => error.message);
    expect(refused).toMatch(
      /You do not hold .* \(reviewer1 holds it, 10 min\): nothing was renewed/,
    );
    const now = await call('claims.reviewingNow', {});
    expect(now.reviewers.map((reviewer) => reviewer.user).sort()).toEqual([
      'reviewer1',
      'reviewer2',
    ]);
    const released = await call('claims.release', { filterType: 'tweets', ids: ids.slice(0, 5) });
    expect(released.released).toBe(5);

    expect((await call('journal.list', {})).total).toBe(0);
  });

  it('a bulk run leaves the items another reviewer holds, writes the rest, and says how many', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dqc-claims-runs-'));
    const core1 = await signedIn(coreFor(server!.url, { dataDir }), 'reviewer1');
    cores.push(core1);
    const call1 = callerOf(core1);
    const { call: call2 } = await coreOn(server!.url, 'reviewer2');
    const page = await call2('claims.queue', {
      filterType: 'news',
      sortBy: 'asc',
      isReviewed: 'false',
    });
    const ids = page.items.slice(0, 3).map((item) => item.id!);
    // reviewer2 gives the third back: the run may write it.
    await call2('claims.release', { filterType: 'news', ids: [ids[2]!] });
    const runs = followEvents<RunView>(core1, (event) =>
      event.type === 'runs.changed' ? { id: event.run.id, value: event.run } : null,
    );
    const settled = async (id: string, done: (run: RunView) => boolean) => {
      const reached = runs.waitFor(id, done);
      const now = (await call1('runs.list')).find((run) => run.id === id);
      if (now) runs.offer(id, now);
      return reached;
    };
    const prepared = await call1('runs.prepare', {
      filterType: 'news',
      action: 'reviewed',
      scope: { kind: 'chosen', ids },
    });
    await settled(prepared.id, (run) => run.status === 'ready');
    await call1('runs.start', { id: prepared.id });
    const done = await settled(prepared.id, (run) => run.status === 'done');
    expect(done).toMatchObject({ done: 1, skipped: 2, heldByOthers: 2, failed: 0 });
    // Who holds each, and for how long (10 min, less what a slow machine took since).
    for (const problem of done.problems)
      expect(problem.reason).toMatch(/^held by reviewer2 \(\d+ min\): left alone$/);
    expect(done.problems).toHaveLength(2);
    const reviewedBy = async (id: number) =>
      (await call2('review.findById', { filterType: 'news', id })).reviewedBy ?? null;
    expect([
      await reviewedBy(ids[0]!),
      await reviewedBy(ids[1]!),
      await reviewedBy(ids[2]!),
    ]).toEqual([null, null, 'reviewer1']);
  });

  it("a quit releases the user's claims and leaves the session as it is", async () => {
    const { core, call } = await coreOn(server!.url, 'reviewer3');
    const page = await call('claims.queue', { filterType: 'news', sortBy: 'desc' });
    expect(page.items.length).toBeGreaterThan(0);
    await core.releaseClaims();
    const held = await server!.context.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM review_claims WHERE holder = 'reviewer3'`,
    );
    expect(held[0]!.n).toBe(0);
    expect(core.session.isLogged()).toBe(true);
  });

  it("a sign-out releases the user's claims before the session ends", async () => {
    const { core, call } = await coreOn(server!.url, 'reviewer3');
    const page = await call('claims.queue', FILTER);
    expect(page.items.length).toBeGreaterThan(0);
    const heldBy = () =>
      server!.context.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM review_claims WHERE holder = 'reviewer3'`,
      );
    expect((await heldBy())[0]!.n).toBe(page.items.length);
    const out = await core.dispatch('session.signOut', undefined);
    expect(out.ok).toBe(true);
    expect((await heldBy())[0]!.n).toBe(0);
    expect(core.session.isLogged()).toBe(false);
  });
});

describe('claims channels against a provider without the extension', () => {
  it('are refused in core, send nothing, and leave sign-out as it was', async () => {
    provider = await startSpecProvider();
    const { core } = await coreOn(provider.url, 'reviewer1');
    const attempts = [
      core.dispatch('claims.queue', FILTER),
      core.dispatch('claims.holders', { filterType: 'tweets', ids: [1] }),
      core.dispatch('claims.renew', { filterType: 'news', ids: [1] }),
      core.dispatch('claims.reviewingNow', {}),
      core.dispatch('claims.releaseMine', {}),
    ];
    for (const envelope of await Promise.all(attempts))
      expect(envelope).toEqual({
        ok: false,
        error: { status: 404, code: 'NOT_OFFERED', message: CLAIMS_NOT_OFFERED },
      });
    expect((await core.dispatch('session.signOut', undefined)).ok).toBe(true);
    const extensionPaths = provider.seen
      .map((request) => request.path)
      .filter((path) => path.startsWith('/dqc-extensions'));
    expect([...new Set(extensionPaths)]).toEqual(['/dqc-extensions/capabilities']);
  });
});
