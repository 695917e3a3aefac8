import { formatLocalTime } from '../../../src/renderer/ui/dates';
import { describe, expect, it } from 'vitest';
import {
  callName,
  changeText,
  mergeHistory,
  SAME_WRITE_WITHIN_MS,
  sourceText,
} from '../../../src/renderer/features/review/historyMerge';
import {
  modelRunTagText,
  withinOffered,
  withoutModelRun,
} from '../../../src/renderer/features/review/insightFilter';
import { weightText } from '../../../src/renderer/features/review/WordWeights';
import {
  DEFAULT_FILTER,
  type ReviewFilterValues,
} from '../../../src/renderer/domain/reviewFilter/reviewFilter';
import type { JournalEntry } from '../../../src/shared/journal';
import type { HistoryEntryView } from '../../../src/shared/responses/insight';

const ELIMINATE = 'PUT /twitter-service/manually-eliminate';
const SELECT = 'PUT /twitter-service/manually-select';

const state = (over: Partial<HistoryEntryView['before']> = {}): HistoryEntryView['before'] => ({
  selected: true,
  manuallyChanged: false,
  reviewedBy: null,
  eliminatedKeyword: null,
  nlpDecisionRatio: 0.62,
  ...over,
});

function serverEntry(over: Partial<HistoryEntryView>): HistoryEntryView {
  return {
    at: '2024-03-01T10:00:00.000Z',
    actor: 'reviewer1',
    call: ELIMINATE,
    source: 'single',
    bulkRunId: null,
    modelRunId: null,
    before: state(),
    after: state({ selected: false, manuallyChanged: true, reviewedBy: 'reviewer1' }),
    ...over,
  };
}

function journalEntry(over: Partial<JournalEntry>): JournalEntry {
  return {
    seq: 1,
    at: '2024-03-01T10:00:01.200Z',
    channel: 'review.decide',
    call: ELIMINATE,
    area: 'review',
    target: 'tweet 7',
    summary: 'manually-eliminate',
    before: null,
    outcome: 'ok',
    status: 200,
    message: null,
    runId: null,
    ...over,
  };
}

const at = (ms: number) => new Date(Date.parse('2024-03-01T10:00:00.000Z') + ms).toISOString();

