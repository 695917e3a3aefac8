import { isRecord } from '../../../shared/api/answers';

/** What the catalogue's cache needs of a list: its length and a page of it. */
export interface RowList<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
  /** The cache no longer holds the list: memory it borrowed may be used again (chunkPool.ts). */
  release?(): void;
}

/**
 * A provider's list of records as parsed JSON, each entry read (leniently, answers.ts) the first
 * time a page shows it, then kept. Reading 20,000 currencies up front took about 100 ms of every
 * changed catalogue's opening, for the 50 on screen (docs/performance.md, The server and the
 * catalogue). The entries that are not records are left out at once, as the whole read leaves them
 * out, so the length is the same.
 */
export class LazyRows<T> implements RowList<T> {
  private readonly entries: Record<string, unknown>[];
  private readonly read: (value: unknown) => T | null;
  private readonly done: (T | undefined)[];

  constructor(entries: readonly unknown[], reader: { read(value: unknown): T | null }) {
    this.entries = entries.filter(isRecord);
    this.read = reader.read;
    this.done = new Array<T | undefined>(this.entries.length);
  }

  get length(): number {
    return this.entries.length;
  }

  slice(start: number, end: number): T[] {
    const out: T[] = [];
    const last = Math.min(end, this.entries.length);
    for (let index = Math.max(0, start); index < last; index++) {
      let row = this.done[index];
      if (row === undefined) {
        // A record always reads as one (answers.ts, record): its fields are what is lenient.
        row = this.read(this.entries[index]) as T;
        this.done[index] = row;
      }
      out.push(row);
    }
    return out;
  }
}
