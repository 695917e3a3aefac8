/**
 * One read core keeps for a while (the markets for likely duplicates, the team's not-duplicates):
 * answered again while it is young and the same session's, read anew after that or after
 * forget(), and not kept when it failed. The same answer while held, so what is built from it
 * (an index) can be kept beside it.
 */
export class HeldRead<T> {
  #held: { owner: string; at: number; value: Promise<T> } | null = null;

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The held answer of `owner`'s session, or `read`'s when there is none (or it is old). */
  get(owner: string, read: () => Promise<T>): Promise<T> {
    const held = this.#held;
    if (held && held.owner === owner && this.now() - held.at < this.maxAgeMs) return held.value;
    const value = read();
    const entry = { owner, at: this.now(), value };
    this.#held = entry;
    // A read that failed is not kept.
    value.catch(() => {
      if (this.#held === entry) this.#held = null;
    });
    return value;
  }

  forget(): void {
    this.#held = null;
  }
}
