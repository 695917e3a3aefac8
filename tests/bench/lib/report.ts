import { cpus, totalmem } from 'node:os';
import { judge, type JudgedFigure, type Spread } from './figures';
import type { ScenarioResult } from './scenario';

/** bench/results/latest.json: the machine, the run, every figure with its verdict. */
export interface BenchReport {
  startedAt: string;
  durationSeconds: number;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  /** The settings that change what is measured (BENCH_TWEETS…), as this run had them. */
  settings: Record<string, string>;
  figures: JudgedFigure[];
  /** Scenarios that did not produce figures, with the reason. */
  failed: { scenario: string; reason: string }[];
  notes: { scenario: string; note: string }[];
}

export function machineOf(): BenchReport['machine'] {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export function buildReport(
  results: ScenarioResult[],
  failed: BenchReport['failed'],
  run: Pick<BenchReport, 'startedAt' | 'durationSeconds' | 'machine' | 'settings'>,
): BenchReport {
  return {
    ...run,
    figures: results.flatMap((r) => r.figures.map(judge)),
    failed,
    notes: results.flatMap((r) => r.notes.map((note) => ({ scenario: r.scenario, note }))),
  };
}

/** A share (a precision) in four places, where 0.98 and 0.975 must not both read 0.98. */
const number = (value: number, unit = '') =>
  unit === 'share'
    ? value.toFixed(4)
    : !Number.isFinite(value)
      ? String(value)
      : Math.abs(value) >= 100
        ? value.toFixed(0)
        : Math.abs(value) >= 10
          ? value.toFixed(1)
          : value.toFixed(2);

const withUnit = (value: number, unit: string) => `${number(value, unit)} ${unit}`;
const pair = (s: Spread, unit: string) =>
  s.n === 1 ? withUnit(s.p50, unit) : `${number(s.p50, unit)} / ${withUnit(s.p95, unit)}`;

/** The judged number as the target reads: "1.32x", "+41 ms", "18.5 ms". */
function judgedText(f: JudgedFigure): string {
  if (f.judge.endsWith('ratio')) return `${number(f.judged)}x (${f.judge})`;
  if (f.judge.endsWith('beyond floor'))
    return `${f.judged >= 0 ? '+' : ''}${withUnit(f.judged, f.unit)} (${f.judge})`;
  return `${withUnit(f.judged, f.unit)} (${f.judge})`;
}

function targetText(f: JudgedFigure): string {
  if (f.target === null) return '-';
  const bound = f.atLeast ? '>=' : '<=';
  return f.judge.endsWith('ratio')
    ? `${bound} ${f.target}x`
    : `${bound} ${withUnit(f.target, f.unit)}`;
}

const VERDICT_TEXT = { met: 'met', missed: 'MISSED', reported: 'reported' } as const;

/** One row per figure: what it is, p50 / p95, its floor, the judged number, target, verdict. */
export function tableRows(report: BenchReport): string[][] {
  return report.figures.map((f) => [
    f.scenario,
    f.name,
    pair(f.value, f.unit),
    f.floor ? `${f.floor.name}: ${pair(f.floor.value, f.unit)}` : '-',
    judgedText(f),
    targetText(f),
    VERDICT_TEXT[f.verdict],
  ]);
}

const HEADER = [
  'Scenario',
  'Figure',
  'p50 / p95',
  'Floor (p50 / p95)',
  'Judged',
  'Target',
  'Verdict',
];

/** The table for a terminal: aligned columns. */
export function textTable(report: BenchReport): string {
  const rows = [HEADER, ...tableRows(report)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');

/**
 * bench/results/latest.md, the only place the figures are written (docs/performance.md, Reading the
 * results).
 */
export function markdownReport(report: BenchReport, command: string): string {
  const { machine } = report;
  const rows = tableRows(report).map((r) => `| ${r.map(escapeCell).join(' | ')} |`);
  const missed = report.figures.filter((f) => f.verdict === 'missed');
  const met = report.figures.filter((f) => f.verdict === 'met').length;
  const judged = met + missed.length;
  const settings = Object.entries(report.settings)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return [
    `# Benchmark figures`,
    '',
    `\`${command}\` on ${report.startedAt.slice(0, 10)}: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}; ${settings || 'default settings'}; ${Math.round(report.durationSeconds)} s in all.`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows,
    '',
    `${met} of ${judged} judged figures met their target${missed.length ? `; missed: ${missed.map((f) => `${f.scenario} › ${f.name}`).join('; ')}` : ''}.`,
    ...(report.failed.length
      ? ['', '## Did not run', '', ...report.failed.map((f) => `- ${f.scenario}: ${f.reason}`)]
      : []),
    ...(report.notes.length
      ? ['', '## Notes', '', ...report.notes.map((n) => `- ${n.scenario}: ${n.note}`)]
      : []),
    '',
  ].join('\n');
}
