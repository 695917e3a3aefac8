import { badAnswer } from '../bridge/serverAnswer';
import type { ChunkPool } from './chunkPool';
import type { RowList } from './lazyRows';
import { recordText, type ScannedList } from './listScan';

/**
 * A provider's list as its body and where each record lies in it (listScan.ts): each record parsed
 * and read (leniently, answers.ts) the first time a page shows it, then kept. The records are the
 * list's entries that are JSON objects, as a whole read keeps them, so the length is the same.
 */
export class ScannedRows<T> implements RowList<T> {
  private readonly done: (T | undefined)[];
  private releasing = false;
  private released = false;

  constructor(
    private readonly list: ScannedList,
    private readonly reader: { read(value: unknown): T | null },
    /** What the list is, for the error of a record that does not parse ("currency list"). */
    private readonly describe: string,
    /** Where its chunks came from, when they are pooled. */
    private readonly pool?: ChunkPool,
  ) {
    this.done = new Array<T | undefined>(list.starts.length);
  }

  get length(): number {
    return this.list.starts.length;
  }

  slice(start: number, end: number): T[] {
    const out: T[] = [];
    const last = Math.min(end, this.length);
    for (let index = Math.max(0, start); index < last; index++) {
      let row = this.done[index];
      if (row === undefined) {
        // A record always reads as one (answers.ts, record): its fields are what is lenient.
        row = this.reader.read(this.parse(index)) as T;
        this.done[index] = row;
      }
      out.push(row);
    }
    return out;
  }

  /**
   * Its chunks go back to their pool, once what runs now has run: a page asked for just before
   * the list was given up (awaiting the cache's answer) still reads it. A record not read by then
   * can no longer be.
   */
  release(): void {
    if (this.releasing) return;
    this.releasing = true;
    setImmediate(() => {
      this.released = true;
      this.pool?.release(this.list.chunks);
    });
  }

  private parse(index: number): unknown {
    // The cache reads only lists it holds; one it gave up has lent its memory to another.
    if (this.released) throw new Error('A catalogue list was read after it was released.');
    try {
      return JSON.parse(recordText(this.list, index)) as unknown;
    } catch {
      // The list's frame was sound; this record is not JSON. Its page says so, not the others.
      return badAnswer(this.describe);
    }
  }
}
