import type { ReviewItem } from '../../../shared/api/records';
import { REVIEW_PAGE_SIZE } from '../../../shared/constants';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { ReviewCalls } from './reviewCalls';
import { isLeftOut, keyOf, stateOf } from './reviewItemState';
import { isoAt, type Clock, type Halt, type Run } from './run';
import type { RunEvents } from './runViews';

/** The most items a snapshot holds: a larger filter is refused, so that it can be narrowed. */
export const MAX_SNAPSHOT = 100_000;

export interface RunSnapshotDeps {
  calls: Pick<ReviewCalls, 'page' | 'findById'>;
  events: Pick<RunEvents, 'changed'>;
  /** The most reads in flight for chosen items (the runConcurrency setting). */
  concurrency: number;
  halt: Halt;
  now: Clock;
}

/**
 * A bulk run's frozen input, taken before its first write (DESIGN.md, "Runs live in core"): the
 * filter paged through once, or the chosen items read by id. Items eliminated by similarity or by
 * quoted post are left out (SPEC.md 4). The run is then ready, or failed with the reason.
 */
export class RunSnapshot {
  constructor(private readonly deps: RunSnapshotDeps) {}

  async ofFilter(run: Run, filter: Parameters<ReviewCalls['page']>[1]): Promise<void> {
    const seen = new Set<number>();
    try {
      const lastPage = Math.ceil(run.matched / REVIEW_PAGE_SIZE) + 5;
      let previousFirst: number | undefined;
      for (let page = 0; page <= lastPage; page++) {
        if (run.status !== 'preparing' || this.deps.halt.halted) return;
        const items = await this.deps.calls.page(run.filterType, filter, page);
        // A provider that ignores startIndex would answer the first page for ever.
        if (page > 0 && items.length > 0 && items[0]!.id === previousFirst) break;
        previousFirst = items[0]?.id;
        run.read += items.length;
        for (const item of items) take(run, item, seen);
        if (run.items.length > MAX_SNAPSHOT)
          throw new BridgeFailure(
            413,
            'RUN_TOO_LARGE',
            `This filter matches more than ${MAX_SNAPSHOT.toLocaleString('en-US')} items: narrow it first.`,
          );
        this.deps.events.changed(run, false);
        if (items.length < REVIEW_PAGE_SIZE) break;
      }
      this.#ready(run);
    } catch (error) {
      this.#fail(run, error);
    }
  }

  async ofChosen(run: Run, ids: number[]): Promise<void> {
    const seen = new Set<number>();
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (run.status !== 'preparing' || this.deps.halt.halted) return;
        try {
          const item = await this.deps.calls.findById(run.filterType, id);
          take(run, item.id === undefined ? { ...item, id } : item, seen);
        } catch (error) {
          run.results.set(id, {
            outcome: 'skipped',
            reason: `could not be read: ${toBridgeError(error).message}`,
            before: null,
          });
        }
        run.read += 1;
        this.deps.events.changed(run, false);
      }
    };
    try {
      await Promise.all(Array.from({ length: this.deps.concurrency }, worker));
      // Keep the order the user chose them in.
      const order = new Map(ids.map((id, index) => [id, index]));
      run.items.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      this.#ready(run);
    } catch (error) {
      this.#fail(run, error);
    }
  }

  #ready(run: Run): void {
    if (run.status !== 'preparing') return;
    run.status = 'ready';
    this.deps.events.changed(run, true);
  }

  #fail(run: Run, error: unknown): void {
    if (run.status !== 'preparing') return;
    run.status = 'failed';
    run.error = toBridgeError(error).message;
    run.finishedAt = isoAt(this.deps.now);
    this.deps.events.changed(run, true);
  }
}

/** Takes an item into the snapshot once; one left out is counted, not taken. */
function take(run: Run, item: ReviewItem, seen: Set<number>): void {
  if (item.id === undefined || seen.has(item.id)) return;
  seen.add(item.id);
  if (isLeftOut(item)) run.leftOut += 1;
  else run.items.push({ id: item.id, key: keyOf(run.filterType, item), expect: stateOf(item) });
}
