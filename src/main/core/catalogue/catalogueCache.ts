import type { Currency } from '../../../shared/api/records';
import type { CataloguePage } from '../../../shared/catalogue';
import { CURRENCY_PAGE_SIZE } from '../../../shared/constants';
import { BridgeFailure } from '../bridgeFailure';
import type { CatalogueRead } from './conditionalRead';
import type { RowList } from './lazyRows';

/** A list core holds: the whole catalogue or one search's answer, with its ETag if any. */
interface Held {
  rows: RowList<Currency>;
  etag: string | null;
}

/** A 304 when core sent no ETag, or none of a list it still holds. */
const neverRead = () =>
  new BridgeFailure(502, 'BAD_ANSWER', 'The server sent 304 for a list never read.');

/** Searches kept besides the whole catalogue: a few, since a search of "coin" holds thousands. */
const SEARCHES_KEPT = 8;

export interface CatalogueCacheDeps {
  /** One read of the provider (conditionalRead.ts): '' is the whole catalogue. */
  read(text: string, etag: string | null): Promise<CatalogueRead>;
  /** Who is signed in (user id and name), or null: what core holds is that session's only. */
  owner(): string | null;
  pageSize?: number;
}

/**
 * The Crypto Currency list as core keeps it (docs/performance.md, The server and the catalogue):
 * the provider's answer is read and parsed once, here, and the bridge carries one page of it. A
 * page turn costs no call; opening, filtering or reloading asks again, with the held ETag so that
 * an unchanged list costs a 304. What is held belongs to one signed-in session: it is dropped when
 * the user signs out or another signs in, and after any write that could change it (forget()).
 * A list given up is released (its memory serves the next read, chunkPool.ts): the cache is the
 * only holder of its lists, and reads a page of one at once, never after a wait.
 */
export class CatalogueCache {
  private held = new Map<string, Held>();
  private heldFor: string | null = null;
  /** Reads under way, by text: a page asked for meanwhile waits for the same answer. */
  private reading = new Map<string, Promise<Held>>();
  /** Bumped by forget(): a read that started before it is not kept. */
  private generation = 0;
  private readonly pageSize: number;
  /** Each held list read whole, once (whole()). */
  private wholeRows = new WeakMap<RowList<Currency>, readonly Currency[]>();

  constructor(private readonly deps: CatalogueCacheDeps) {
    this.pageSize = deps.pageSize ?? CURRENCY_PAGE_SIZE;
  }

  async page(request: { contains: string; page: number; fresh: boolean }): Promise<CataloguePage> {
    this.checkOwner();
    const text = request.contains;
    const list = await this.list(text, request.fresh);
    const total = list.rows.length;
    const last = Math.max(0, Math.ceil(total / this.pageSize) - 1);
    const page = Math.min(request.page, last);
    const start = page * this.pageSize;
    return { rows: list.rows.slice(start, start + this.pageSize), total, page };
  }

  /**
   * The whole catalogue as one array (likely duplicates, core/workbench/suggestions.ts): the same
   * array while the held list is the same, so what is built from it can be kept beside it.
   */
  async whole(): Promise<readonly Currency[]> {
    this.checkOwner();
    const { rows } = await this.list('', false);
    let all = this.wholeRows.get(rows);
    if (!all) {
      all = rows.slice(0, rows.length);
      this.wholeRows.set(rows, all);
    }
    return all;
  }

  /** Drops everything held, and whatever a read under way brings back. */
  forget(): void {
    for (const list of this.held.values()) list.rows.release?.();
    this.held.clear();
    this.reading.clear();
    this.generation += 1;
  }

  /** How many lists are held (tests and the bench). */
  size(): number {
    return this.held.size;
  }

  private list(text: string, fresh: boolean): Promise<Held> {
    const under = this.reading.get(text);
    // A read already under way is as fresh as the one this call would start.
    if (under) return under;
    const held = this.held.get(text);
    if (held && !fresh) {
      this.keep(text, held);
      return Promise.resolve(held);
    }
    const generation = this.generation;
    const reading = this.deps
      .read(text, held?.etag ?? null)
      .then(async (answer): Promise<Held> => {
        if (answer.kind !== 'same') return { rows: answer.rows, etag: answer.etag };
        if (!held) throw neverRead();
        // Given up while the question was out (a search past those kept, forget()): its memory
        // has gone to another list, so the list is read again, whole.
        if (this.held.get(text) !== held) {
          const again = await this.deps.read(text, null);
          if (again.kind === 'same') throw neverRead();
          return { rows: again.rows, etag: again.etag };
        }
        return held;
      })
      .then((list) => {
        if (generation === this.generation) this.keep(text, list);
        return list;
      })
      .finally(() => {
        if (this.reading.get(text) === reading) this.reading.delete(text);
      });
    this.reading.set(text, reading);
    return reading;
  }

  /** What is held belongs to one signed-in session: another's drops it. */
  private checkOwner(): void {
    const owner = this.deps.owner();
    if (owner !== this.heldFor) {
      this.forget();
      this.heldFor = owner;
    }
  }

  /** Keeps a list as the most recently used; the oldest search goes past SEARCHES_KEPT. */
  private keep(text: string, list: Held): void {
    const before = this.held.get(text);
    if (before && before.rows !== list.rows) before.rows.release?.();
    this.held.delete(text);
    this.held.set(text, list);
    const searches = [...this.held.keys()].filter((key) => key !== '');
    for (const oldest of searches.slice(0, Math.max(0, searches.length - SEARCHES_KEPT))) {
      this.held.get(oldest)?.rows.release?.();
      this.held.delete(oldest);
    }
  }
}
