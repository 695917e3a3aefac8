import { spread } from '../lib/figures';
import type { ActionResult, DecisionSplit } from './reviewActions';

/** One action of the shift as the bench saw it. */
export interface ShiftAction {
  /** Its number in the shift (warm-up included). */
  n: number;
  kind: string;
  /** When it started, seconds since the shift's first action. */
  atSeconds: number;
  /** Click to done as the bench process timed it (page.evaluate's round trip included). */
  tookMs: number;
  result: ActionResult;
}

const PARTS: (keyof DecisionSplit)[] = [
  'sent',
  'answered',
  'toast',
  'reloadSent',
  'reloadAnswered',
  'shown',
];

const ms = (value: number | null | undefined) => (value == null ? '-' : value.toFixed(0));

/**
 * The long shift's record of its actions: the decisions' splits (click to request sent, answered,
 * toast, reload sent, reload answered, card shown; reviewActions.ts) and each kind's time, click
 * to done. Decisions slower than `slowMs` are kept whole, with when they happened, so that a tail
 * can be laid beside what else happened then (a token refresh, a server pause).
 */
export class DecisionTimes {
  #splits: DecisionSplit[] = [];
  #slow: ShiftAction[] = [];
  #byKind = new Map<string, number[]>();

  constructor(private readonly slowMs: number) {}

  add(action: ShiftAction): void {
    const times = this.#byKind.get(action.kind) ?? [];
    times.push(action.tookMs);
    this.#byKind.set(action.kind, times);
    const { result } = action;
    if (!result.ok || !result.split) return;
    this.#splits.push(result.split);
    if (result.split.shown > this.slowMs) this.#slow.push(action);
  }

  /** Forgets the warm-up. */
  clear(): void {
    this.#splits = [];
    this.#slow = [];
    this.#byKind.clear();
  }

  /** Click to the changed card shown, per decision. */
  shown(): number[] {
    return this.#splits.map((s) => s.shown);
  }

  /** Each part's p50 / p95 from the click, for the figure's note. */
  splitNote(): string {
    if (this.#splits.length === 0) return 'no decision succeeded';
    const parts = PARTS.map((part) => {
      const values = this.#splits.map((s) => s[part]).filter((v): v is number => v !== null);
      if (values.length === 0) return `${part} -`;
      const { p50, p95 } = spread(values);
      return `${part} ${ms(p50)} / ${ms(p95)}`;
    });
    return `from the click, p50 / p95 ms: ${parts.join(', ')}; ${this.#slow.length} over ${this.slowMs} ms`;
  }

  /** Each kind's click to done, p50 / p95, as the bench process timed it. */
  kindNote(): string {
    return Array.from(this.#byKind, ([kind, times]) => {
      const { n, p50, p95 } = spread(times);
      return `${kind} ${ms(p50)} / ${ms(p95)} ms (${n})`;
    }).join(', ');
  }

  /** The slow decisions, one line each: when, which, and the split of its time. */
  summary(): string {
    const lines = this.#slow.map(({ n, kind, atSeconds, result }) => {
      const split = result.split;
      const parts = PARTS.map((part) => `${part} ${ms(split?.[part])}`).join(', ');
      return `  #${n} ${kind} at ${atSeconds.toFixed(1)} s: ${parts}`;
    });
    return [
      `decisions: ${this.#splits.length}, ${this.splitNote()}`,
      `by kind, click to done: ${this.kindNote()}`,
      ...(lines.length ? [`slow decisions (> ${this.slowMs} ms):`, ...lines] : []),
    ].join('\n');
  }
}
