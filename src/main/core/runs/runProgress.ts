/**
 * A run's pace, for the top bar's "about 2 min left": the items handled within the last half
 * minute (or the last 50, whichever is fewer), so a pause or a slow patch does not linger.
 */
export class RunPace {
  readonly #times: number[] = [];

  constructor(private readonly now: () => number) {}

  handled(): void {
    this.#times.push(this.now());
    if (this.#times.length > 50) this.#times.shift();
  }

  reset(): void {
    this.#times.length = 0;
  }

  /** Seconds left for `remaining` items at the current pace; null until there is a pace. */
  etaSeconds(remaining: number): number | null {
    const now = this.now();
    const recent = this.#times.filter((t) => now - t <= 30_000);
    if (recent.length < 2 || remaining <= 0) return remaining <= 0 ? 0 : null;
    const span = (now - recent[0]!) / 1000;
    if (span <= 0) return null;
    return Math.ceil(remaining / (recent.length / span));
  }
}
