import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { journalFileName } from './journalFiles';

/**
 * Where the journal's lines go: its files, or nowhere (a journal in memory keeps the same
 * numbering, rotation and limits, so it behaves as the one on disk does).
 */
export interface JournalSink {
  /**
   * Adds one complete line at the end of file `number`, `bytesBefore` long until now, in one
   * write. A write that fails is undone, so the next line still starts on a line of its own.
   */
  append(number: number, line: Buffer, bytesBefore: number): Promise<void>;
  remove(number: number): Promise<void>;
  close(): Promise<void>;
}

export const memorySink: JournalSink = {
  append: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/**
 * The journal's folder, with the newest file kept open in append mode: an append is one write(2)
 * at the end of the file, however long the file is, and never reads it.
 */
export class FileSink implements JournalSink {
  #current: { number: number; handle: FileHandle } | null = null;

  constructor(private readonly folder: string) {}

  async append(number: number, line: Buffer, bytesBefore: number): Promise<void> {
    const handle = await this.#handleOf(number);
    try {
      const { bytesWritten } = await handle.write(line);
      if (bytesWritten !== line.length) throw new Error('The journal line was written in part.');
    } catch (error) {
      // A full disk can leave part of a line: cut it off now rather than at the next open.
      await handle.truncate(bytesBefore).catch(() => undefined);
      throw error;
    }
  }

  async remove(number: number): Promise<void> {
    if (this.#current?.number === number) await this.close();
    await rm(join(this.folder, journalFileName(number)), { force: true });
  }

  async close(): Promise<void> {
    const current = this.#current;
    this.#current = null;
    await current?.handle.close();
  }

  async #handleOf(number: number): Promise<FileHandle> {
    if (this.#current?.number === number) return this.#current.handle;
    await this.close();
    const handle = await open(join(this.folder, journalFileName(number)), 'a', 0o600);
    this.#current = { number, handle };
    return handle;
  }
}
