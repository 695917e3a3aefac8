import { mkdir } from 'node:fs/promises';
import type {
  CheckedJournalQuery,
  JournalEntry,
  JournalPage,
  NewJournalEntry,
} from '../../../shared/journal';
import { listJournalFiles, readJournalFile, type ReadEntry } from './journalFiles';
import { JournalIndex } from './journalIndex';
import { timeOf } from './journalLine';
import { FileSink, memorySink, type JournalSink } from './journalSink';
import { scrubEntry } from './scrubEntry';

/**
 * The journal of one user's writes (DESIGN.md, "Per-user local data"): append-only JSON Lines
 * files, rotated by size and bounded in number and age, with the retained entries held in memory
 * for queries. Chosen over PGlite by measurement (npm run bench -- journal, same entries, same
 * machine): at 100,000 entries, appends several times faster, the cold open about twice as fast,
 * a page of the Journal screen in milliseconds rather than tens of them, a fifth of the memory and
 * of the disk; and a kill mid-write costs one line, which the next open cuts off.
 */
export interface JournalStore {
  /** The folder, or null for an in-memory journal (tests, and when no folder can be written). */
  readonly folder: string | null;
  readonly retentionDays: number;
  /**
   * Scrubs, numbers (seq = last + 1), appends one line, and resolves once it is written to the
   * file. Appends are serialised.
   */
  append(entry: NewJournalEntry): Promise<JournalEntry>;
  /**
   * Newest first (by seq), filtered (from/to on `at` inclusive, area, outcome, runId, target
   * exact), paged. Entries older than the retention are never returned.
   */
  list(query: CheckedJournalQuery): JournalPage;
  /** Every retained entry of a run, oldest first (core resumes interrupted runs from this). */
  ofRun(runId: string): JournalEntry[];
  close(): Promise<void>;
}

export interface JournalOptions {
  folder: string | null;
  /** A setting (journalRetentionDays). */
  retentionDays: number;
  /** Rotation: a file grows to this size, then the next one starts. */
  maxFileBytes?: number;
  /** The oldest file is deleted beyond this many. */
  maxFiles?: number;
  /** For tests. */
  now?: () => number;
}

/** 25 files of 4 MiB: about 300,000 entries of a typical size, 100 MiB at most on disk. */
export const JOURNAL_MAX_FILE_BYTES = 4 * 1024 * 1024;
export const JOURNAL_MAX_FILES = 25;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One file, as the journal keeps account of it (a journal in memory keeps the same account). */
interface Segment {
  number: number;
  bytes: number;
  /** The highest seq in it, 0 when it has none. */
  lastSeq: number;
  /** The time of its newest entry, -Infinity when it has none. */
  newest: number;
}

function positive(value: number, name: string, integer: boolean): number {
  if (!(value > 0) || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    throw new RangeError(`The journal's ${name} must be a positive number, not ${value}.`);
  return value;
}

function segmentOf(number: number, entries: readonly ReadEntry[], bytes: number): Segment {
  let lastSeq = 0;
  let newest = -Infinity;
  for (const { entry, time } of entries) {
    lastSeq = Math.max(lastSeq, entry.seq);
    newest = Math.max(newest, time);
  }
  return { number, bytes, lastSeq, newest };
}

/**
 * Opens the journal in `folder` (created, readable by the user only) or in memory. Throws when
 * the folder cannot be created or read: the caller decides whether memory will do instead.
 */
export async function openJournal(options: JournalOptions): Promise<JournalStore> {
  const limits = {
    retentionDays: positive(options.retentionDays, 'retention', false),
    maxFileBytes: positive(options.maxFileBytes ?? JOURNAL_MAX_FILE_BYTES, 'file size', true),
    maxFiles: positive(options.maxFiles ?? JOURNAL_MAX_FILES, 'number of files', true),
  };
  const { folder } = options;
  const segments: Segment[] = [];
  const read: ReadEntry[] = [];
  if (folder !== null) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // One file at a time, so that no more than one file's bytes are held at once.
    for (const number of await listJournalFiles(folder)) {
      const file = await readJournalFile(folder, number);
      segments.push(segmentOf(number, file.entries, file.bytes));
      for (const entry of file.entries) read.push(entry);
    }
  }
  const journal = new Journal(
    folder,
    limits,
    options.now ?? Date.now,
    folder === null ? memorySink : new FileSink(folder),
    segments,
    new JournalIndex(read),
  );
  await journal.applyLimits();
  return journal;
}

