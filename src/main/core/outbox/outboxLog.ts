import { open, readFile, type FileHandle } from 'node:fs/promises';
import { writeFileAtomically } from '../userData/jsonFile';
import { join } from 'node:path';
import { z } from 'zod';
import { FILTER_TYPES } from '../../../shared/bodies/review';
import { JOURNAL_AREAS } from '../../../shared/journal';
import { shownItemSchema } from '../../../shared/runs';
import { WAITING_STATES } from '../../../shared/outbox';

/**
 * The outbox's file in the user's folder (DESIGN.md, "Nothing lost, nothing twice"): one JSON line
 * per change, appended in one write each, so that a kill mid-write leaves at most its last line
 * cut off. A write is added before it is first sent (write-ahead: a crash while it is in flight
 * finds it here, to be read again at the next sign-in); its changes of state and its end follow.
 * Opening reads the lines back, skips a cut-off last line (and says so), and writes the file again
 * with only what still waits (temp file and rename), so it never grows with a shift's decisions.
 */

const plain = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** What the journal will say of the write (journalled.ts's WriteEntry), kept with it. */
const keptEntrySchema = z.object({
  channel: z.string(),
  call: z.string(),
  area: z.enum(JOURNAL_AREAS),
  target: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), plain).nullable(),
  body: z.record(z.string(), plain).nullable().optional(),
  runId: z.string().nullable(),
});

export const keptWriteSchema = z.object({
  id: z.string().min(1).max(64),
  username: z.string().min(1),
  madeAt: z.string(),
  channel: z.string(),
  filterType: z.enum(FILTER_TYPES),
  /** The declared call's fields as the page sent them (without what only core reads). */
  fields: z.record(z.string(), z.unknown()),
  shown: shownItemSchema,
  /** Sent over a change the reviewer saw (Apply mine): no conflict check, only the landed one. */
  applyAnyway: z.boolean(),
  entry: keptEntrySchema,
});
export type KeptWrite = z.output<typeof keptWriteSchema>;

const recordSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), write: keptWriteSchema }),
  z.object({
    op: z.literal('state'),
    id: z.string(),
    state: z.enum(WAITING_STATES),
    /** It may have reached the provider: it is read again for whether it landed before a send. */
    attempted: z.boolean(),
    message: z.string().nullable(),
    applyAnyway: z.boolean().optional(),
  }),
  z.object({ op: z.literal('done'), id: z.string(), how: z.string() }),
]);
export type OutboxRecord = z.output<typeof recordSchema>;

/** A kept write with where it stands. */
export interface LiveWrite extends KeptWrite {
  state: (typeof WAITING_STATES)[number];
  attempted: boolean;
  message: string | null;
}

export interface OutboxLoad {
  /** What still waits, in the order made. */
  writes: LiveWrite[];
  /** True when the last line was cut off (a kill mid-append). */
  torn: boolean;
}

export const OUTBOX_FILE = 'outbox.jsonl';

/** Reads the records of a file's text back into what still waits. */
export function readOutboxText(text: string): OutboxLoad {
  const lines = text.split('\n');
  // A file that ends in '\n' has an empty last piece; anything else there was cut off.
  const last = lines.pop() ?? '';
  let torn = last.trim() !== '';
  const live = new Map<string, LiveWrite>();
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let read: OutboxRecord | null = null;
    try {
      const parsed = recordSchema.safeParse(JSON.parse(line));
      read = parsed.success ? parsed.data : null;
    } catch {
      read = null;
    }
    if (read === null) {
      // Only the last complete line can be a torn append followed by nothing; a bad line in the
      // middle (a disk that lost a block) costs itself, never the lines around it.
      if (index === lines.length - 1) torn = true;
      return;
    }
    applyRecord(live, read);
  });
  return { writes: [...live.values()], torn };
}

function applyRecord(live: Map<string, LiveWrite>, record: OutboxRecord): void {
  switch (record.op) {
    case 'add':
      // Added before its first send: until a state says otherwise, it may have reached the
      // provider (a kill while it was in flight).
      live.set(record.write.id, {
        ...record.write,
        state: 'waiting',
        attempted: true,
        message: null,
      });
      return;
    case 'state': {
      const write = live.get(record.id);
      if (!write) return;
      // 'sending' is never kept: a write found so was cut off mid-send, and waits again.
      write.state = record.state === 'sending' ? 'waiting' : record.state;
      write.attempted = record.attempted;
      write.message = record.message;
      if (record.applyAnyway !== undefined) write.applyAnyway = record.applyAnyway;
      return;
    }
    case 'done':
      live.delete(record.id);
      return;
  }
}

/** The records that say a live write as it stands. */
export function recordsOf(write: LiveWrite): OutboxRecord[] {
  const { state, attempted, message, ...kept } = write;
  return [
    { op: 'add', write: kept },
    { op: 'state', id: write.id, state, attempted, message, applyAnyway: write.applyAnyway },
  ];
}

const lineOf = (record: OutboxRecord): string => `${JSON.stringify(record)}\n`;

/** Where the records go: the user's file, or nowhere (a folder that cannot be written, tests). */
export interface OutboxLog {
  append(record: OutboxRecord): Promise<void>;
  close(): Promise<void>;
}

export const memoryOutboxLog = (): OutboxLog => ({
  append: () => Promise.resolve(),
  close: () => Promise.resolve(),
});

/**
 * Opens the user's outbox file: what waits in it, and the log to append to. The file is written
 * again first with only what still waits (and without a cut-off line), atomically.
 */
export async function openOutboxFile(folder: string): Promise<OutboxLoad & { log: OutboxLog }> {
  const path = join(folder, OUTBOX_FILE);
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const load = readOutboxText(text);
  const compact = load.writes.flatMap(recordsOf).map(lineOf).join('');
  if (compact !== text) await writeFileAtomically(path, compact);
  return { ...load, log: new FileOutboxLog(path) };
}

/**
 * Appends one line per record in one write each, in order (a chain: two records never interleave),
 * with the file kept open in append mode.
 */
class FileOutboxLog implements OutboxLog {
  #handle: Promise<FileHandle> | null = null;
  #tail: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  append(record: OutboxRecord): Promise<void> {
    const line = Buffer.from(lineOf(record));
    const next = this.#tail.then(async () => {
      this.#handle ??= open(this.path, 'a', 0o600);
      const handle = await this.#handle;
      const { bytesWritten } = await handle.write(line);
      if (bytesWritten !== line.length) throw new Error('An outbox line was written in part.');
    });
    // One failed append does not stop the ones after it.
    this.#tail = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.#tail;
    const handle = this.#handle;
    this.#handle = null;
    await (await handle)?.close();
  }
}
