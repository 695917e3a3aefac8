/**
 * Where each record of a JSON list lies in its body, found without parsing it: one pass over the
 * bytes that follows strings and brackets, fed the body in chunks as they are decoded.
 *
 * Why: the currency catalogue's answer is a list of 20,000 records, 14 MB of JSON, of which a page
 * shows 50. JSON.parse of the whole took 55 to 100 ms of every changed catalogue's opening, and
 * left some 60 MB of objects that all survive; this pass takes about a third of that, runs while
 * zlib inflates the next chunk (conditionalRead.ts), and keeps only the body and two offsets per
 * record. Each record is parsed the first time a page shows it (scannedRows.ts). docs/performance.md,
 * The server and the catalogue.
 *
 * What it checks is the list's frame: an optional byte order mark, `[`, values separated by commas,
 * `]`, nothing but white space after, and brackets that close what they opened. An entry that is
 * not a record (rare: a number, a string, a list) is parsed as it ends, so that it is valid JSON. A
 * body that is not such a list ends as null, and the caller reads it whole as before, so its error
 * is the same. Inside a record only strings and brackets are followed: a record that is not valid
 * JSON is found when a page parses it, and that page says so.
 */

/**
 * The records of a list: the body as the chunks it came in (chunk k begins at byte
 * chunkStarts[k]; kept apart, since joining 14 MB took longer than the scan saves), and for the
 * n-th record, bytes starts[n] to ends[n].
 */
export interface ScannedList {
  chunks: Buffer[];
  chunkStarts: number[];
  starts: number[];
  ends: number[];
}

/** The text of the n-th record of a scanned list. */
export function recordText(list: ScannedList, n: number): string {
  return textIn(list.chunks, list.chunkStarts, list.starts[n]!, list.ends[n]!);
}

/** The text of bytes start to end of a body kept as chunks (chunk k begins at chunkStarts[k]). */
function textIn(chunks: Buffer[], chunkStarts: number[], start: number, end: number): string {
  // The last chunk that begins at or before the first byte.
  let low = 0;
  let high = chunkStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (chunkStarts[middle]! <= start) low = middle;
    else high = middle - 1;
  }
  const first = chunks[low]!;
  const from = start - chunkStarts[low]!;
  if (end - chunkStarts[low]! <= first.length)
    return first.toString('utf8', from, end - chunkStarts[low]!);
  // Cut between chunks: its pieces joined (a multi-byte character may be cut too).
  const pieces: Buffer[] = [first.subarray(from)];
  for (let k = low + 1; k < chunks.length && chunkStarts[k]! < end; k++)
    pieces.push(chunks[k]!.subarray(0, end - chunkStarts[k]!));
  return Buffer.concat(pieces).toString('utf8');
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_RECORD = 0x7b;
const CLOSE_RECORD = 0x7d;
const COMMA = 0x2c;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** The bytes of a number, true, false or null. */
const PRIMITIVE = new Uint8Array(256);
for (const c of Buffer.from('-+.0123456789eEtrufalsn')) PRIMITIVE[c] = 1;

const enum Phase {
  Before,
  InList,
  After,
  Failed,
}

/** What the list expects next, directly inside it. */
const enum Expect {
  /** Right after `[`: a value or `]`. */
  First,
  /** After a comma: a value. */
  Value,
  /** In a number or a literal. */
  Primitive,
  /** After a value: a comma or `]`. */
  Next,
}

