import { join } from 'node:path';
import { FINISHED_RUN_STATUSES } from '../../../shared/runs';
import { BridgeFailure } from '../bridgeFailure';
import type { Logger } from '../log';
import type { UserJournals } from '../writes/userJournals';
import type { ItemState } from './reviewItemState';
import { ACTIVE, fileOf, newRun, type Clock, type Halt, type Run } from './run';
import { RunFiles } from './runFiles';
import type { RunEvents } from './runViews';

/** Finished runs kept (in memory and on disk) per user; older ones are forgotten. */
const KEEP_FINISHED = 50;

export interface RunStoreDeps {
  journals: Pick<UserJournals, 'folderOf' | 'of'>;
  events: Pick<RunEvents, 'changed'>;
  halt: Halt;
  log: Logger;
  now: Clock;
}

/**
 * Every user's runs: in memory while core lives, and on disk in the user's folder (runFiles.ts),
 * read once per user. A run found unfinished on disk (a quit or a crash) becomes interrupted, its
 * items' results rebuilt from the journal's entries of the run, so that a resume writes nothing
 * twice (DESIGN.md, "Runs live in core").
 */
export class RunStore {
  readonly #runs = new Map<string, Run>();
  readonly #loaded = new Map<string, Promise<void>>();
  readonly #folders = new Map<string, RunFiles | null>();

  constructor(private readonly deps: RunStoreDeps) {}

  add(run: Run): void {
    this.#runs.set(run.id, run);
  }

  /** Every run held, of every user (session events look for the ones waiting). */
  all(): IterableIterator<Run> {
    return this.#runs.values();
  }

  /** The user's runs, newest first (loaded from disk first). */
  async ofUser(username: string): Promise<Run[]> {
    await this.load(username);
    return [...this.#runs.values()]
      .filter((run) => run.username === username)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** The user's run of this id; 404 for another user's run, as for one that does not exist. */
  async own(id: string, username: string): Promise<Run> {
    await this.load(username);
    const run = this.#runs.get(id);
    if (!run || run.username !== username)
      throw new BridgeFailure(404, 'NO_SUCH_RUN', 'There is no such run.');
    return run;
  }

  /** Forgets the run, here and on disk. */
  async remove(run: Run): Promise<void> {
    this.#runs.delete(run.id);
    await this.#files(run)?.remove(run.id);
  }

  /**
   * Writes the run's file: at every change of status once it is frozen, never per item, and not
   * after a halt (the files stay as the quit found them). A file that cannot be written is logged.
   */
  async save(run: Run): Promise<void> {
    if (this.deps.halt.halted || run.status === 'preparing' || run.status === 'ready') return;
    try {
      await this.#files(run)?.save(fileOf(run));
    } catch (error) {
      this.deps.log.warn('A run could not be saved; it will not resume after a quit:', error);
    }
  }

  /** The user's runs from disk, once: unfinished ones become interrupted. */
  load(username: string): Promise<void> {
    let loading = this.#loaded.get(username);
    if (!loading) {
      loading = this.#loadFromDisk(username);
      this.#loaded.set(username, loading);
    }
    return loading;
  }

  #files(run: { username: string }): RunFiles | null {
    return this.#folders.get(run.username) ?? null;
  }

  async #loadFromDisk(username: string): Promise<void> {
    const folder = await this.deps.journals.folderOf(username);
    const files = folder === null ? null : new RunFiles(join(folder, 'runs'));
    this.#folders.set(username, files);
    if (!files) return;
    const { runs, unreadable } = await files.loadAll();
    for (const name of unreadable) this.deps.log.warn(`A run file could not be read: ${name}`);
    const journal = await this.deps.journals.of(username);
    const finished = runs
      .filter((r) => FINISHED_RUN_STATUSES.includes(r.status))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const forgotten = new Set(finished.slice(KEEP_FINISHED).map((r) => r.id));
    for (const id of forgotten) await files.remove(id);
    for (const file of runs) {
      if (forgotten.has(file.id) || this.#runs.has(file.id)) continue;
      if (file.status === 'preparing' || file.status === 'ready') {
        await files.remove(file.id);
        continue;
      }
      const run: Run = { ...newRun(file, this.deps.now), ...file };
      run.read = file.items.length;
      for (const entry of journal.ofRun(file.id)) {
        const id = Number(entry.target?.split(' ')[1]);
        if (!Number.isFinite(id)) continue;
        run.results.set(id, {
          outcome: entry.outcome,
          reason: entry.message,
          before: entry.before ? stateFromJournal(entry.before) : null,
        });
      }
      if (ACTIVE.includes(file.status) || file.status === 'interrupted') {
        run.status = 'interrupted';
        run.queue = file.items.flatMap((item, index) => (run.results.has(item.id) ? [] : [index]));
        await files.save(file.status === 'interrupted' ? file : { ...file, status: 'interrupted' });
      }
      this.#runs.set(run.id, run);
      this.deps.events.changed(run, true);
    }
  }
}

function stateFromJournal(before: Record<string, unknown>): ItemState {
  return {
    ...(typeof before.selected === 'boolean' ? { selected: before.selected } : {}),
    reviewedBy: typeof before.reviewedBy === 'string' ? before.reviewedBy : null,
    ...(typeof before.manuallyChanged === 'boolean'
      ? { manuallyChanged: before.manuallyChanged }
      : {}),
  };
}
