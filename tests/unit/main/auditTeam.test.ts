import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src/main/core/createCore';
import type { BridgeChannel, PayloadOf } from '../../../src/shared/bridge';
import { resultSchemaOf } from '../../../src/shared/bridge';
import { BLIND_CARD_KEYS, type BlindCard } from '../../../src/shared/quality/blindCard';
import { SETTLE_CODES } from '../../../src/shared/quality/teamAuditChannels';
import { callerOf, coreFor, signedIn } from '../../support/coreBackends';
import { startSpecProvider } from '../../support/specProvider';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The audit channels in core against our server's team sample (the audit extension): the same
 * channels the screens send to any provider, answered from the team's sample. Three signed-in
 * cores share one server: a draw, blind cards, answers sent as ordinary decisions and recorded
 * once, the answers grouped by sample with each sample's sizes, and a disagreement settled by a
 * third reviewer and journalled. Against the spec provider the user's own sample answers.
 */

vi.setConfig({ testTimeout: 90_000 });

/** The seeded demo data's window, as the server's own audit suite draws it. */
const WINDOW = { from: '2025-03-01T06:30', to: '2025-09-30T18:00' };
/** Two items a stratum; the server's default share (10%) gives one item to two reviewers. */
const SIZE = 8;

let server: TestServer | undefined;
const cores: Core[] = [];

beforeAll(async () => {
  server = await startTestServer('pglite');
}, 90_000);

afterAll(async () => {
  for (const core of cores.splice(0)) {
    core.runs.halt();
    await core.journals.closeAll();
  }
  await server?.close();
});

async function reviewer(name: string, url = server!.url) {
  const core = await signedIn(coreFor(url), name);
  cores.push(core);
  const refusal = async <C extends BridgeChannel>(channel: C, payload?: PayloadOf<C>) => {
    const envelope = await core.dispatch(channel, payload);
    if (envelope.ok) throw new Error(`${channel} was not refused`);
    return envelope.error;
  };
  return { core, call: callerOf(core), refusal };
}

type Reviewer = Awaited<ReturnType<typeof reviewer>>;

const selectedOf = async (card: BlindCard) => {
  const table = card.source === 'tweets' ? 'tweets' : 'news';
  const [row] = await server!.context.db.query<{ selected: boolean }>(
    `SELECT selected FROM ${table} WHERE id = $1`,
    [card.itemId],
  );
  return row!.selected;
};

