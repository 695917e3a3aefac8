import { badAnswer } from '../bridge/serverAnswer';
import type { RowList } from './lazyRows';
import { recordText, type ScannedList } from './listScan';

/**
 * A provider's list as its body and where each record lies in it (listScan.ts): each record parsed
 * and read (leniently, answers.ts) the first time a page shows it, then kept. The records are the
 * list's entries that are JSON objects, as a whole read keeps them, so the length is the same.
 */
export class ScannedRows<T> implements RowList<T> {
  private readonly done: (T | undefined)[];

  constructor(
    private readonly list: ScannedList,
    private readonly reader: { read(value: unknown): T | null },
    /** What the list is, for the error of a record that does not parse ("currency list"). */
    private readonly describe: string,
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

  private parse(index: number): unknown {
    try {
      return JSON.parse(recordText(this.list, index)) as unknown;
    } catch {
      // The list's frame was sound; this record is not JSON. Its page says so, not the others.
      return badAnswer(this.describe);
    }
  }
}
