import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewItem } from '../../../../src/shared/api/records';
import type { BridgeEvent } from '../../../../src/shared/bridge';
import { isWaitingAnswer, OUTBOX_TEXTS, type ConnectionState } from '../../../../src/shared/outbox';
import type { NewJournalEntry } from '../../../../src/shared/journal';
import { BridgeFailure } from '../../../../src/main/core/bridgeFailure';
import { callContext } from '../../../../src/main/core/bridge/callContext';
import { silentLogger } from '../../../../src/main/core/log';
import { Outbox, type MadeDecision } from '../../../../src/main/core/outbox/outbox';
import { OUTBOX_FILE, type KeptWrite } from '../../../../src/main/core/outbox/outboxLog';

/**
 * The outbox (issue 50) over a provider kept in memory: a decision that gets no answer waits and
 * is sent again once the provider answers, exactly once and in order for each item; one whose
 * answer was lost after it landed is read again and not sent twice; a change by somebody else is a
 * conflict; another user never sends it; the file survives a kill, and a cut-off line says so.
 */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** Retries rest a second or two after a lost answer: a state is waited for, never a time. */
const WAIT = { timeout: 20_000, interval: 20 };

const noAnswer = () => new BridgeFailure(0, 'UNREACHABLE', 'Cannot reach the server.');

/** A provider of tweets in memory: what each item is, and every write it received, in order. */
function memoryProvider() {
  const items = new Map<number, ReviewItem>();
  for (let id = 1; id <= 5; id++)
    items.set(id, {
      id,
      tweetId: `t${id}`,
      selected: true,
      detectedKeyword: [],
      unwantedUsage: [],
    } as ReviewItem);
  const received: { id: number; selected: boolean; by: string }[] = [];
  /** What the next sends do: land then lose the answer, or fail before landing. */
  const faults: ('landThenLose' | 'lose' | 'refuse' | 'staleBySomeoneElse')[] = [];
  /** What the next reads do instead of answering. */
  const readFaults: BridgeFailure[] = [];
  let reads = 0;
  let down = false;
  return {
    items,
    received,
    faults,
    setDown: (value: boolean) => (down = value),
    readFaults,
    reads: () => reads,
    async findById(_: string, id: number): Promise<ReviewItem> {
      reads += 1;
      if (down) throw noAnswer();
      const readFault = readFaults.shift();
      if (readFault) throw readFault;
      return structuredClone(items.get(id)!);
    },
    async send(write: KeptWrite): Promise<number> {
      if (down) throw noAnswer();
      const fault = faults.shift();
      if (fault === 'lose') throw noAnswer();
      if (fault === 'refuse') throw new BridgeFailure(400, 'HTTP_ERROR', 'Bad keyword.');
      if (fault === 'staleBySomeoneElse') {
        // Somebody eliminated it between the read and this write: refused as stale.
        const item = items.get(write.shown.id)!;
        items.set(write.shown.id, {
          ...item,
          selected: false,
          reviewedBy: 'reviewer2',
        } as ReviewItem);
        throw new BridgeFailure(412, 'HTTP_ERROR', 'The item changed.');
      }
      const selected = write.fields.case === 'manually-select';
      items.set(write.shown.id, { ...items.get(write.shown.id)!, selected });
      received.push({ id: write.shown.id, selected, by: write.username });
      if (fault === 'landThenLose') throw noAnswer();
      return 200;
    },
  };
}

type Provider = ReturnType<typeof memoryProvider>;

