import { describe, expect, it } from 'vitest';
import {
  chartBuckets,
  chartSummary,
  MAX_BUCKETS,
  quarterStart,
} from '../../../src/renderer/features/shift/shiftChartData';
import { durationText, paceText } from '../../../src/renderer/features/shift/shiftText';
import {
  breakText,
  currentStretch,
  stretchReached,
} from '../../../src/renderer/domain/shift/breakStretch';
import {
  activeMs,
  entryKind,
  periodFigures,
  shiftFigureText,
  shiftStartOf,
  startOfLocalDay,
} from '../../../src/renderer/domain/shift/shiftFigures';
import type { JournalEntry } from '../../../src/shared/journal';

// Times are local (the buckets and "today" are local): the tests pass in any time zone.
const at = (h: number, m: number, s = 0, day = 1) => new Date(2024, 4, day, h, m, s).getTime();
const iso = (h: number, m: number, s = 0, day = 1) => new Date(at(h, m, s, day)).toISOString();

let seq = 0;
/** Entries as core writes them (decisions.ts, runManager.ts, journalWrite.ts). */
const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  seq: ++seq,
  at: iso(10, 0),
  channel: 'review.manualChange',
  call: 'PUT /twitter-service/manually-select',
  area: 'review',
  target: 'tweet 1',
  summary: 'tweetId=1, reviewedBy=reviewer1',
  before: { selected: false, reviewedBy: null },
  outcome: 'ok',
  status: 200,
  message: null,
  runId: null,
  ...over,
});

const select = (time: string, over: Partial<JournalEntry> = {}) => entry({ at: time, ...over });
const eliminate = (time: string, over: Partial<JournalEntry> = {}) =>
  entry({ at: time, call: 'PUT /twitter-service/manually-eliminate', ...over });

describe('entryKind: what a journal entry was, from how core records it', () => {
  it('kept: a card\'s Select and a bulk select run ("PUT …/manually-select")', () => {
    expect(entryKind(entry({}))).toBe('kept');
    expect(
      entryKind(
        entry({
          channel: 'review.manualChange',
          call: 'PUT /news-service/manually-select',
          summary: 'manually-select',
          runId: 'run-1',
        }),
      ),
    ).toBe('kept');
  });

  it('eliminated: Eliminate, a bulk eliminate run and the keyword given as its reason', () => {
    expect(entryKind(eliminate(iso(10, 0)))).toBe('eliminated');
    expect(
      entryKind(
        entry({
          channel: 'review.addEliminatedKeyword',
          call: 'POST /twitter-service/add-eliminated-keyword-on-eliminated-tweet',
        }),
      ),
    ).toBe('eliminated');
    expect(
      entryKind(
        entry({
          channel: 'review.addEliminatedKeyword',
          call: 'POST /news-service/add-eliminated-keyword-on-eliminated-news',
        }),
      ),
    ).toBe('eliminated');
  });

  it('reviewed: Review on a card and a bulk reviewed run ("PUT …/{id}/reviewed")', () => {
    expect(
      entryKind(entry({ channel: 'review.reviewed', call: 'PUT /twitter-service/42/reviewed' })),
    ).toBe('reviewed');
    expect(
      entryKind(
        entry({
          channel: 'review.reviewed',
          call: 'PUT /news-service/7/reviewed',
          summary: 'reviewed',
          runId: 'run-2',
        }),
      ),
    ).toBe('reviewed');
  });

  it("keywordAdded: a card's Add Keyword and the keyword lists' add", () => {
    expect(
      entryKind(
        entry({ channel: 'review.manualChange', call: 'PUT /twitter-service/add-keyword' }),
      ),
    ).toBe('keywordAdded');
    expect(
      entryKind(
        entry({
          channel: 'review.addKeyword',
          call: 'POST /news-service/add-keyword',
          area: 'keywords',
          target: 'keyword bitcoin',
        }),
      ),
    ).toBe('keywordAdded');
  });

  it('referenceData: every other write, keyword changes and model runs included', () => {
    for (const other of [
      {
        channel: 'currencies.save',
        call: 'POST /configuration-service/dqc/save-currency',
        area: 'currencies',
      },
      {
        channel: 'markets.updateMarket',
        call: 'PUT /configuration-service/dqc/update-market',
        area: 'markets',
      },
      {
        channel: 'tags.deleteTag',
        call: 'DELETE /configuration-service/dqc/delete-tag-3',
        area: 'tags',
      },
      { channel: 'accounts.add', call: 'POST /twitter-service/add-account', area: 'accounts' },
      {
        channel: 'review.updateKeyword',
        call: 'POST /twitter-service/update-keyword',
        area: 'keywords',
      },
      {
        channel: 'review.deleteKeyword',
        call: 'DELETE /twitter-service/delete-keyword-4',
        area: 'keywords',
      },
      {
        channel: 'review.createModel',
        call: 'POST /nlp-service/create-tweet-model',
        area: 'model',
      },
    ] as const)
      expect(entryKind(entry(other))).toBe('referenceData');
  });

  it('undone: the undo of one decision or of a run is no decision', () => {
    expect(
      entryKind(
        entry({ call: 'PUT /twitter-service/manually-select', summary: 'manually-select (undo)' }),
      ),
    ).toBe('undone');
    expect(
      entryKind(
        eliminate(iso(10, 0), { summary: 'manually-eliminate (undo of a run)', runId: 'run-3' }),
      ),
    ).toBe('undone');
  });
});