export class ListScan {
  private readonly chunks: Buffer[] = [];
  private readonly chunkStarts: number[] = [];
  /** Bytes pushed before the current chunk. */
  private base = 0;
  private phase = Phase.Before;
  private expect = Expect.First;
  /** 1 directly inside the list, more inside one of its values. */
  private depth = 0;
  private inString = false;
  /** The string's next byte (the first of the next chunk) is escaped. */
  private escapeNext = false;
  /** The value being read directly in the list is a record; its first byte. */
  private inRecord = false;
  private valueStart = 0;
  /** What opened each depth (a record or a list), so that each is closed by its own bracket. */
  private opened = new Uint8Array(64);
  /** How many bytes of a byte order mark began the body. */
  private markRead = 0;
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.chunkStarts.push(this.base);
    if (this.phase !== Phase.Failed) this.scan(chunk);
    this.base += chunk.length;
  }

  /** The whole body pushed, joined (for a body that is not a list, read whole instead). */
  body(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** The records found, or null when the body is not a JSON list as far as this pass can tell. */
  end(): ScannedList | null {
    if (this.phase !== Phase.After || this.inString) return null;
    return {
      chunks: this.chunks,
      chunkStarts: this.chunkStarts,
      starts: this.starts,
      ends: this.ends,
    };
  }

  private scan(b: Buffer): void {
    const n = b.length;
    let i = 0;
    if (this.inString) {
      const from = this.escapeNext ? 1 : 0;
      i = this.stringEnd(b, from, from);
      if (i < 0) return;
      if (!this.stringClosed(this.base + i)) {
        this.phase = Phase.Failed;
        return;
      }
      i += 1;
    }
    // The hot loop: inside a record, only quotes and brackets matter.
    let depth = this.depth;
    for (; i < n; i++) {
      const c = b[i]!;
      if (depth >= 2) {
        if (c === QUOTE) {
          const close = this.stringEnd(b, i + 1, i + 1);
          if (close < 0) {
            this.depth = depth;
            return;
          }
          i = close;
        } else if (c === OPEN_RECORD || c === OPEN_LIST) {
          depth += 1;
          this.open(depth, c);
        } else if (c === CLOSE_RECORD || c === CLOSE_LIST) {
          if (this.opened[depth] !== (c === CLOSE_RECORD ? OPEN_RECORD : OPEN_LIST)) {
            this.phase = Phase.Failed;
            return;
          }
          depth -= 1;
          if (depth === 1 && !this.valueClosed(this.base + i)) {
            this.phase = Phase.Failed;
            return;
          }
        }
        continue;
      }
      this.depth = depth;
      if (!this.frame(b, i)) {
        this.phase = Phase.Failed;
        return;
      }
      if (this.inString) return;
      i = this.frameEnd;
      depth = this.depth;
    }
    this.depth = depth;
  }

  /** Where frame() left off: the byte it read last (a string's closing quote, say). */
  private frameEnd = 0;

  /** One byte of the list's frame (outside its values): false when the body is not a list. */
  private frame(b: Buffer, i: number): boolean {
    const c = b[i]!;
    this.frameEnd = i;
    if (this.phase === Phase.Before) {
      const at = this.base + i;
      if (at === this.markRead && at < BYTE_ORDER_MARK.length && c === BYTE_ORDER_MARK[at]) {
        this.markRead += 1;
        return true;
      }
      // The first bytes of a mark alone are not one.
      if (this.markRead !== 0 && this.markRead !== BYTE_ORDER_MARK.length) return false;
      if (isSpace(c)) return true;
      if (c !== OPEN_LIST) return false;
      this.phase = Phase.InList;
      this.depth = 1;
      this.expect = Expect.First;
      return true;
    }
    if (this.phase === Phase.After) return isSpace(c);
    // Directly inside the list.
    const expectsValue = this.expect === Expect.First || this.expect === Expect.Value;
    const at = this.base + i;
    // A number or a literal ends at the first byte that is not one of its own.
    if (this.expect === Expect.Primitive && PRIMITIVE[c] !== 1) {
      if (!this.entryValid(this.valueStart, at)) return false;
      this.expect = Expect.Next;
    }
    if (isSpace(c)) return true;
    if (c === COMMA) {
      if (this.expect !== Expect.Next) return false;
      this.expect = Expect.Value;
      return true;
    }
    if (c === CLOSE_LIST) {
      if (this.expect === Expect.Value) return false;
      this.phase = Phase.After;
      this.depth = 0;
      return true;
    }
    if (c === OPEN_RECORD || c === OPEN_LIST) {
      if (!expectsValue) return false;
      this.depth = 2;
      this.open(2, c);
      this.inRecord = c === OPEN_RECORD;
      this.valueStart = at;
      return true;
    }
    if (c === QUOTE) {
      if (!expectsValue) return false;
      this.valueStart = at;
      const close = this.stringEnd(b, i + 1, i + 1);
      if (close >= 0) {
        if (!this.entryValid(at, this.base + close + 1)) return false;
        this.expect = Expect.Next;
        this.frameEnd = close;
      }
      return true;
    }
    if (PRIMITIVE[c] !== 1) return false;
    if (expectsValue) {
      this.expect = Expect.Primitive;
      this.valueStart = at;
    }
    return this.expect === Expect.Primitive;
  }

  /** Depth `depth` was opened by `bracket`. */
  private open(depth: number, bracket: number): void {
    if (depth >= this.opened.length) {
      const more = new Uint8Array(this.opened.length * 2);
      more.set(this.opened);
      this.opened = more;
    }
    this.opened[depth] = bracket;
  }

  /** An entry that is not a record, bytes start to end: valid JSON, as a whole read requires. */
  private entryValid(start: number, end: number): boolean {
    try {
      JSON.parse(textIn(this.chunks, this.chunkStarts, start, end));
      return true;
    } catch {
      return false;
    }
  }

  /** A value directly inside the list ended at byte `at`: false when it is not valid JSON. */
  private valueClosed(at: number): boolean {
    this.expect = Expect.Next;
    if (!this.inRecord) return this.entryValid(this.valueStart, at + 1);
    this.inRecord = false;
    this.starts.push(this.valueStart);
    this.ends.push(at + 1);
    return true;
  }

  /**
   * A string that began in an earlier chunk ended at byte `at`: back to where it was, in a value
   * or directly in the list (where it is an entry of its own, checked).
   */
  private stringClosed(at: number): boolean {
    this.inString = false;
    this.escapeNext = false;
    if (this.depth !== 1) return true;
    this.expect = Expect.Next;
    return this.entryValid(this.valueStart, at + 1);
  }

  /**
   * The index of the quote that closes a string whose content starts at or before `from`
   * (`contentStart` in this chunk), or -1 when it goes on past the chunk; then whether the next
   * chunk's first byte is escaped. A quote is escaped when an odd run of backslashes precedes it.
   */
  private stringEnd(b: Buffer, from: number, contentStart: number): number {
    let q = from;
    for (;;) {
      q = q < b.length ? b.indexOf(QUOTE, q) : -1;
      if (q < 0) {
        let k = b.length - 1;
        while (k >= contentStart && b[k] === BACKSLASH) k -= 1;
        this.inString = true;
        this.escapeNext = (b.length - 1 - k) % 2 === 1;
        return -1;
      }
      let k = q - 1;
      while (k >= contentStart && b[k] === BACKSLASH) k -= 1;
      if ((q - 1 - k) % 2 === 0) return q;
      q += 1;
    }
  }
}
