import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Logger } from '../log';
import { readJson } from '../prefs/readJson';

/**
 * A settings-like JSON file in the user's folder (DESIGN.md, "Per-user local data"), as prefs.json
 * is kept: written atomically, and read against its schema, a file that does not fit being moved
 * aside (never deleted: it may be all the user had).
 */

export type JsonFileRead<T> =
  /** The file's contents; `missing` when there was no file (or it was moved aside). */
  | { kind: 'read'; value: T | null }
  /** There, but it could not be read or moved aside: keep to memory, write nothing over it. */
  | { kind: 'untouchable' };

export async function readJsonFile<T>(
  path: string,
  schema: z.ZodType<T>,
  log: Logger,
  now: Date,
): Promise<JsonFileRead<T>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'read', value: null };
    log.warn(`${path} cannot be read; kept in memory only:`, error);
    return { kind: 'untouchable' };
  }
  const read = readJson(text);
  const checked = read.ok ? schema.safeParse(read.value) : null;
  if (checked?.success) return { kind: 'read', value: checked.data };
  const problem = read.ok
    ? `${checked?.error?.issues[0]?.path.join('.') || 'the file'} does not fit`
    : read.problem;
  const aside = `${path}.bad-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    log.warn(`${path} is unreadable (${problem}) and cannot be moved aside:`, error);
    return { kind: 'untouchable' };
  }
  log.warn(`${path} is unreadable (${problem}); it was moved to ${aside}.`);
  return { kind: 'read', value: null };
}

/**
 * A user's file in their folder, read once for a store that keeps it in memory: its value (null when
 * there is none), and the folder to write it to, null when it is kept to memory (no folder, or a
 * file there that cannot be read nor moved aside, which is never written over).
 */
export async function readUserJsonFile<T>(
  folder: string | null,
  name: string,
  schema: z.ZodType<T>,
  log: Logger,
  now: Date,
): Promise<{ value: T | null; folder: string | null }> {
  if (folder === null) return { value: null, folder: null };
  const read = await readJsonFile(join(folder, name), schema, log, now);
  return read.kind === 'read' ? { value: read.value, folder } : { value: null, folder: null };
}

/**
 * Writes atomically: a temporary file in the same folder (same file system, so the rename is
 * atomic), flushed, then renamed over the file. A crash leaves the old file or the new one.
 */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  await writeFileAtomically(path, `${JSON.stringify(value)}\n`);
}

/** Writes `text` over the file at `path` atomically (temp file, flushed, renamed over it). */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