describe('activeMs: active time leaves out idle gaps over two minutes', () => {
  it('adds a gap of 1:59 and of exactly 2:00, and leaves out one of 2:01 entirely', () => {
    const times = [at(9, 0, 0), at(9, 1, 59), at(9, 4, 0), at(9, 6, 1), at(9, 6, 31)];
    // Gaps: 1:59 (counted), 2:01 and 2:01 (left out), 0:30 (counted).
    expect(activeMs(times)).toBe((119 + 30) * 1000);
    expect(activeMs([at(9, 0), at(9, 2)])).toBe(120_000);
    expect(activeMs([at(9, 0, 0), at(9, 2, 1)])).toBe(0);
  });

  it('reads the times in order, and gives zero for one write', () => {
    expect(activeMs([at(9, 1), at(9, 0), at(9, 0, 30)])).toBe(60_000);
    expect(activeMs([at(9, 0)])).toBe(0);
    expect(activeMs([])).toBe(0);
  });
});

describe('periodFigures: this shift and today from one journal', () => {
  seq = 100;
  // Yesterday evening, then this morning: sign-in at 9:00, Start shift at 10:00.
  const journal: JournalEntry[] = [
    select(iso(22, 0, 0, 0)),
    select(iso(9, 5, 0)),
    eliminate(iso(9, 6, 0)),
    // 10:00 onwards: the shift after Start shift.
    select(iso(10, 0, 0)),
    select(iso(10, 1, 59)),
    eliminate(iso(10, 3, 58)), // 1:59 after the last
    entry({
      at: iso(10, 6, 0),
      channel: 'review.reviewed',
      call: 'PUT /twitter-service/9/reviewed',
    }), // 2:02: idle
    entry({
      at: iso(10, 7, 0),
      channel: 'review.reviewed',
      call: 'PUT /twitter-service/8/reviewed',
    }),
    entry({
      at: iso(10, 7, 30),
      channel: 'review.addKeyword',
      call: 'POST /twitter-service/add-keyword',
      area: 'keywords',
    }),
    entry({
      at: iso(10, 8, 0),
      channel: 'currencies.save',
      call: 'POST /configuration-service/dqc/save-currency',
      area: 'currencies',
    }),
    eliminate(iso(10, 8, 30), { outcome: 'failed', status: 503, message: 'down' }),
    eliminate(iso(10, 8, 40), { outcome: 'skipped', status: null, runId: 'run-1' }),
    select(iso(10, 9, 0), { summary: 'manually-select (undo)' }),
  ];

  it('counts decisions by kind since the shift began; failed, skipped and undone apart', () => {
    const shift = periodFigures(journal, at(10, 0));
    expect(shift.byKind).toEqual({
      kept: 2,
      eliminated: 1,
      reviewed: 2,
      keywordAdded: 1,
      referenceData: 1,
    });
    expect(shift.decisions).toBe(7);
    expect(shift).toMatchObject({ undone: 1, failed: 1, skipped: 1 });
    // 10:00 → 10:03:58 (1:59 + 1:59), 10:03:58 → 10:06 left out (2:02), 10:06 → 10:09 (3 min).
    expect(shift.activeMs).toBe((119 + 119 + 180) * 1000);
    expect(shift.perHour).toBe(Math.round(7 / ((418 * 1000) / 3_600_000)));
  });

  it("counts today from local midnight, leaving out yesterday's writes", () => {
    const today = periodFigures(journal, startOfLocalDay(at(12, 0)));
    expect(today.byKind.kept).toBe(3);
    expect(today.byKind.eliminated).toBe(2);
    expect(today.decisions).toBe(9);
    // 9:05 → 9:06 (1 min) is active; 9:06 → 10:00 is a pause.
    expect(today.activeMs).toBe((60 + 418) * 1000);
  });

  it('gives no pace under a minute of active time, and zeros with no writes', () => {
    expect(periodFigures([select(iso(11, 0)), select(iso(11, 0, 30))], at(11, 0)).perHour).toBe(
      null,
    );
    expect(periodFigures([], at(0, 0))).toEqual({
      byKind: { kept: 0, eliminated: 0, reviewed: 0, keywordAdded: 0, referenceData: 0 },
      decisions: 0,
      undone: 0,
      failed: 0,
      skipped: 0,
      activeMs: 0,
      perHour: null,
    });
  });

  it("starts the shift at Start shift's time, else at sign-in", () => {
    expect(shiftStartOf(iso(10, 0), iso(9, 0))).toBe(at(10, 0));
    expect(shiftStartOf(null, iso(9, 0))).toBe(at(9, 0));
    expect(shiftStartOf(null, null)).toBe(null);
  });
});

