import type { ReviewItem } from '../../../shared/api/records';
import { REVIEW_PAGE_SIZE } from '../../../shared/constants';

/** A whole number in [0, below): crypto's by default (randomDraw.ts), seeded in tests. */
export type RandomBelow = (below: number) => number;

/**
 * Draws items at random from one stratum through SPEC.md 7's filter call alone: positions are
 * drawn uniformly, without replacement, over the stratum's count; each position's page (page size
 * REVIEW_PAGE_SIZE, SPEC.md 9) is read once and the item at that place taken. Every item the count
 * covered is equally likely, whatever page it is on, and no position is tried twice.
 *
 * A position is passed over, and another drawn, when its item cannot be taken (`take` says null:
 * an item no decision can be sent to), was taken already (the list moved between reads), or is
 * missing (the page came back shorter than the count said). So a stratum may give fewer items
 * than asked once its positions run out, or once it has tried `maxTries` of them (a stratum that is
 * nearly all items without actions, or a provider whose pages hold nothing, is not read whole);
 * `untried` says how many it may still try.
 */
export class StratumDraw<T> {
  /** Positions not tried yet: a lazy Fisher-Yates shuffle of [0, count) kept as its swaps. */
  #untried: number;
  #triesLeft: number;
  readonly #swapped = new Map<number, number>();
  readonly #pages = new Map<number, Promise<ReviewItem[]>>();

  constructor(
    count: number,
    private readonly deps: {
      readPage(page: number): Promise<ReviewItem[]>;
      random: RandomBelow;
      /** The item as the sample keeps it, or null when it cannot be taken. */
      take(item: ReviewItem): T | null;
      /** Claims the item for the whole sample; false when another stratum or draw had it. */
      claim(item: T): boolean;
      /** Positions tried at most; every one by default. */
      maxTries?: number;
    },
  ) {
    this.#untried = count;
    this.#triesLeft = deps.maxTries ?? count;
  }

  get untried(): number {
    return Math.min(this.#untried, this.#triesLeft);
  }

  /** Draws up to `wanted` more items; fewer only when the positions run out. */
  async draw(wanted: number): Promise<T[]> {
    const drawn: T[] = [];
    while (drawn.length < wanted && this.untried > 0) {
      const positions: number[] = [];
      while (positions.length < wanted - drawn.length && this.untried > 0)
        positions.push(this.#nextPosition());
      // The pages of a batch are asked for together; their items are taken in the order drawn.
      const pages = await Promise.all(positions.map((position) => this.#pageOf(position)));
      positions.forEach((position, index) => {
        const item = pages[index]![position % REVIEW_PAGE_SIZE];
        if (item === undefined) return;
        const kept = this.deps.take(item);
        if (kept !== null && this.deps.claim(kept)) drawn.push(kept);
      });
    }
    return drawn;
  }

  #nextPosition(): number {
    const pick = this.deps.random(this.#untried);
    const last = this.#untried - 1;
    const position = this.#swapped.get(pick) ?? pick;
    this.#swapped.set(pick, this.#swapped.get(last) ?? last);
    this.#swapped.delete(last);
    this.#untried = last;
    this.#triesLeft -= 1;
    return position;
  }

  #pageOf(position: number): Promise<ReviewItem[]> {
    const page = Math.floor(position / REVIEW_PAGE_SIZE);
    let read = this.#pages.get(page);
    if (!read) {
      read = this.deps.readPage(page);
      this.#pages.set(page, read);
    }
    return read;
  }
}
