import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORIES_NOT_OFFERED, storyChangedText } from '../../../src/main/core/stories/storyCalls';
import { groupAllArrivals } from '../../../src/server/stories/groupArrivals';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';
import { startTestServer, type TestServer } from '../../support/testServer';
import { useTestCores } from '../../support/testCores';

/**
 * A story's decision in core (issue 48): against our server, a run over its members (frozen,
 * re-read, journalled, undoable like every bulk run) that records the story's decision once done,
 * so that a copy arriving afterwards takes it and says so in its history; its undo restores the
 * members and takes the decision back; a story that changed since it was shown is refused with
 * nothing written. Against the spec provider every stories channel is refused in core.
 */

vi.setConfig({ testTimeout: 120_000 });

let server: TestServer | undefined;
let provider: SpecProvider | undefined;
let serial = 0;
const coreOn = useTestCores();

afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

const TEXT =
  'Quillon (QLN) launches its Nova mainnet at block 3,300,000 with 45% lower fees for every user';

/** A tweet and `copies` retweets of it, grouped on the server: the story and the items' ids. */
async function storyOf(copies: number, tag: string) {
  const db = server!.context.db;
  const text = `${TEXT} ${tag}`;
  const rows = await db.query<{ id: string }>(
    `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time, selected)
     SELECT 'sr-' || $3 || '-' || n, CASE WHEN n = 0 THEN 'quillon' ELSE 'reader_' || n END, 'x',
            'https://x.com/x/status/' || n, CASE WHEN n = 0 THEN $1 ELSE 'RT @quillon: ' || $1 END,
            $2::timestamptz + n * interval '1 second', $2::timestamptz + n * interval '1 second', true
       FROM generate_series(0, $4) AS n ORDER BY n RETURNING id`,
    [text, '2026-11-26T10:00:00Z', ++serial, copies],
  );
  await groupAllArrivals(db);
  const ids = rows.map((r) => Number(r.id));
  const [row] = await db.query<{ story_id: string }>(
    `SELECT story_id::text FROM story_members WHERE service = 'tweets' AND item_id = $1`,
    [ids[0]],
  );
  return { storyId: Number(row!.story_id), ids, text };
}

