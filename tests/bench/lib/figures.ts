/**
 * What every benchmark scenario reports: a figure measured side by side with its floor in the
 * same run (so that a noisy machine moves both and not the verdict), the statistic a target is
 * judged on, and the target. Scenarios produce figures; report.ts prints and stores them.
 */
export type Unit =
  | 'ms'
  | 's'
  | 'MB'
  | 'KiB'
  | 'calls'
  | 'actions'
  | 'errors'
  | 'items'
  | 'decisions'
  | 'items/s'
  /** A share between 0 and 1: a precision, a recall. */
  | 'share';

/** A summary of samples; one sample gives p50 = p95 = max. */
export interface Spread {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * How a figure meets its target:
 * - `p50` / `p95`: the figure's own percentile;
 * - `p50 ratio` / `p95 ratio`: figure over floor (the API over raw SQL, the bridge over a fetch);
 * - `p50 beyond floor` / `p95 beyond floor`: figure minus floor (a screen beyond the server's own
 *   time, heap at the end beyond the heap at the start).
 */
export type Judge =
  'p50' | 'p95' | 'p50 ratio' | 'p95 ratio' | 'p50 beyond floor' | 'p95 beyond floor';

export interface Figure {
  /** The scenario's name, as `npm run bench -- <name>` takes it. */
  scenario: string;
  /** What a user would call it: "Filter click to 20 cards painted". */
  name: string;
  unit: Unit;
  value: Spread;
  /** The least the same work can cost, measured in the same run; null where none applies. */
  floor: { name: string; value: Spread } | null;
  judge: Judge;
  /** Upper limit of the judged number (lower with `atLeast`); null: reported, not judged. */
  target: number | null;
  /** The target is the least the judged number may be: a throughput, a precision. */
  atLeast?: true;
  note?: string;
}

export type Verdict = 'met' | 'missed' | 'reported';

export interface JudgedFigure extends Figure {
  /** The number compared with the target (a ratio has no unit). */
  judged: number;
  verdict: Verdict;
}

export function spread(samples: readonly number[]): Spread {
  if (samples.length === 0) throw new Error('A figure needs at least one sample.');
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest rank: the p-th percentile is the smallest sample with at least p of them at or below.
  const at = (q: number) => sorted[Math.min(sorted.length, Math.ceil(q * sorted.length)) - 1]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

export function judgedNumber(figure: Figure): number {
  const { value, floor, judge } = figure;
  const stat = judge.startsWith('p95') ? 'p95' : 'p50';
  if (judge === 'p50' || judge === 'p95') return value[stat];
  if (!floor) throw new Error(`"${figure.name}" is judged against a floor it does not have.`);
  if (judge.endsWith('ratio'))
    return floor.value[stat] === 0 ? Infinity : value[stat] / floor.value[stat];
  return value[stat] - floor.value[stat];
}

export function judge(figure: Figure): JudgedFigure {
  const judged = judgedNumber(figure);
  const within =
    figure.target === null
      ? null
      : figure.atLeast
        ? judged >= figure.target
        : judged <= figure.target;
  const verdict: Verdict = within === null ? 'reported' : within ? 'met' : 'missed';
  return { ...figure, judged, verdict };
}
