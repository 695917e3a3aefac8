import { join } from 'node:path';
import type {
  CheckedJournalQuery,
  JournalEntry,
  JournalPage,
  NewJournalEntry,
} from '../../../shared/journal';
import { openJournal, type JournalStore } from '../journal/journalStore';
import type { Logger } from '../log';
import { ensureUserFolder } from '../userData/userFolder';

export interface UserJournalsOptions {
  /** The user-data folder; null keeps every journal in memory (tests, a folder that fails). */
  root: string | null;
  apiUrl: string;
  retentionDays: number;
  log: Logger;
  /** Told of every appended entry (the bridge's journal.appended event). */
  onAppended(entry: JournalEntry): void;
}

/**
 * The journal of each user who signs in on this machine, opened on first use and kept open. A
 * journal that cannot be opened on disk falls back to memory, with a warning: a write is never
 * refused because its record could not be kept.
 */
export class UserJournals {
  readonly #opening = new Map<string, Promise<JournalStore>>();

  constructor(private readonly options: UserJournalsOptions) {}

  /** The user's own folder (runs keep their files there); null when kept in memory. */
  async folderOf(username: string): Promise<string | null> {
    const { root, apiUrl } = this.options;
    if (root === null) return null;
    try {
      return await ensureUserFolder(root, apiUrl, username);
    } catch (error) {
      this.options.log.warn('The user data folder cannot be written; kept in memory:', error);
      return null;
    }
  }

  of(username: string): Promise<JournalStore> {
    let store = this.#opening.get(username);
    if (!store) {
      store = this.#open(username);
      this.#opening.set(username, store);
    }
    return store;
  }

  async #open(username: string): Promise<JournalStore> {
    const folder = await this.folderOf(username);
    const retentionDays = this.options.retentionDays;
    if (folder === null) return openJournal({ folder: null, retentionDays });
    try {
      return await openJournal({ folder: join(folder, 'journal'), retentionDays });
    } catch (error) {
      this.options.log.warn('The journal cannot be opened on disk; kept in memory:', error);
      return openJournal({ folder: null, retentionDays });
    }
  }

  /** Appends; never throws (a journal that fails is logged, the write it records stands). */
  async record(username: string, entry: NewJournalEntry): Promise<JournalEntry | null> {
    try {
      const written = await (await this.of(username)).append(entry);
      this.options.onAppended(written);
      return written;
    } catch (error) {
      this.options.log.warn('A journal entry could not be written:', error);
      return null;
    }
  }

  async list(username: string, query: CheckedJournalQuery): Promise<JournalPage> {
    return (await this.of(username)).list(query);
  }

  async closeAll(): Promise<void> {
    const stores = await Promise.allSettled(this.#opening.values());
    this.#opening.clear();
    await Promise.all(
      stores.map((s) => (s.status === 'fulfilled' ? s.value.close() : Promise.resolve())),
    );
  }
}