describe('chartBuckets: the data handed to the chart, items per local quarter hour', () => {
  it('counts decisions done per quarter, from the first to now, empty quarters as 0', () => {
    seq = 200;
    const entries = [
      select(iso(9, 50)), // before the period
      select(iso(10, 0, 0)),
      eliminate(iso(10, 14, 59)),
      select(iso(10, 15, 0)),
      eliminate(iso(10, 50)),
      eliminate(iso(10, 51), { outcome: 'failed', status: 500 }),
      select(iso(10, 52), { summary: 'manually-select (undo)' }),
    ];
    const data = chartBuckets(entries, at(10, 0), at(11, 2));
    expect(data).toEqual([
      { start: iso(10, 0), time: '10:00', items: 2 },
      { start: iso(10, 15), time: '10:15', items: 1 },
      { start: iso(10, 30), time: '10:30', items: 0 },
      { start: iso(10, 45), time: '10:45', items: 1 },
      { start: iso(11, 0), time: '11:00', items: 0 },
    ]);
    expect(chartSummary(data)).toBe(
      '4 items in 5 quarter hours from 10:00 to 11:00; the busiest, 10:00, had 2.',
    );
  });

  it('aligns buckets to the quarter hour, and shows the date when the chart spans two days', () => {
    expect(quarterStart(at(10, 44, 59))).toBe(at(10, 30));
    expect(quarterStart(at(10, 45))).toBe(at(10, 45));
    const data = chartBuckets([select(iso(23, 50, 0, 1))], 0, at(0, 10, 0, 2));
    expect(data.map((bucket) => bucket.time)).toEqual(['05-01 23:45', '05-02 00:00']);
  });

  it('is empty before the first decision, and shows at most a day of quarters', () => {
    expect(chartBuckets([], 0, at(12, 0))).toEqual([]);
    expect(chartSummary([])).toBe('No decisions in this period yet.');
    expect(chartSummary([{ start: iso(9, 0), time: '09:00', items: 1 }])).toBe(
      '1 item in 1 quarter hour from 09:00 to 09:00; the busiest, 09:00, had 1.',
    );
    const long = chartBuckets([select(iso(0, 0, 0, 1))], 0, at(12, 0, 0, 3));
    expect(long).toHaveLength(MAX_BUCKETS);
    expect(long.at(-1)!.start).toBe(iso(12, 0, 0, 3));
  });
});

describe('the break stretch: continuous work with no pause of five minutes or more', () => {
  it('continues over a pause of 4:59, starts again after one of 5:00, and leaves run writes out', () => {
    seq = 300;
    const entries = [
      select(iso(9, 0)),
      select(iso(9, 4, 59)),
      select(iso(9, 9, 59)), // 5:00 later: a new stretch
      select(iso(9, 14, 58)),
      select(iso(9, 20), { runId: 'run-1' }), // a run's write: not the user's work
    ];
    const stretch = currentStretch(entries)!;
    expect(stretch).toEqual({ startSeq: 303, startAt: at(9, 9, 59), lastAt: at(9, 14, 58) });
    expect(stretchReached(stretch, 10)).toBe(false);
    expect(stretchReached({ ...stretch, lastAt: at(9, 19, 59) }, 10)).toBe(true);
    expect(currentStretch([])).toBe(null);
    expect(breakText(45)).toBe('Time for a break: you have worked 45 minutes without one.');
  });
});

describe('the texts', () => {
  it("says the top bar's figure and its accessible name", () => {
    expect(shiftFigureText({ decisions: 124, perHour: 310 })).toEqual({
      text: 'Shift 124 · 310/h',
      label: 'Shift: 124 decisions, 310 an hour',
    });
    expect(shiftFigureText({ decisions: 1, perHour: null })).toEqual({
      text: 'Shift 1',
      label: 'Shift: 1 decision',
    });
  });

  it('says durations and paces', () => {
    expect(durationText(59_000)).toBe('under a minute');
    expect(durationText(12 * 60_000)).toBe('12 min');
    expect(durationText(72 * 60_000)).toBe('1 h 12 min');
    expect(durationText(120 * 60_000)).toBe('2 h');
    expect(paceText(null)).toBe('Not enough activity yet');
    expect(paceText(310)).toBe('310 an hour');
  });
});