async function setUp(options: { provider?: Provider; folder?: string | null } = {}) {
  const provider = options.provider ?? memoryProvider();
  const folder =
    options.folder === undefined ? await mkdtemp(join(tmpdir(), 'dqc-outbox-')) : options.folder;
  if (folder && options.folder === undefined) folders.push(folder);
  const connection = { state: 'reachable' as ConnectionState };
  const user = { name: 'reviewer1' as string | null };
  const journal: NewJournalEntry[] = [];
  const events: BridgeEvent[] = [];
  const outbox = new Outbox({
    folderOf: async () => folder,
    journals: {
      record: async (_username, entry) => {
        journal.push(entry);
        return null;
      },
    },
    findById: (filterType, id) => provider.findById(filterType, id),
    send: (write) => provider.send(write),
    conditional: async () => false,
    connection,
    signedInUser: () => user.name,
    concurrency: 4,
    emit: (event) => events.push(event),
    log: silentLogger,
  });
  const context = callContext(() => user.name);
  /** A card's Select or Eliminate on tweet `id`, the card showing `selected`. */
  const decide = (id: number, makeSelected: boolean, shownSelected: boolean) => {
    const made: MadeDecision = {
      username: user.name!,
      channel: 'review.manualChange',
      filterType: 'tweets',
      fields: {
        filterType: 'tweets',
        case: makeSelected ? 'manually-select' : 'manually-eliminate',
        tweetId: `t${id}`,
      },
      shown: { id, selected: shownSelected, reviewedBy: null },
      applyAnyway: false,
      entry: {
        channel: 'review.manualChange',
        call: 'PUT /twitter-service/x',
        area: 'review',
        target: `tweet ${id}`,
        summary: 'x',
        before: null,
        runId: null,
      },
    };
    return outbox.decide(made, async () => {
      await provider.send({ ...made, id: 'first', madeAt: '' });
      return { undoId: 'u', cannotUndo: null };
    });
  };
  const waiting = async () => (await outbox.view(undefined, context)).writes;
  const signIn = (name: string) => {
    user.name = name;
    outbox.onSessionEvent({
      type: 'session.changed',
      session: { signedIn: true, username: name, userId: name, roles: [] },
    });
  };
  const reachable = () => {
    connection.state = 'reachable';
    provider.setDown(false);
    outbox.onConnection('reachable');
  };
  return {
    outbox,
    provider,
    folder,
    connection,
    user,
    journal,
    events,
    context,
    decide,
    waiting,
    signIn,
    reachable,
  };
}