const stateOf = async (ids: number[]) =>
  server!.context.db.query<{ id: string; selected: boolean; manually_changed: boolean }>(
    'SELECT id::text, selected, manually_changed FROM tweets WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );

describe('story runs against our server', () => {
  beforeAll(async () => {
    server = await startTestServer('pglite');
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('decide 50 members once, record the decision for later copies, and undo all of it', async () => {
    const { call, settled } = await coreOn(server!.url, 'reviewer1');
    const { storyId, ids, text } = await storyOf(49, 'fifty');
    const { story, members } = await call('stories.members', { filterType: 'tweets', id: storyId });
    expect(members).toHaveLength(50);

    const prepared = await call('runs.prepare', {
      filterType: 'tweets',
      action: 'eliminate',
      scope: { kind: 'story', storyId, version: story.version },
    });
    const ready = await settled(prepared.id, (run) => run.status === 'ready');
    expect(ready.total).toBe(50);
    await call('runs.start', { id: prepared.id });
    const done = await settled(prepared.id, (run) => run.status === 'done');
    expect(done.done).toBe(50);
    expect((await stateOf(ids)).every((r) => !r.selected && r.manually_changed)).toBe(true);
    // Each member written once: one history entry of this run per item.
    const [written] = await server!.context.db.query<{ n: number; items: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT item_id)::int AS items FROM item_history
        WHERE bulk_run_id = $1`,
      [prepared.id],
    );
    expect(written).toEqual({ n: 50, items: 50 });
    // The decision went on the story as the run started.
    const decided = await call('stories.members', { filterType: 'tweets', id: storyId });
    expect(decided.story).toMatchObject({ decision: 'eliminate', decidedBy: 'reviewer1' });

    // A copy arriving afterwards takes the decision, and its history says where it came from.
    const [copy] = await server!.context.db.query<{ id: string }>(
      `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time, selected)
       VALUES ('late-copy', 'late_reader', 'x', 'https://x.com/late', $1, '2026-11-26T11:00:00Z', '2026-11-26T11:00:00Z', true)
       RETURNING id::text`,
      [`RT @quillon: ${text}`],
    );
    await groupAllArrivals(server!.context.db);
    const history = await call('insight.history', { filterType: 'tweets', id: Number(copy!.id) });
    expect(history.at(-1)).toMatchObject({
      source: 'story',
      actor: 'reviewer1',
      story: { id: storyId },
    });

    // Undo: the members back as they were, and the story's decision taken back.
    const undo = await call('runs.undo', { id: prepared.id });
    await settled(undo.id, (run) => run.status === 'done');
    expect((await stateOf(ids)).every((r) => r.selected)).toBe(true);
    await vi.waitFor(async () => {
      const now = await call('stories.members', { filterType: 'tweets', id: storyId });
      expect(now.story.decision).toBeNull();
    });
  });

  it('refuses a story another person changed since it was shown, and starts nothing on it', async () => {
    const { core, call } = await coreOn(server!.url, 'reviewer1');
    const { call: other } = await coreOn(server!.url, 'reviewer2');
    const { storyId, ids } = await storyOf(3, 'changed');
    const { story } = await call('stories.members', { filterType: 'tweets', id: storyId });
    const refusal = {
      ok: false,
      error: { status: 409, code: 'STORY_CHANGED', message: storyChangedText(storyId) },
    };
    // Prepared as shown, then reviewer2 turns its inheritance off: the start is refused.
    const prepared = await call('runs.prepare', {
      filterType: 'tweets',
      action: 'select',
      scope: { kind: 'story', storyId, version: story.version },
    });
    await other('stories.inherit', {
      filterType: 'tweets',
      id: storyId,
      inherit: false,
      version: story.version,
    });
    expect(await core.dispatch('runs.start', { id: prepared.id })).toEqual(refusal);
    // And a story shown before that change is refused as it is prepared.
    expect(
      await core.dispatch('runs.prepare', {
        filterType: 'tweets',
        action: 'select',
        scope: { kind: 'story', storyId, version: story.version },
      }),
    ).toEqual(refusal);
    expect((await stateOf(ids)).every((r) => !r.manually_changed)).toBe(true);
    const now = await call('stories.members', { filterType: 'tweets', id: storyId });
    expect(now.story).toMatchObject({ decision: null, inherit: false });
  });

  it('takes back only its own decision on undo: a later one by another person stands', async () => {
    const { call, settled } = await coreOn(server!.url, 'reviewer1');
    const { call: other, settled: otherSettled } = await coreOn(server!.url, 'reviewer2');
    const { storyId } = await storyOf(2, 'stands');
    const shown = (await call('stories.members', { filterType: 'tweets', id: storyId })).story;
    const mine = await call('runs.prepare', {
      filterType: 'tweets',
      action: 'eliminate',
      scope: { kind: 'story', storyId, version: shown.version },
    });
    await settled(mine.id, (run) => run.status === 'ready');
    await call('runs.start', { id: mine.id });
    await settled(mine.id, (run) => run.status === 'done');
    // reviewer2 decides the story again, as it now is.
    const now = (await other('stories.members', { filterType: 'tweets', id: storyId })).story;
    const theirs = await other('runs.prepare', {
      filterType: 'tweets',
      action: 'select',
      scope: { kind: 'story', storyId, version: now.version },
    });
    await otherSettled(theirs.id, (run) => run.status === 'ready');
    await other('runs.start', { id: theirs.id });
    await otherSettled(theirs.id, (run) => run.status === 'done');
    const undo = await call('runs.undo', { id: mine.id });
    await settled(undo.id, (run) => run.status === 'done');
    const after = (await call('stories.members', { filterType: 'tweets', id: storyId })).story;
    expect(after).toMatchObject({ decision: 'select', decidedBy: 'reviewer2' });
  });

  it('splits a member off through its channel, and refuses one that is not a member', async () => {
    const { core, call } = await coreOn(server!.url, 'reviewer2');
    const { storyId, ids } = await storyOf(2, 'split');
    const refused = await core.dispatch('stories.split', {
      filterType: 'tweets',
      id: storyId,
      itemId: 1,
    });
    expect(refused).toMatchObject({ ok: false, error: { status: 409 } });
    const { from, to } = await call('stories.split', {
      filterType: 'tweets',
      id: storyId,
      itemId: ids[2]!,
    });
    expect(from.members).toBe(2);
    expect(to).toMatchObject({ leadId: ids[2], members: 1 });
  });
});

describe('stories against the spec provider', () => {
  it('are refused in core and nothing is sent', async () => {
    provider = await startSpecProvider();
    const { core } = await coreOn(provider.url, 'reviewer1');
    const refusal = {
      ok: false,
      error: { status: 404, code: 'NOT_OFFERED', message: STORIES_NOT_OFFERED },
    };
    expect(await core.dispatch('stories.members', { filterType: 'tweets', id: 1 })).toEqual(
      refusal,
    );
    expect(await core.dispatch('stories.ofItems', { filterType: 'news', ids: [1] })).toEqual(
      refusal,
    );
    expect(
      await core.dispatch('runs.prepare', {
        filterType: 'tweets',
        action: 'select',
        scope: { kind: 'story', storyId: 1, version: 0 },
      }),
    ).toEqual(refusal);
    const extensionPaths = provider.seen
      .map((request) => request.path)
      .filter((path) => path.startsWith('/dqc-extensions'));
    expect([...new Set(extensionPaths)]).toEqual(['/dqc-extensions/capabilities']);
  });
});
