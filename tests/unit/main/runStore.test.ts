import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/main/core/log';
import type { Run } from '../../../src/main/core/runs/run';
import { RunStore } from '../../../src/main/core/runs/runStore';
import { UserJournals } from '../../../src/main/core/writes/userJournals';
import { runOf, T0, tweet } from '../../support/runPieces';

/** A run's file on disk, and what a start after a quit makes of it. */
const opened: UserJournals[] = [];
afterEach(async () => {
  for (const journals of opened.splice(0)) await journals.closeAll();
});

function storeOn(root: string, halted = false) {
  const journals = new UserJournals({
    root,
    apiUrl: 'http://127.0.0.1:1',
    retentionDays: 30,
    log: silentLogger,
    onAppended: () => undefined,
  });
  opened.push(journals);
  const told: Run[] = [];
  const store = new RunStore({
    journals,
    events: { changed: (run) => void told.push(run) },
    halt: { halted },
    log: silentLogger,
    now: () => T0,
  });
  return { store, journals, told };
}

describe('the run store', () => {
  it('a run under way at a quit comes back interrupted, its results from the journal, the rest queued', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dqc-run-store-'));
    const first = storeOn(root);
    await first.store.load('reviewer1');
    const run = runOf([tweet(1), tweet(2), tweet(3)]);
    first.store.add(run);
    await first.store.save(run);
    // The first item landed before the quit: its journal entry names the run.
    await first.journals.record('reviewer1', {
      at: new Date(T0).toISOString(),
      channel: 'review.manualChange',
      call: 'PUT /twitter-service/manually-eliminate',
      area: 'review',
      target: 'tweet 1',
      summary: 'manually-eliminate',
      before: { selected: true, reviewedBy: null },
      outcome: 'ok',
      status: 200,
      message: null,
      runId: run.id,
    });
    await first.journals.closeAll();

    const next = storeOn(root);
    const [found] = await next.store.ofUser('reviewer1');
    expect(found).toMatchObject({ id: run.id, status: 'interrupted', queue: [1, 2], read: 3 });
    expect([...found!.results]).toEqual([
      [1, { outcome: 'ok', reason: null, before: { selected: true, reviewedBy: null } }],
    ]);
    expect(next.told.map((r) => r.id)).toEqual([run.id]);
  });

  it('keeps no file for a run not yet frozen or after a halt, and forgets a removed one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dqc-run-store-'));
    const { store, journals } = storeOn(root);
    await store.load('reviewer1');
    const folder = join((await journals.folderOf('reviewer1'))!, 'runs');
    const ready = runOf([tweet(1)], 'ready');
    store.add(ready);
    await store.save(ready);
    expect(() => readdirSync(folder)).toThrow();
    const running = runOf([tweet(1)]);
    store.add(running);
    await store.save(running);
    expect(readdirSync(folder)).toEqual([`${running.id}.json`]);
    await store.remove(running);
    expect(readdirSync(folder)).toEqual([]);
    await expect(store.own(running.id, 'reviewer1')).rejects.toMatchObject({ status: 404 });

    const halted = storeOn(root, true);
    await halted.store.load('reviewer1');
    const late = runOf([tweet(2)]);
    await halted.store.save(late);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("answers another user's run as no such run, and lists a user's runs newest first", async () => {
    const { store } = storeOn(mkdtempSync(join(tmpdir(), 'dqc-run-store-')));
    const older = runOf([tweet(1)], 'running', () => T0);
    const newer = runOf([tweet(2)], 'running', () => T0 + 1000);
    store.add(older);
    store.add(newer);
    expect((await store.ofUser('reviewer1')).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(await store.own(older.id, 'reviewer1')).toBe(older);
    await expect(store.own(older.id, 'reviewer2')).rejects.toMatchObject({
      status: 404,
      code: 'NO_SUCH_RUN',
      message: 'There is no such run.',
    });
    expect(await store.ofUser('reviewer2')).toEqual([]);
  });
});
