import type { MarketRecord } from '../../../shared/api/records';

/** How long the markets read for suggestions are used before they are read again. */
export const MARKETS_HELD_MS = 5 * 60_000;

/**
 * The markets list core reads for likely duplicates of new markets (SPEC.md 7,
 * get-markets-includes with no text): read once, used while it is young and the same session's,
 * forgotten after any market write. The same array while held, so its index is kept beside it.
 */
export class HeldMarkets {
  #held: { owner: string; at: number; list: Promise<readonly MarketRecord[]> } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The held list of `owner`'s session, or `read`'s answer when there is none (or it is old). */
  list(
    owner: string,
    read: () => Promise<readonly MarketRecord[]>,
  ): Promise<readonly MarketRecord[]> {
    const held = this.#held;
    if (held && held.owner === owner && this.now() - held.at < MARKETS_HELD_MS) return held.list;
    const list = read();
    const entry = { owner, at: this.now(), list };
    this.#held = entry;
    // A read that failed is not kept.
    list.catch(() => {
      if (this.#held === entry) this.#held = null;
    });
    return list;
  }

  forget(): void {
    this.#held = null;
  }
}
