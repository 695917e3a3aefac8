import { describe, expect, it } from 'vitest';
import { judge, spread, type Figure } from '../../bench/lib/figures';
import { buildReport, markdownReport, textTable } from '../../bench/lib/report';
import { parseScenarioNames, runScenarios, SCENARIOS } from '../../bench/lib/runner';

const run = {
  startedAt: '2026-11-23T12:00:00.000Z',
  durationSeconds: 42,
  machine: {
    cpus: 2,
    cpuModel: 'Test CPU',
    memoryGiB: 24,
    node: 'v20.20.2',
    platform: 'linux x64',
  },
  settings: { BENCH_TWEETS: '1000000' },
};

const figure = (overrides: Partial<Figure>): Figure => ({
  scenario: 'review',
  name: 'Filter (API)',
  unit: 'ms',
  value: spread([10, 12, 14]),
  floor: { name: 'raw SQL', value: spread([8, 9, 10]) },
  judge: 'p95',
  target: 25,
  ...overrides,
});

describe('spread', () => {
  it('gives nearest-rank percentiles of unsorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100…1
    expect(spread(samples)).toEqual({ n: 100, p50: 50, p95: 95, max: 100 });
    expect(spread([7])).toEqual({ n: 1, p50: 7, p95: 7, max: 7 });
  });

  it('refuses no samples rather than report a made-up figure', () => {
    expect(() => spread([])).toThrow(/at least one sample/);
  });
});

describe('judge', () => {
  it('compares the chosen statistic with the target', () => {
    expect(judge(figure({ judge: 'p95', target: 25 }))).toMatchObject({
      judged: 14,
      verdict: 'met',
    });
    expect(judge(figure({ judge: 'p95', target: 13 }))).toMatchObject({
      judged: 14,
      verdict: 'missed',
    });
    expect(judge(figure({ judge: 'p50', target: 11 }))).toMatchObject({
      judged: 12,
      verdict: 'missed',
    });
  });

  it('judges a throughput or a precision as the least it may be', () => {
    expect(judge(figure({ judge: 'p50', target: 10, atLeast: true }))).toMatchObject({
      judged: 12,
      verdict: 'met',
    });
    expect(judge(figure({ judge: 'p50', target: 13, atLeast: true })).verdict).toBe('missed');
    expect(judge(figure({ judge: 'p50', target: 12, atLeast: true })).verdict).toBe('met');
    const text = textTable(
      buildReport(
        [
          {
            scenario: 'stories',
            notes: [],
            figures: [
              figure({
                name: 'Grouping',
                unit: 'items/s',
                value: spread([1500]),
                floor: null,
                judge: 'p50',
                target: 1000,
                atLeast: true,
              }),
            ],
          },
        ],
        [],
        run,
      ),
    );
    expect(text).toMatch(/Grouping\s+1500 items\/s.*>= 1000 items\/s\s+met/);
  });

  it('judges ratios and differences against the floor of the same run', () => {
    expect(judge(figure({ judge: 'p95 ratio', target: 1.5 })).judged).toBeCloseTo(1.4);
    expect(judge(figure({ judge: 'p95 ratio', target: 1.3 })).verdict).toBe('missed');
    expect(judge(figure({ judge: 'p50 beyond floor', target: 3 }))).toMatchObject({
      judged: 3,
      verdict: 'met',
    });
    expect(judge(figure({ judge: 'p95 beyond floor', target: 3 }))).toMatchObject({
      judged: 4,
      verdict: 'missed',
    });
  });

  it('reports a figure without a target, and refuses a floor judgement without a floor', () => {
    expect(judge(figure({ target: null })).verdict).toBe('reported');
    expect(() => judge(figure({ floor: null, judge: 'p50 ratio' }))).toThrow(/floor/);
  });
});

describe('report', () => {
  const report = buildReport(
    [
      {
        scenario: 'review',
        figures: [figure({}), figure({ name: 'Count (API)', judge: 'p95 ratio', target: 1.2 })],
        notes: ['10M needs BENCH_TWEETS=10000000'],
      },
      {
        scenario: 'long-shift',
        figures: [
          figure({
            scenario: 'long-shift',
            name: 'JS heap after GC',
            unit: 'MB',
            value: spread([31.5]),
            floor: { name: 'after warm-up', value: spread([30]) },
            judge: 'p50 beyond floor',
            target: 10,
          }),
        ],
        notes: [],
      },
    ],
    [{ scenario: 'bridge', reason: 'exited with code 1: no Chromium' }],
    run,
  );

  it('prints every figure with its floor, judged number, target and verdict', () => {
    const text = textTable(report);
    expect(text).toMatch(
      /review\s+Filter \(API\)\s+12\.0 \/ 14\.0 ms\s+raw SQL: 9\.00 \/ 10\.0 ms\s+14\.0 ms \(p95\)\s+<= 25\.0 ms\s+met/,
    );
    expect(text).toMatch(/Count \(API\).*1\.40x \(p95 ratio\)\s+<= 1\.2x\s+MISSED/);
    expect(text).toMatch(
      /JS heap after GC\s+31\.5 MB\s+after warm-up: 30\.0 MB\s+\+1\.50 MB \(p50 beyond floor\)\s+<= 10\.0 MB\s+met/,
    );
  });

  it('writes the markdown with the command, machine, counts, failures and notes', () => {
    const md = markdownReport(report, 'npm run bench');
    expect(md).toContain('`npm run bench` on 2026-11-23: 2 cores (Test CPU), 24 GiB');
    expect(md).toContain('BENCH_TWEETS=1000000');
    expect(md).toContain('| review | Filter (API) | 12.0 / 14.0 ms | raw SQL: 9.00 / 10.0 ms |');
    expect(md).toContain('2 of 3 judged figures met their target; missed: review › Count (API).');
    expect(md).toContain('- bridge: exited with code 1: no Chromium');
    expect(md).toContain('- review: 10M needs BENCH_TWEETS=10000000');
  });
});

describe('runner', () => {
  it('keeps running after a scenario fails or throws, and says why each failed', async () => {
    const ran: string[] = [];
    const { results, failed } = await runScenarios(['core', 'review', 'bridge'], async (name) => {
      ran.push(name);
      if (name === 'review') return { ok: false, reason: 'exited with code 1' };
      if (name === 'bridge') throw new Error('spawn failed');
      return { ok: true, result: { scenario: name, figures: [], notes: [] } };
    });
    expect(ran).toEqual(['core', 'review', 'bridge']);
    expect(results.map((r) => r.scenario)).toEqual(['core']);
    expect(failed).toEqual([
      { scenario: 'review', reason: 'exited with code 1' },
      { scenario: 'bridge', reason: 'spawn failed' },
    ]);
  });

  it('runs every scenario by default, chosen ones in suite order, and refuses unknown names', () => {
    expect(parseScenarioNames([])).toEqual([...SCENARIOS]);
    expect(parseScenarioNames(['start-up', 'review'])).toEqual(['review', 'start-up']);
    expect(() => parseScenarioNames(['reviews'])).toThrow(/Unknown scenario reviews/);
  });
});
