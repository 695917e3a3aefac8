import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_PREFS, userPrefsSchema, type UserPrefs } from '../../../shared/prefs';
import type { Logger } from '../log';
import { readJson } from './readJson';
import { writeFileAtomically } from '../userData/jsonFile';

/**
 * One user's prefs.json in their own folder (DESIGN.md, "Per-user local data"): settings-like data,
 * so JSON written atomically. Nothing in it is a secret (userPrefsSchema has no place for one).
 */
export const PREFS_FILE_NAME = 'prefs.json';

export type PrefsRead =
  /** The file's prefs, or the defaults when there is no file or it was moved aside. */
  | { kind: 'read'; prefs: UserPrefs }
  /**
   * The file is there but could not be read or moved aside: the defaults, kept in memory only, so
   * that no later write replaces what the user had.
   */
  | { kind: 'untouchable'; prefs: UserPrefs };

/**
 * Reads the user's prefs. A file that is not JSON or does not fit the schema is moved aside as
 * prefs.json.bad-<time> (never deleted: it may be all the user had) and the defaults start over.
 */
export async function readPrefsFile(folder: string, log: Logger, now: Date): Promise<PrefsRead> {
  const path = join(folder, PREFS_FILE_NAME);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { kind: 'read', prefs: DEFAULT_PREFS };
    log.warn(`The prefs file ${path} cannot be read; the defaults are kept in memory:`, error);
    return { kind: 'untouchable', prefs: DEFAULT_PREFS };
  }
  const checked = checkPrefsText(text);
  if (checked.ok) return { kind: 'read', prefs: checked.prefs };
  const aside = `${path}.bad-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    log.warn(
      `The prefs file ${path} is unreadable (${checked.problem}) and cannot be moved aside; the defaults are kept in memory:`,
      error,
    );
    return { kind: 'untouchable', prefs: DEFAULT_PREFS };
  }
  log.warn(
    `The prefs file ${path} is unreadable (${checked.problem}); it was moved to ${aside} and the defaults are used.`,
  );
  return { kind: 'read', prefs: DEFAULT_PREFS };
}

function checkPrefsText(
  text: string,
): { ok: true; prefs: UserPrefs } | { ok: false; problem: string } {
  const read = readJson(text);
  if (!read.ok) return { ok: false, problem: read.problem };
  const checked = userPrefsSchema.safeParse(read.value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.join('.') || 'the file';
    return { ok: false, problem: `${where}: ${issue?.message ?? 'does not fit'}` };
  }
  return { ok: true, prefs: checked.data };
}

/**
 * Writes the prefs atomically: a temporary file in the same folder (same file system, so the
 * rename is atomic), flushed, then renamed over prefs.json. A crash leaves the old file or the new
 * one, never half of one.
 */
export async function writePrefsFile(folder: string, prefs: UserPrefs): Promise<void> {
  await writeFileAtomically(join(folder, PREFS_FILE_NAME), `${JSON.stringify(prefs, null, 2)}\n`);
}