class Journal implements JournalStore {
  readonly retentionDays: number;
  /** Past the seqs of every entry read, including those of files deleted since. */
  #nextSeq: number;
  #nextNumber: number;
  #tail: Promise<unknown> = Promise.resolve();
  #closed = false;
  #limitsAppliedAt = -Infinity;

  constructor(
    readonly folder: string | null,
    private readonly limits: { retentionDays: number; maxFileBytes: number; maxFiles: number },
    private readonly now: () => number,
    private readonly sink: JournalSink,
    private readonly segments: Segment[],
    private readonly index: JournalIndex,
  ) {
    this.retentionDays = limits.retentionDays;
    this.#nextSeq = segments.reduce((last, s) => Math.max(last, s.lastSeq), 0) + 1;
    this.#nextNumber = (segments.at(-1)?.number ?? 0) + 1;
  }

  append(entry: NewJournalEntry): Promise<JournalEntry> {
    if (this.#closed) return Promise.reject(new Error('The journal is closed.'));
    let clean: NewJournalEntry;
    try {
      // Now, not when its turn comes: what the caller's object holds later is not the write.
      clean = scrubEntry(entry);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const written = this.#tail.then(() => this.#write(clean));
    this.#tail = written.catch(() => undefined);
    return written;
  }

  list(query: CheckedJournalQuery): JournalPage {
    return {
      ...this.index.page(query, this.#retainedSince()),
      folder: this.folder,
      retentionDays: this.retentionDays,
    };
  }

  ofRun(runId: string): JournalEntry[] {
    return this.index.ofRun(runId, this.#retainedSince());
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#tail;
    await this.sink.close();
  }

  /**
   * Deletes the files whose newest entry is past the retention, then the oldest beyond the
   * number allowed, and forgets their entries. At open, on a rotation past the limit, and once
   * a day while open.
   */
  async applyLimits(): Promise<void> {
    const since = this.#retainedSince();
    this.#limitsAppliedAt = this.now();
    const expired = this.segments.filter((s) => s.newest < since);
    const kept = this.segments.filter((s) => s.newest >= since);
    const overflow = kept.splice(0, Math.max(0, kept.length - this.limits.maxFiles));
    this.segments.splice(0, this.segments.length, ...kept);
    for (const segment of [...expired, ...overflow]) {
      // A file that cannot be deleted now is at the next open, still past the same limits.
      await this.sink.remove(segment.number).catch(() => undefined);
    }
    if (overflow.length)
      this.index.dropThrough(overflow.reduce((last, s) => Math.max(last, s.lastSeq), 0));
    this.index.dropOlderThan(since);
  }

  async #write(clean: NewJournalEntry): Promise<JournalEntry> {
    const time = timeOf(clean.at);
    if (Number.isNaN(time)) throw new Error(`A journal entry's time is not a date: ${clean.at}`);
    const entry: JournalEntry = { seq: this.#nextSeq, ...clean };
    const line = Buffer.from(`${JSON.stringify(entry)}\n`);
    const segment = this.#segmentFor(line.length);
    await this.sink.append(segment.number, line, segment.bytes);
    segment.bytes += line.length;
    segment.lastSeq = entry.seq;
    segment.newest = Math.max(segment.newest, time);
    this.#nextSeq++;
    this.index.add({ entry, time });
    if (this.segments.length > this.limits.maxFiles || this.now() - this.#limitsAppliedAt >= DAY_MS)
      await this.applyLimits();
    return entry;
  }

  /** The newest file, or the next one when the line would take the newest past its size. */
  #segmentFor(lineBytes: number): Segment {
    const newest = this.segments.at(-1);
    // A line longer than a whole file still goes in: alone, in a file of its own.
    if (newest && (newest.bytes === 0 || newest.bytes + lineBytes <= this.limits.maxFileBytes))
      return newest;
    const next: Segment = { number: this.#nextNumber++, bytes: 0, lastSeq: 0, newest: -Infinity };
    this.segments.push(next);
    return next;
  }

  #retainedSince(): number {
    return this.now() - this.retentionDays * DAY_MS;
  }
}
