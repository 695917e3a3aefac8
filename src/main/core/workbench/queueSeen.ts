import { join } from 'node:path';
import { z } from 'zod';
import { QUEUE_IDS, QUEUE_TURNOVER_MS, type QueueId } from '../../../shared/workbench/queues';
import type { Logger } from '../log';
import { PerUserQueue } from '../userData/perUserQueue';
import { readUserJsonFile, writeJsonFile } from '../userData/jsonFile';
import type { QueueContents } from './queueReads';

/**
 * What this console has seen of each queue, per user (queues-seen.json in the user's folder): when
 * it first read the queue, when it first saw each record waiting, and which records left it and
 * when. Turnover over the last 24 hours is counted from it against any provider, which has no
 * call for it. Entries older than the window are dropped at each read.
 */
const queueSeenSchema = z.object({
  /** When the queue was first read (ms). */
  since: z.number(),
  /** Record key → first seen waiting (ms). */
  waiting: z.record(z.string(), z.number()),
  /** Record key → when it was found gone (ms), within the window. */
  left: z.record(z.string(), z.number()),
});
type QueueSeen = z.infer<typeof queueSeenSchema>;

const FILE = 'queues-seen.json';
const seenFileSchema = z.object({
  queues: z.partialRecord(z.enum(QUEUE_IDS), queueSeenSchema),
});
type SeenFile = z.infer<typeof seenFileSchema>;

export interface QueueTurnover {
  /** Record key → first seen waiting (ms), for the records waiting now. */
  firstSeen: ReadonlyMap<string, number>;
  /** Records seen here within the window that have left the queue. */
  wentOut: number;
  since: number;
}

export interface QueueSeenDeps {
  folderOf(username: string): Promise<string | null>;
  log: Logger;
}

export class QueueSeenStore {
  /** Each user's file as read, and where it is written: null keeps it to memory. */
  readonly #files = new Map<string, { file: SeenFile; folder: string | null }>();
  readonly #queue = new PerUserQueue();

  constructor(private readonly deps: QueueSeenDeps) {}

  /**
   * Notes a fresh read of a queue and answers its turnover. A partial read (the first records of
   * a long queue) notes what it saw but says nothing left: the rest were not read.
   */
  note(
    username: string,
    queue: QueueId,
    contents: QueueContents,
    now: number,
  ): Promise<QueueTurnover> {
    return this.#queue.run(username, async () => {
      const { file, folder } = await this.#file(username, now);
      const before: QueueSeen = file.queues[queue] ?? { since: now, waiting: {}, left: {} };
      const cutoff = now - QUEUE_TURNOVER_MS;
      const waiting: Record<string, number> = {};
      for (const record of contents.records)
        waiting[record.key] = before.waiting[record.key] ?? now;
      const left: Record<string, number> = {};
      for (const [key, at] of Object.entries(before.left))
        if (at >= cutoff && !(key in waiting)) left[key] = at;
      if (!contents.partial)
        for (const key of Object.keys(before.waiting)) if (!(key in waiting)) left[key] = now;
      const next: QueueSeen = { since: before.since, waiting, left };
      file.queues[queue] = next;
      if (folder !== null) {
        try {
          await writeJsonFile(join(folder, FILE), file);
        } catch (error) {
          this.deps.log.warn('queues-seen.json cannot be written; kept in memory:', error);
        }
      }
      return {
        firstSeen: new Map(Object.entries(waiting)),
        wentOut: Object.keys(left).length,
        since: next.since,
      };
    });
  }

  async #file(username: string, now: number): Promise<{ file: SeenFile; folder: string | null }> {
    const held = this.#files.get(username);
    if (held) return held;
    const { value, folder } = await readUserJsonFile(
      await this.deps.folderOf(username),
      FILE,
      seenFileSchema,
      this.deps.log,
      new Date(now),
    );
    const entry = { file: value ?? { queues: {} }, folder };
    this.#files.set(username, entry);
    return entry;
  }
}
