import { userPrefsSchema, type UserPrefs } from '../../../shared/prefs';
import { BridgeFailure } from '../bridgeFailure';
import type { Logger } from '../log';
import { readPrefsFile, writePrefsFile } from './prefsFile';
import { PerUserQueue } from '../userData/perUserQueue';

export interface PrefsStoreOptions {
  /** The user's own folder, or null to keep their prefs in memory (UserJournals.folderOf). */
  folderOf(username: string): Promise<string | null>;
  log: Logger;
  now?: () => Date;
}

interface UserEntry {
  /** Where prefs.json lives; null: memory only. */
  folder: string | null;
  prefs: UserPrefs;
}

/**
 * Each user's prefs, read once from their prefs.json and kept in memory. Every read and change of
 * one user goes through one queue, so that two changes sent at once are both kept (the second
 * starts from what the first wrote) and two writes of the same file never overlap.
 */
export class PrefsStore {
  readonly #users = new Map<string, UserEntry>();
  readonly #queue = new PerUserQueue();

  constructor(private readonly options: PrefsStoreOptions) {}

  get(username: string): Promise<UserPrefs> {
    return this.#queue.run(username, async () => (await this.#entry(username)).prefs);
  }

  /**
   * Applies a change and writes the result. The change may throw (a refused change): nothing is
   * written then, and the queue goes on. Answers the prefs after the change; `changed` is false
   * when the change gave back the same object (nothing written).
   */
  update<T = undefined>(
    username: string,
    change: (prefs: UserPrefs) => { prefs: UserPrefs; extra?: T },
  ): Promise<{ prefs: UserPrefs; changed: boolean; extra: T | undefined }> {
    return this.#queue.run(username, async () => {
      const entry = await this.#entry(username);
      const result = change(entry.prefs);
      if (result.prefs === entry.prefs)
        return { prefs: entry.prefs, changed: false, extra: result.extra };
      // Checked again as a whole, so that no change can store what the next start cannot read.
      const checked = userPrefsSchema.safeParse(result.prefs);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new BridgeFailure(
          400,
          'INVALID_PREFS',
          `This change cannot be kept: ${issue?.path.join('.') || 'prefs'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      if (entry.folder !== null) {
        try {
          await writePrefsFile(entry.folder, checked.data);
        } catch (error) {
          this.options.log.warn('The prefs file could not be written:', error);
          throw new BridgeFailure(
            500,
            'PREFS_NOT_SAVED',
            `Your change could not be saved: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      entry.prefs = checked.data;
      return { prefs: entry.prefs, changed: true, extra: result.extra };
    });
  }

  async #entry(username: string): Promise<UserEntry> {
    const known = this.#users.get(username);
    if (known) return known;
    const folder = await this.options.folderOf(username);
    let entry: UserEntry;
    if (folder === null) {
      entry = { folder: null, prefs: userPrefsSchema.parse({}) };
    } else {
      const read = await readPrefsFile(
        folder,
        this.options.log,
        this.options.now?.() ?? new Date(),
      );
      entry = { folder: read.kind === 'read' ? folder : null, prefs: read.prefs };
    }
    this.#users.set(username, entry);
    return entry;
  }
}