describe("the audit channels against our server's team sample", () => {
  let r1: Reviewer;
  let r2: Reviewer;
  let r3: Reviewer;
  let firstSampleId = '';
  /** What reviewer1 answered on each item, by source and data id. */
  const keptBy1 = new Map<string, boolean>();

  beforeAll(async () => {
    [r1, r2, r3] = [
      await reviewer('reviewer1'),
      await reviewer('reviewer2'),
      await reviewer('reviewer3'),
    ];
  });

  it('draws the team sample and serves blind cards', async () => {
    const started = await r1.call('audit.start', { ...WINDOW, size: SIZE });
    expect(resultSchemaOf('audit.start')!.safeParse(started).success).toBe(true);
    expect(started.source).toBe('team');
    const sample = started.sample!;
    firstSampleId = sample.id;
    expect(sample).toMatchObject({ size: SIZE, drawn: SIZE, answered: 0, emptyStrata: [] });
    expect(sample.strata.map((s) => s.drawn)).toEqual([2, 2, 2, 2]);
    expect(sample.strata.every((s) => s.population > 2)).toBe(true);
    // Another core sees the same team sample.
    expect((await r2.call('audit.current')).sample?.id).toBe(sample.id);

    const card = (await r1.call('audit.next'))!;
    expect(Object.keys(card).sort()).toEqual([...BLIND_CARD_KEYS].sort());
    const text = JSON.stringify(card);
    for (const hidden of ['selected', 'nlpDecisionRatio', 'eliminatedKeyword', 'version'])
      expect(text).not.toContain(hidden);
    // Asked again before answering: the same card back.
    expect(await r1.call('audit.next')).toEqual(card);
  });

  it('sends each answer as an ordinary decision, records it once, and reveals both sides', async () => {
    const card = (await r1.call('audit.next'))!;
    const keep = !(await selectedOf(card));
    const reveal = await r1.call('audit.answer', {
      source: card.source,
      itemId: card.itemId,
      keep,
    });
    keptBy1.set(`${card.source}:${card.itemId}`, keep);
    expect(reveal.answer).toMatchObject({ itemId: card.itemId, answerKept: keep });
    expect(reveal.answer.reviewer).toBe('reviewer1');
    expect(reveal).toMatchObject({ classifierKept: !keep, agreed: false });
    expect(reveal.decision.sent).toBe(true);
    // It flipped the item: sent, journalled and offered for undo as a card's decision.
    expect(reveal.decision.undoId).not.toBeNull();
    expect(await selectedOf(card)).toBe(keep);
    const journal = await r1.call('journal.list', {});
    expect(journal.entries.map((e) => e.channel)).toEqual(['review.manualChange']);
    expect(reveal.progress.sample!.answered).toBe(1);
    expect(reveal.progress.answeredToday).toBe(1);

    // Answered twice: refused, nothing sent again, counted once.
    const twice = await r1.refusal('audit.answer', {
      source: card.source,
      itemId: card.itemId,
      keep: !keep,
    });
    expect(twice).toMatchObject({ status: 409, code: 'ALREADY_ANSWERED' });
    expect((await r1.call('journal.list', {})).total).toBe(1);
    const current = (await r1.call('audit.answers')).current!;
    expect(current.answers.filter((a) => a.itemId === card.itemId)).toHaveLength(1);

    // The rest of the sample: reviewer1 keeps every item.
    for (let next = await r1.call('audit.next'); next; next = await r1.call('audit.next')) {
      await r1.call('audit.answer', { source: next.source, itemId: next.itemId, keep: true });
      keptBy1.set(`${next.source}:${next.itemId}`, true);
    }
    expect(keptBy1.size).toBe(SIZE);
    expect((await r1.call('audit.current')).sample!.answered).toBe(SIZE);
  });

  it('gives the doubled item to a second reviewer and lists the disagreement for a third', async () => {
    const card = (await r2.call('audit.next'))!;
    const first = keptBy1.get(`${card.source}:${card.itemId}`);
    expect(first).toBeDefined();
    await r2.call('audit.answer', { source: card.source, itemId: card.itemId, keep: !first });
    expect(await r2.call('audit.next')).toBeNull();

    const listed = await r3.call('audit.disagreements');
    expect(resultSchemaOf('audit.disagreements')!.safeParse(listed).success).toBe(true);
    expect(listed.offered).toBe(true);
    expect(listed.disagreements).toHaveLength(1);
    // The team's figures come from the team's answers: the pair that answered the doubled item
    // has one item in common, on which they disagreed.
    const estimates = await r3.call('audit.estimates');
    expect(estimates.scope).toBe('team');
    expect(estimates.agreement.pairs).toEqual([
      expect.objectContaining({ items: 1, agreement: 0 }),
    ]);
    const found = listed.disagreements[0]!;
    expect(found).toMatchObject({ source: card.source, itemId: card.itemId });
    expect(found.card.message).toBe(card.message);
    expect(found.answers.map((a) => [a.reviewer, a.answerKept])).toEqual([
      ['reviewer1', first],
      ['reviewer2', !first],
    ]);

    // One who answered it may not settle it; a stale version is refused; nothing written.
    const own = await r1.refusal('audit.settle', {
      sampleItemId: found.sampleItemId,
      decision: 'keep',
      version: found.version,
    });
    expect(own).toMatchObject({ status: 403, code: SETTLE_CODES.ownAnswer });
    const stale = await r3.refusal('audit.settle', {
      sampleItemId: found.sampleItemId,
      decision: 'keep',
      version: found.version + 1,
    });
    expect(stale).toMatchObject({ status: 412, code: SETTLE_CODES.changed });
    expect(stale.message).toContain('Reload the disagreements');

    const settled = await r3.call('audit.settle', {
      sampleItemId: found.sampleItemId,
      decision: 'eliminate',
      version: found.version,
    });
    expect(settled).toMatchObject({
      source: card.source,
      itemId: card.itemId,
      finalKept: false,
      settledBy: 'reviewer3',
    });
    expect(await selectedOf(card)).toBe(false);
    // Journalled in the settler's journal, naming the item and the final decision.
    const journal = await r3.call('journal.list', {});
    const entry = journal.entries.find((e) => e.channel === 'audit.settle' && e.outcome === 'ok')!;
    expect(entry.target).toBe(`${card.source === 'tweets' ? 'tweet' : 'news'} ${card.itemId}`);
    expect(entry.summary).toContain('eliminate');

    const again = await r3.refusal('audit.settle', {
      sampleItemId: found.sampleItemId,
      decision: 'keep',
      version: settled.version,
    });
    expect(again).toMatchObject({ status: 409, code: SETTLE_CODES.notOpen });
    expect((await r3.call('audit.disagreements')).disagreements).toEqual([]);
  });

  it("refuses an empty window as the own sample does, with the server's sentence", async () => {
    const before = (await r1.call('audit.current')).sample!.id;
    const empty = await r1.refusal('audit.start', {
      from: '2031-01-01T00:00',
      to: '2031-01-02T00:00',
    });
    expect(empty).toMatchObject({ status: 409, code: 'AUDIT_EMPTY_WINDOW' });
    expect(empty.message).toMatch(/no sample was drawn/);
    expect((await r1.call('audit.current')).sample!.id).toBe(before);
  });

  it("groups the team's answers by sample, each with its own strata's sizes", async () => {
    const before = (await r1.call('audit.current')).sample!;
    await r1.call('audit.start', { ...WINDOW, size: 4 });
    const sets = await r1.call('audit.answers');
    expect(resultSchemaOf('audit.answers')!.safeParse(sets).success).toBe(true);
    expect(sets.current!.answers).toEqual([]);
    expect(sets.current!.sampleId).not.toBe(firstSampleId);
    const earlier = sets.earlier.find((set) => set.sampleId === firstSampleId)!;
    // Every answer of the first sample, reviewer2's on the doubled item too.
    expect(earlier.answers).toHaveLength(SIZE + 1);
    expect(earlier.sizes).toEqual(
      Object.fromEntries(before.strata.map((s) => [s.key, s.population])),
    );
  });
});

describe('the audit channels against a provider without the audit extension', () => {
  it("answer from the user's own sample; no disagreements offered, no settlement sent", async () => {
    const provider = await startSpecProvider();
    try {
      const own = await reviewer('reviewer1', provider.url);
      const started = await own.call('audit.start', {
        from: '2024-01-01T00:00',
        to: '2024-01-08T00:00',
        size: 4,
      });
      expect(started.source).toBe('own');
      expect(await own.call('audit.disagreements')).toEqual({
        offered: false,
        disagreements: [],
      });
      const refused = await own.refusal('audit.settle', {
        sampleItemId: 1,
        decision: 'keep',
        version: 0,
      });
      expect(refused).toMatchObject({ status: 404, code: 'NOT_OFFERED' });
      expect(provider.seen.some((r) => r.path.includes('/dqc-extensions/audit'))).toBe(false);
    } finally {
      await provider.close();
    }
  });
});