describe('the outbox', () => {
  it('answers a landed decision as before and keeps nothing', async () => {
    const t = await setUp();
    expect(await t.decide(1, false, true)).toEqual({ undoId: 'u', cannotUndo: null });
    expect(await t.waiting()).toEqual([]);
    expect(t.provider.received).toHaveLength(1);
  });

  it('a timed-out write that did land is read again and not sent twice', async () => {
    const t = await setUp();
    t.provider.faults.push('landThenLose');
    const answer = await t.decide(1, false, true);
    expect(isWaitingAnswer(answer)).toBe(true);
    expect(t.journal).toEqual([]);
    await vi.waitFor(async () => expect(await t.waiting()).toEqual([]), WAIT);
    expect(t.provider.received).toEqual([{ id: 1, selected: false, by: 'reviewer1' }]);
    expect(t.journal.map((e) => [e.outcome, e.message])).toEqual([
      ['ok', 'Sent from the outbox: its first answer was lost; read again, it had landed.'],
    ]);
  });

  it('a timed-out write that did not land is sent again, once', async () => {
    const t = await setUp();
    t.provider.faults.push('lose');
    expect(isWaitingAnswer(await t.decide(2, false, true))).toBe(true);
    await vi.waitFor(async () => expect(await t.waiting()).toEqual([]), WAIT);
    expect(t.provider.received).toEqual([{ id: 2, selected: false, by: 'reviewer1' }]);
    expect(t.journal.map((e) => [e.outcome, e.message])).toEqual([['ok', 'Sent from the outbox.']]);
  });

  it('keeps every decision made while unreachable, unsent, and sends them in order once the provider answers', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    t.provider.setDown(true);
    // Eliminate, then Select back, then Eliminate again on tweet 3; one decision on tweet 4.
    for (const [id, make, shown] of [
      [3, false, true],
      [3, true, false],
      [4, false, true],
      [3, false, true],
    ] as const)
      expect(isWaitingAnswer(await t.decide(id, make, shown))).toBe(true);
    const listed = await t.waiting();
    expect(listed.map((w) => [w.target, w.decision, w.state])).toEqual([
      ['tweet 3', 'Eliminate', 'waiting'],
      ['tweet 3', 'Select', 'waiting'],
      ['tweet 4', 'Eliminate', 'waiting'],
      ['tweet 3', 'Eliminate', 'waiting'],
    ]);
    expect(t.provider.received).toEqual([]);
    t.reachable();
    await vi.waitFor(async () => expect(await t.waiting()).toEqual([]), WAIT);
    expect(t.provider.received.filter((r) => r.id === 3).map((r) => r.selected)).toEqual([
      false,
      true,
      false,
    ]);
    expect(t.provider.received.filter((r) => r.id === 4)).toHaveLength(1);
  });

  it('a decision behind a waiting one on the same item waits too, even online', async () => {
    const t = await setUp();
    t.provider.faults.push('lose', 'lose');
    expect(isWaitingAnswer(await t.decide(1, false, true))).toBe(true);
    expect(isWaitingAnswer(await t.decide(1, true, false))).toBe(true);
    await vi.waitFor(async () => expect(await t.waiting()).toEqual([]), WAIT);
    expect(t.provider.received.map((r) => r.selected)).toEqual([false, true]);
  });

  it('an item changed by somebody else meanwhile is a conflict, not overwritten; Apply mine sends it', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(5, false, true);
    t.provider.items.set(5, { ...t.provider.items.get(5)!, reviewedBy: 'reviewer2' } as ReviewItem);
    t.reachable();
    await vi.waitFor(async () => expect((await t.waiting())[0]?.state).toBe('conflict'));
    const [conflict] = await t.waiting();
    expect(conflict!.message).toContain('tweet 5 changed since its card was drawn');
    expect(t.provider.received).toEqual([]);
    await t.outbox.applyMine({ id: conflict!.id }, t.context);
    await vi.waitFor(async () => expect(await t.waiting()).toEqual([]), WAIT);
    expect(t.provider.received).toEqual([{ id: 5, selected: false, by: 'reviewer1' }]);
  });

  it('a write the provider refuses on its way out is listed as refused and journalled as failed', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(2, false, true);
    t.provider.faults.push('refuse');
    t.reachable();
    await vi.waitFor(async () => expect((await t.waiting())[0]?.state).toBe('refused'));
    expect((await t.waiting())[0]!.message).toBe('Bad keyword.');
    expect(t.journal.map((e) => [e.outcome, e.status])).toEqual([['failed', 400]]);
    await t.outbox.cancel({ id: (await t.waiting())[0]!.id }, t.context);
    expect(await t.waiting()).toEqual([]);
  });

  it('a refusal at the first send is thrown as today and nothing is kept', async () => {
    const t = await setUp();
    t.provider.faults.push('refuse');
    await expect(t.decide(1, false, true)).rejects.toThrow('Bad keyword.');
    expect(await t.waiting()).toEqual([]);
  });

  it('comes back at the same user’s next sign-in after a kill, and never under another user', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(1, false, true);
    await t.decide(2, false, true);
    // Killed: nothing more is written; the file stays.
    t.outbox.halt();
    const provider = t.provider;
    provider.setDown(false);
    const other = await setUp({ provider, folder: t.folder });
    other.signIn('reviewer2');
    other.reachable();
    // reviewer2's outbox is their own folder's in the desktop app; here the same folder holds
    // reviewer1's file, which is never read as reviewer2's.
    expect(await other.waiting()).toEqual([]);
    expect(provider.received).toEqual([]);
    const again = await setUp({ provider, folder: t.folder });
    again.signIn('reviewer1');
    await vi.waitFor(async () => expect(await again.waiting()).toEqual([]), WAIT);
    expect(provider.received.map((r) => [r.id, r.by])).toEqual([
      [1, 'reviewer1'],
      [2, 'reviewer1'],
    ]);
  });

  it('a torn outbox file loses at most the write being appended, and says so', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(1, false, true);
    await t.decide(2, false, true);
    t.outbox.halt();
    const path = join(t.folder!, OUTBOX_FILE);
    const text = await readFile(path, 'utf8');
    // A third decision's line cut off mid-write.
    await appendFile(path, '{"op":"add","write":{"id":"x3","username":"reviewer1","mad');
    const again = await setUp({ provider: t.provider, folder: t.folder });
    again.connection.state = 'unreachable';
    again.signIn('reviewer1');
    const view = await again.outbox.view(undefined, again.context);
    expect(view.torn).toBe(OUTBOX_TEXTS.torn);
    expect(view.writes.map((w) => w.target)).toEqual(['tweet 1', 'tweet 2']);
    // The file was written again whole, without the cut-off line.
    const rewritten = await readFile(path, 'utf8');
    expect(rewritten.endsWith('\n')).toBe(true);
    expect(rewritten).not.toContain('"mad\n');
    expect(text.length).toBeGreaterThan(0);
  });

  it('Discard at sign-out forgets every waiting write; nothing is sent', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(1, false, true);
    await t.decide(2, false, true);
    expect(await t.outbox.discardAll(undefined, t.context)).toEqual({
      message: '2 waiting decisions discarded.',
    });
    t.reachable();
    expect(await t.waiting()).toEqual([]);
    const again = await setUp({ provider: t.provider, folder: t.folder });
    again.signIn('reviewer1');
    again.reachable();
    expect(await again.waiting()).toEqual([]);
    expect(t.provider.received).toEqual([]);
  });

  it('tells the pages what waits, with the connection', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(1, false, true);
    await vi.waitFor(() =>
      expect(t.events.at(-1)).toMatchObject({
        type: 'outbox.changed',
        outbox: { connection: 'unreachable', writes: [{ target: 'tweet 1', selected: false }] },
      }),
    );
  });

  it('keeps to memory when the user has no folder', async () => {
    const t = await setUp({ folder: null });
    t.connection.state = 'unreachable';
    expect(isWaitingAnswer(await t.decide(1, false, true))).toBe(true);
    expect(await t.waiting()).toHaveLength(1);
  });

  it('an unreadable line in the middle of the file costs only itself', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dqc-outbox-'));
    folders.push(folder);
    const t = await setUp({ folder });
    t.connection.state = 'unreachable';
    await t.decide(1, false, true);
    t.outbox.halt();
    const path = join(folder, OUTBOX_FILE);
    const lines = (await readFile(path, 'utf8')).split('\n');
    await writeFile(path, [lines[0], 'not json', ...lines.slice(1)].join('\n'));
    const again = await setUp({ provider: t.provider, folder });
    again.connection.state = 'unreachable';
    again.signIn('reviewer1');
    const view = await again.outbox.view(undefined, again.context);
    expect(view.writes).toHaveLength(1);
    expect(view.torn).toBeNull();
  });

  it('refuses a decision once core has stopped, sending nothing', async () => {
    const t = await setUp();
    t.outbox.halt();
    await expect(t.decide(1, false, true)).rejects.toMatchObject({ code: 'STOPPING' });
    expect(t.provider.received).toEqual([]);
  });

  it('a replayed write refused as stale over somebody else’s same decision is a conflict, not "landed"', async () => {
    const t = await setUp();
    t.provider.faults.push('lose', 'staleBySomeoneElse');
    expect(isWaitingAnswer(await t.decide(3, false, true))).toBe(true);
    await vi.waitFor(async () => expect((await t.waiting())[0]?.state).toBe('conflict'), WAIT);
    expect(t.provider.received).toEqual([]);
    expect(t.journal.filter((e) => e.outcome === 'ok')).toEqual([]);
  });

  it('a refresh without an answer while its user is signed in is no answer: it rests, then lands', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(4, false, true);
    t.provider.readFaults.push(
      new BridgeFailure(0, 'SESSION_ENDED', 'The session could not be renewed.'),
    );
    t.reachable();
    await vi.waitFor(async () => expect(await t.waiting()).toEqual([]), WAIT);
    expect(t.provider.received).toHaveLength(1);
    // One failed read, one rest, one read that landed it: no loop of reads.
    expect(t.provider.reads()).toBe(2);
  });

  it('a 401 after its user signed out leaves the write waiting for them, not refused', async () => {
    const t = await setUp();
    t.connection.state = 'unreachable';
    await t.decide(5, false, true);
    t.provider.readFaults.push(new BridgeFailure(401, 'HTTP_ERROR', 'Unauthorized'));
    // The read goes out, then the user signs out before its 401 comes back.
    const signedOut = t.provider.findById;
    t.provider.findById = async (kind, id) => {
      t.user.name = null;
      return signedOut(kind, id);
    };
    t.reachable();
    await vi.waitFor(() => expect(t.provider.reads()).toBe(1), WAIT);
    // Read as reviewer1's outbox while nobody is signed in: the refused read has been weighed.
    const asReviewer1 = callContext(() => 'reviewer1');
    await vi.waitFor(
      async () =>
        expect((await t.outbox.view(undefined, asReviewer1)).writes[0]?.state).toBe('waiting'),
      WAIT,
    );
    // Back as its user (nothing starts a replay meanwhile): it waits, neither refused nor journalled.
    t.user.name = 'reviewer1';
    await vi.waitFor(async () => expect((await t.waiting())[0]?.state).toBe('waiting'), WAIT);
    expect(t.journal).toEqual([]);
    expect(t.provider.received).toEqual([]);
  });
});
