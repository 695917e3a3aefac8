import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A file written under a temporary name beside its destination (`.<name>.part-<random>`) and
 * renamed onto it only once complete: whoever opens the destination sees the whole file or none,
 * and a cancel, a failure or a crash mid-way leaves nothing under the chosen name.
 */
export class PartFile {
  readonly partPath: string;
  #handle: FileHandle | null = null;
  /** Closed for writing (committing or discarded). */
  #ended = false;
  #committed = false;

  private constructor(readonly destination: string) {
    this.partPath = join(
      dirname(destination),
      `.${basename(destination)}.part-${randomBytes(6).toString('hex')}`,
    );
  }

  /** Creates the temporary file (refusing one that exists: the random part makes that unlikely). */
  static async create(destination: string): Promise<PartFile> {
    const part = new PartFile(destination);
    part.#handle = await open(part.partPath, 'wx', 0o600);
    return part;
  }

  async write(text: string): Promise<void> {
    if (!this.#handle || this.#ended) throw new Error('The file is already closed.');
    await this.#handle.write(text, null, 'utf8');
  }

  /** Flushes, closes and moves the file onto its destination (replacing one the user chose). */
  async commit(): Promise<void> {
    const handle = this.#take();
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.partPath, this.destination);
    this.#committed = true;
  }

  /** Closes and deletes the temporary file; the destination is left as it was. Never throws. */
  async discard(): Promise<void> {
    if (this.#committed) return;
    if (!this.#ended)
      await this.#take()
        .close()
        .catch(() => undefined);
    await rm(this.partPath, { force: true }).catch(() => undefined);
  }

  #take(): FileHandle {
    if (!this.#handle || this.#ended) throw new Error('The file is already closed.');
    this.#ended = true;
    return this.#handle;
  }
}

/** Writes a whole small file atomically (temp file beside it, then rename). */
export async function writeFileAtomically(destination: string, contents: string): Promise<void> {
  const part = await PartFile.create(destination);
  try {
    await part.write(contents);
    await part.commit();
  } catch (error) {
    await part.discard();
    throw error;
  }
}