describe("a card's merged history (item-history)", () => {
  it("shows a write in both once, marked as both; others' writes and failed ones alone", () => {
    const mine = serverEntry({});
    const someoneElse = serverEntry({ at: at(60_000), actor: 'reviewer2', call: SELECT });
    const model = serverEntry({
      at: at(120_000),
      actor: 'reviewer3',
      call: 'POST /nlp-service/create-tweet-model',
      source: 'model',
      modelRunId: 12,
    });
    const journalled = journalEntry({ seq: 4 });
    const refused = journalEntry({ seq: 5, at: at(30_000), outcome: 'failed', status: 409 });
    const rows = mergeHistory([mine, someoneElse, model], [refused, journalled], 'reviewer1');
    expect(rows.map((row) => [row.from, row.at])).toEqual([
      ['server', model.at],
      ['server', someoneElse.at],
      ['journal', refused.at],
      ['both', journalled.at],
    ]);
    const both = rows[3]!;
    expect(both.from === 'both' && both.server === mine && both.journal === journalled).toBe(true);
  });

  it('pairs only the same call, by the same user, within a few seconds', () => {
    const write = serverEntry({});
    const late = journalEntry({ at: at(SAME_WRITE_WITHIN_MS + 1) });
    expect(mergeHistory([write], [late], 'reviewer1').map((row) => row.from)).toEqual([
      'journal',
      'server',
    ]);
    const edge = journalEntry({ at: at(-SAME_WRITE_WITHIN_MS) });
    expect(mergeHistory([write], [edge], 'reviewer1').map((row) => row.from)).toEqual(['both']);
    expect(
      mergeHistory([write], [journalEntry({ call: SELECT })], 'reviewer1').map((r) => r.from),
    ).toEqual(['journal', 'server']);
    expect(mergeHistory([write], [journalEntry({})], 'reviewer2').map((r) => r.from)).toEqual([
      'journal',
      'server',
    ]);
    expect(mergeHistory([write], [journalEntry({})], null)).toHaveLength(2);
    // A skipped write reached no item.
    expect(
      mergeHistory([write], [journalEntry({ outcome: 'skipped' })], 'reviewer1').map((r) => r.from),
    ).toEqual(['journal', 'server']);
  });

  it('pairs each write once, with the nearest entry', () => {
    const first = serverEntry({ at: at(0) });
    const second = serverEntry({ at: at(3000) });
    const a = journalEntry({ seq: 1, at: at(2900) });
    const b = journalEntry({ seq: 2, at: at(200) });
    const rows = mergeHistory([first, second], [a, b], 'reviewer1');
    expect(rows.map((row) => row.from)).toEqual(['both', 'both']);
    expect(rows.map((row) => (row.from === 'both' ? [row.server, row.journal] : null))).toEqual([
      [second, a],
      [first, b],
    ]);
  });

  it('says what a write changed, only what moved', () => {
    const { before, after } = serverEntry({});
    expect(changeText(before, after)).toBe(
      'kept → eliminated; reviewed by none → reviewer1; manually changed no → yes',
    );
    expect(changeText(state(), state({ nlpDecisionRatio: 0.4801 }))).toBe('ratio 0.620 → 0.480');
    expect(changeText(state({ selected: false }), state({ eliminatedKeyword: 'scam' }))).toBe(
      'eliminated → kept; eliminated keyword none → scam',
    );
    expect(changeText(state(), state())).toBe('No change');
  });

  it('names where a write came from, and its call', () => {
    expect(sourceText(serverEntry({ source: 'model', modelRunId: 12 }))).toBe('Model run #12');
    expect(sourceText(serverEntry({ source: 'bulk', bulkRunId: 'a1b2c3d4-9999' }))).toBe(
      'Bulk run a1b2c3d4',
    );
    expect(sourceText(serverEntry({}))).toBe('Single write');
    // A decision a later copy took from its story (the stories extension), and from whom.
    const decidedAt = '2026-11-21T10:42:00.000Z';
    expect(
      sourceText(
        serverEntry({ source: 'story', actor: 'reviewer1', story: { id: 12, decidedAt } }),
      ),
    ).toBe(`From story 12, decided by reviewer1 at ${formatLocalTime(decidedAt)}`);
    expect(callName(ELIMINATE)).toBe('manually-eliminate');
  });
});

describe('the insight fields of the Review filter', () => {
  const asked: ReviewFilterValues = {
    ...DEFAULT_FILTER,
    sortBy: 'borderline',
    ratioFrom: 0.4,
    ratioTo: 0.6,
    modelRunId: 12,
    modelRunDirection: 'keptToEliminated',
    modelRunReviewed: 'false',
  };

  it('drops what the server does not offer, and keeps the same object when nothing goes', () => {
    expect(withinOffered(asked, { borderline: true, modelRuns: true })).toBe(asked);
    expect(withinOffered(asked, { borderline: false, modelRuns: true })).toEqual({
      ...asked,
      sortBy: 'desc',
      ratioFrom: null,
      ratioTo: null,
    });
    expect(withinOffered(asked, { borderline: true, modelRuns: false })).toEqual(
      withoutModelRun(asked),
    );
    const plain = { ...DEFAULT_FILTER, sortBy: 'asc' as const };
    expect(withinOffered(plain, { borderline: false, modelRuns: false })).toBe(plain);
  });

  it("says a model run's items as the tag shows them", () => {
    expect(modelRunTagText(asked)).toBe(
      'Changed by model run #12: kept → eliminated, not reviewed',
    );
    expect(
      modelRunTagText({
        ...asked,
        modelRunDirection: 'eliminatedToKept',
        modelRunReviewed: 'true',
      }),
    ).toBe('Changed by model run #12: eliminated → kept, reviewed');
    expect(modelRunTagText({ ...asked, modelRunDirection: null, modelRunReviewed: 'null' })).toBe(
      'Changed by model run #12',
    );
    expect(modelRunTagText(DEFAULT_FILTER)).toBeNull();
  });

  it("writes a word's weight with its sign", () => {
    expect(weightText(1.236)).toBe('+1.24');
    expect(weightText(-0.5)).toBe('−0.50');
  });
});
