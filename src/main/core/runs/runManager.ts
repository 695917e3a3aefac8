import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ReviewItem } from '../../../shared/api/records';
import type { SessionView } from '../../../shared/auth';
import type { BridgeEvent } from '../../../shared/bridge';
import { REVIEW_PAGE_SIZE } from '../../../shared/constants';
import { reviewTarget, type JournalEntry } from '../../../shared/journal';
import {
  BULK_ACTION_WORDS,
  FINISHED_RUN_STATUSES,
  type BulkAction,
  type CheckedRunPrepare,
  type RunProblem,
  type RunStatus,
  type RunView,
} from '../../../shared/runs';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { Logger } from '../log';
import type { UserJournals } from '../writes/userJournals';
import type { ItemWrite, ReviewCalls } from './reviewCalls';
import { RunFiles, type RunFile } from './runFiles';
import { RunPace } from './runProgress';
import {
  beforeOf,
  differences,
  isLeftOut,
  keyOf,
  stateOf,
  type ItemState,
  type SnapshotItem,
} from './reviewItemState';

export interface RunManagerDeps {
  calls: ReviewCalls;
  journals: UserJournals;
  session: { view(): SessionView };
  /** The most calls a run has in flight (the runConcurrency setting). */
  concurrency: number;
  emit(event: BridgeEvent): void;
  log: Logger;
  now?: () => number;
}

interface ItemResult {
  outcome: 'ok' | 'skipped' | 'failed';
  reason: string | null;
  /** The item's state just before the run wrote it (ok), for Undo run. */
  before: ItemState | null;
}

interface Run extends RunFile {
  read: number;
  error: string | null;
  results: Map<number, ItemResult>;
  /** Indexes into items still to handle, in order. */
  queue: number[];
  inFlight: number;
  pace: RunPace;
  /** Resolved when nothing is in flight any more (cancel waits for it). */
  idle: (() => void)[];
  /**
   * Cancel was asked: no item is taken and a read in flight writes nothing, while the writes
   * already sent come back. The run says cancelled only then, with every write it made counted.
   */
  stopping: boolean;
  emitTimer: ReturnType<typeof setTimeout> | null;
}

/** The most items a snapshot holds: a larger filter is refused, so that it can be narrowed. */
export const MAX_SNAPSHOT = 100_000;
/** Finished runs kept (in memory and on disk) per user; older ones are forgotten. */
const KEEP_FINISHED = 50;
const PROGRESS_EVERY_MS = 250;
const ACTIVE: readonly RunStatus[] = ['running', 'paused', 'waitingForSession'];

const WRITE_OF: Record<BulkAction, ItemWrite> = {
  eliminate: 'manually-eliminate',
  select: 'manually-select',
  reviewed: 'reviewed',
};

const notFound = () => new BridgeFailure(404, 'NO_SUCH_RUN', 'There is no such run.');
const conflict = (message: string) => new BridgeFailure(409, 'RUN_STATE', message);

/**
 * The user's runs (DESIGN.md, "Runs live in core"). A bulk run freezes its items before the first
 * write, then handles them with at most `concurrency` calls in flight: each item is read again
 * (find by id) and left, with the reason, when someone changed it since the snapshot; otherwise the
 * write is sent and journalled. Pause, resume, cancel, retry of the failed items and the undo of a
 * finished run; a run waits for the session when it ends, and a run found unfinished at start-up is
 * offered for Resume or Discard, resumed from its journal entries so that nothing is written twice.
 */
export class RunManager {
  readonly #runs = new Map<string, Run>();
  readonly #loaded = new Map<string, Promise<void>>();
  readonly #now: () => number;
  #halted = false;

  constructor(private readonly deps: RunManagerDeps) {
    this.#now = deps.now ?? Date.now;
  }

  // What the bridge asks -------------------------------------------------------------------------

  async list(): Promise<RunView[]> {
    const username = this.#username();
    await this.#load(username);
    return [...this.#runs.values()]
      .filter((run) => run.username === username)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((run) => this.#view(run));
  }

  async prepare({ filterType, action, scope }: CheckedRunPrepare): Promise<RunView> {
    const username = this.#username();
    await this.#load(username);
    const run = this.#newRun({
      kind: 'bulk',
      action,
      write: WRITE_OF[action],
      filterType,
      username,
      status: 'preparing',
    });
    if (scope.kind === 'filter') {
      const filter = { ...scope.filter, startIndex: 0 };
      run.matched = await this.deps.calls.count(filterType, filter);
      this.#runs.set(run.id, run);
      void this.#snapshotFilter(run, filter);
    } else {
      const ids = [...new Set(scope.ids)];
      run.matched = ids.length;
      this.#runs.set(run.id, run);
      void this.#snapshotChosen(run, ids);
    }
    return this.#view(run);
  }

  async start(id: string): Promise<RunView> {
    const run = await this.#own(id);
    if (run.status !== 'ready') throw conflict('Only a run whose items are read can start.');
    run.status = 'running';
    run.startedAt = this.#iso();
    run.queue = run.items.map((_, index) => index);
    await this.#save(run);
    this.#changed(run, true);
    this.#pump(run);
    return this.#view(run);
  }

  async pause(id: string): Promise<RunView> {
    const run = await this.#own(id);
    if (run.status !== 'running' && run.status !== 'waitingForSession')
      throw conflict('Only a run under way can be paused.');
    await this.#setStatus(run, 'paused');
    return this.#view(run);
  }

  async resume(id: string): Promise<RunView> {
    const run = await this.#own(id);
    if (!['paused', 'interrupted', 'waitingForSession'].includes(run.status))
      throw conflict('Only a paused or interrupted run can be resumed.');
    run.pace.reset();
    await this.#setStatus(run, this.#sessionIsFor(run) ? 'running' : 'waitingForSession');
    this.#pump(run);
    return this.#view(run);
  }

  async cancel(id: string): Promise<RunView> {
    const run = await this.#own(id);
    if (FINISHED_RUN_STATUSES.includes(run.status)) throw conflict('This run has already ended.');
    run.queue = [];
    run.stopping = true;
    // Calls already sent finish; nothing is sent after this answer, nor after any view of the run
    // that says cancelled (a write landing after it would not be in the count it showed).
    await this.#idle(run);
    run.stopping = false;
    run.finishedAt = this.#iso();
    await this.#setStatus(run, 'cancelled');
    return this.#view(run);
  }

  async retryFailed(id: string): Promise<RunView> {
    const run = await this.#own(id);
    if (!FINISHED_RUN_STATUSES.includes(run.status) || run.status === 'failed')
      throw conflict('Failed items are retried once the run has ended.');
    const failed = run.items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => run.results.get(item.id)?.outcome === 'failed');
    if (failed.length === 0) throw conflict('This run has no failed items.');
    for (const { item } of failed) run.results.delete(item.id);
    run.queue = failed.map(({ index }) => index);
    run.finishedAt = null;
    run.pace.reset();
    await this.#setStatus(run, this.#sessionIsFor(run) ? 'running' : 'waitingForSession');
    this.#pump(run);
    return this.#view(run);
  }

  async undo(id: string): Promise<RunView> {
    const run = await this.#own(id);
    if (!this.#canUndo(run)) throw conflict('This run cannot be undone.');
    const target = run.write === 'manually-select';
    const items: SnapshotItem[] = run.items.flatMap((item) => {
      const result = run.results.get(item.id);
      if (result?.outcome !== 'ok' || result.before?.selected !== !target) return [];
      // As the run left it: its decision, the reviewer it found (a manual change sets no reviewer).
      return [{ ...item, expect: { selected: target, reviewedBy: result.before.reviewedBy } }];
    });
    const undo = this.#newRun({
      kind: 'undo',
      action: run.action,
      write: target ? 'manually-eliminate' : 'manually-select',
      filterType: run.filterType,
      username: run.username,
      status: 'running',
    });
    undo.items = items;
    undo.matched = items.length;
    undo.undoOf = run.id;
    undo.startedAt = this.#iso();
    undo.queue = items.map((_, index) => index);
    run.undoneBy = undo.id;
    this.#runs.set(undo.id, undo);
    await this.#save(run);
    await this.#save(undo);
    this.#changed(run, true);
    this.#changed(undo, true);
    this.#pump(undo);
    return this.#view(undo);
  }

  async discard(id: string): Promise<null> {
    const run = await this.#own(id);
    if (ACTIVE.includes(run.status)) throw conflict('Cancel the run before discarding it.');
    run.status = 'cancelled';
    this.#runs.delete(id);
    await this.#files(run)?.remove(id);
    return null;
  }

  /** Session events: a run waiting for its user goes on once that user is signed in again. */
  onSessionEvent(event: BridgeEvent): void {
    if (event.type !== 'session.changed' || !event.session.signedIn) return;
    const username = event.session.username;
    if (username) void this.#load(username).catch(() => undefined);
    for (const run of this.#runs.values()) {
      if (run.status === 'waitingForSession' && this.#sessionIsFor(run)) {
        void this.#setStatus(run, 'running').then(() => this.#pump(run));
      }
    }
  }

  /**
   * What a quit or a crash does to the runs: nothing more is sent or recorded, and the files stay
   * as they are, so that the next start finds the runs under way and offers to resume them.
   */
  halt(): void {
    this.#halted = true;
  }

  // The snapshot ---------------------------------------------------------------------------------

  async #snapshotFilter(run: Run, filter: Parameters<ReviewCalls['page']>[1]): Promise<void> {
    const seen = new Set<number>();
    try {
      const lastPage = Math.ceil(run.matched / REVIEW_PAGE_SIZE) + 5;
      let previousFirst: number | undefined;
      for (let page = 0; page <= lastPage; page++) {
        if (run.status !== 'preparing' || this.#halted) return;
        const items = await this.deps.calls.page(run.filterType, filter, page);
        // A provider that ignores startIndex would answer the first page for ever.
        if (page > 0 && items.length > 0 && items[0]!.id === previousFirst) break;
        previousFirst = items[0]?.id;
        run.read += items.length;
        for (const item of items) this.#take(run, item, seen);
        if (run.items.length > MAX_SNAPSHOT)
          throw new BridgeFailure(
            413,
            'RUN_TOO_LARGE',
            `This filter matches more than ${MAX_SNAPSHOT.toLocaleString('en-US')} items: narrow it first.`,
          );
        this.#changed(run, false);
        if (items.length < REVIEW_PAGE_SIZE) break;
      }
      await this.#ready(run);
    } catch (error) {
      this.#failSnapshot(run, error);
    }
  }

  async #snapshotChosen(run: Run, ids: number[]): Promise<void> {
    const seen = new Set<number>();
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (run.status !== 'preparing' || this.#halted) return;
        try {
          const item = await this.deps.calls.findById(run.filterType, id);
          this.#take(run, item.id === undefined ? { ...item, id } : item, seen);
        } catch (error) {
          run.results.set(id, {
            outcome: 'skipped',
            reason: `could not be read: ${toBridgeError(error).message}`,
            before: null,
          });
        }
        run.read += 1;
        this.#changed(run, false);
      }
    };
    try {
      await Promise.all(Array.from({ length: this.deps.concurrency }, worker));
      // Keep the order the user chose them in.
      const order = new Map(ids.map((id, index) => [id, index]));
      run.items.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      await this.#ready(run);
    } catch (error) {
      this.#failSnapshot(run, error);
    }
  }

  #take(run: Run, item: ReviewItem, seen: Set<number>): void {
    if (item.id === undefined || seen.has(item.id)) return;
    seen.add(item.id);
    if (isLeftOut(item)) run.leftOut += 1;
    else run.items.push({ id: item.id, key: keyOf(run.filterType, item), expect: stateOf(item) });
  }

  async #ready(run: Run): Promise<void> {
    if (run.status !== 'preparing') return;
    run.status = 'ready';
    this.#changed(run, true);
  }

  #failSnapshot(run: Run, error: unknown): void {
    if (run.status !== 'preparing') return;
    run.status = 'failed';
    run.error = toBridgeError(error).message;
    run.finishedAt = this.#iso();
    this.#changed(run, true);
  }

  // The writes -----------------------------------------------------------------------------------

  #pump(run: Run): void {
    while (
      run.status === 'running' &&
      !run.stopping &&
      !this.#halted &&
      run.inFlight < this.deps.concurrency &&
      run.queue.length > 0
    ) {
      const index = run.queue.shift()!;
      run.inFlight += 1;
      void this.#handle(run, index)
        .catch((error: unknown) => this.deps.log.warn('A run item failed unexpectedly:', error))
        .finally(() => {
          run.inFlight -= 1;
          if (run.inFlight === 0) run.idle.splice(0).forEach((resolve) => resolve());
          this.#pump(run);
        });
    }
    if (
      run.status === 'running' &&
      !run.stopping &&
      run.queue.length === 0 &&
      run.inFlight === 0 &&
      !this.#halted
    )
      void this.#finish(run);
  }

  async #handle(run: Run, index: number): Promise<void> {
    const item = run.items[index]!;
    if (!this.#sessionIsFor(run)) return this.#waitForSession(run, index);
    let now: ReviewItem;
    try {
      now = await this.deps.calls.findById(run.filterType, item.id);
    } catch (error) {
      if (this.#halted) return;
      if (this.#sessionGone(error, run)) return this.#waitForSession(run, index);
      // Nothing was written: a failed read is the item's result, not a journal entry.
      this.#result(run, item.id, {
        outcome: 'failed',
        reason: `could not be read again: ${toBridgeError(error).message}`,
        before: null,
      });
      return;
    }
    if (this.#halted || run.status === 'cancelled' || run.stopping) return;
    if (run.status !== 'running') {
      run.queue.unshift(index);
      return;
    }
    const state = stateOf(now);
    const reason = this.#reasonToLeave(run, item, state);
    const described = this.deps.calls.describe(run.filterType, run.write, item.id);
    if (reason !== null) {
      await this.#journal(run, item.id, described, state, 'skipped', null, reason);
      this.#result(run, item.id, { outcome: 'skipped', reason, before: state });
      return;
    }
    let status: number;
    try {
      status = await this.deps.calls.write(
        run.filterType,
        run.write,
        item.id,
        keyOf(run.filterType, now),
        run.id,
      );
    } catch (error) {
      if (this.#halted) return;
      if (this.#sessionGone(error, run)) return this.#waitForSession(run, index);
      const failure = toBridgeError(error);
      await this.#journal(
        run,
        item.id,
        described,
        state,
        'failed',
        failure.status,
        failure.message,
      );
      this.#result(run, item.id, { outcome: 'failed', reason: failure.message, before: state });
      return;
    }
    // A crash here loses this entry only; the item then reads as already written (#reasonToLeave).
    if (this.#halted) return;
    await this.#journal(run, item.id, described, state, 'ok', status, null);
    this.#result(run, item.id, { outcome: 'ok', reason: null, before: state });
  }

  /** Why this item is left as it is, or null to write it. */
  #reasonToLeave(run: Run, item: SnapshotItem, now: ItemState): string | null {
    const changed = differences(item.expect, now);
    if (changed !== null) {
      if (this.#holdsTarget(run, now))
        return `already as this run leaves it (${changed}): not written again`;
      return run.kind === 'undo'
        ? `changed since the run: ${changed}`
        : `changed since the snapshot: ${changed}`;
    }
    if (run.write === 'reviewed' && now.reviewedBy !== null)
      return `already reviewed by ${now.reviewedBy}`;
    return null;
  }

  #holdsTarget(run: Run, now: ItemState): boolean {
    if (run.write === 'reviewed') return now.reviewedBy === run.username;
    return now.selected === (run.write === 'manually-select') && now.manuallyChanged !== false;
  }

  async #journal(
    run: Run,
    id: number,
    described: { channel: string; call: string },
    before: ItemState,
    outcome: JournalEntry['outcome'],
    status: number | null,
    message: string | null,
  ): Promise<void> {
    await this.deps.journals.record(run.username, {
      at: this.#iso(),
      channel: described.channel,
      call: described.call,
      area: 'review',
      target: reviewTarget(run.filterType, id),
      summary: run.kind === 'undo' ? `${run.write} (undo of a run)` : run.write,
      before: beforeOf(before),
      outcome,
      status,
      message,
      runId: run.id,
    });
  }

  #result(run: Run, id: number, result: ItemResult): void {
    run.results.set(id, result);
    run.pace.handled();
    this.#changed(run, false);
  }

  #waitForSession(run: Run, index: number): void {
    run.queue.unshift(index);
    if (run.status === 'running') void this.#setStatus(run, 'waitingForSession');
  }

  #sessionGone(error: unknown, run: Run): boolean {
    const failure = toBridgeError(error);
    if (failure.code === 'SESSION_ENDED') return true;
    return (failure.status === 401 || failure.status === 403) && !this.#sessionIsFor(run);
  }

  #sessionIsFor(run: Run): boolean {
    const view = this.deps.session.view();
    return view.signedIn && view.username === run.username;
  }

  async #finish(run: Run): Promise<void> {
    if (run.status !== 'running') return;
    run.finishedAt = this.#iso();
    await this.#setStatus(run, 'done');
  }

  async #setStatus(run: Run, status: RunStatus): Promise<void> {
    run.status = status;
    this.#changed(run, true);
    await this.#save(run);
  }

  #idle(run: Run): Promise<void> {
    if (run.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => run.idle.push(resolve));
  }

  // Keeping and loading --------------------------------------------------------------------------

  #newRun(
    fields: Pick<RunFile, 'kind' | 'action' | 'write' | 'filterType' | 'username' | 'status'>,
  ): Run {
    return {
      version: 1,
      id: randomUUID(),
      ...fields,
      matched: 0,
      leftOut: 0,
      items: [],
      createdAt: this.#iso(),
      startedAt: null,
      finishedAt: null,
      undoOf: null,
      undoneBy: null,
      read: 0,
      error: null,
      results: new Map(),
      queue: [],
      inFlight: 0,
      pace: new RunPace(this.#now),
      idle: [],
      stopping: false,
      emitTimer: null,
    };
  }

  readonly #folders = new Map<string, RunFiles | null>();

  #files(run: { username: string }): RunFiles | null {
    return this.#folders.get(run.username) ?? null;
  }

  async #save(run: Run): Promise<void> {
    if (this.#halted || run.status === 'preparing' || run.status === 'ready') return;
    const {
      read: _r,
      error: _e,
      results: _s,
      queue: _q,
      inFlight: _i,
      pace: _p,
      idle: _d,
      stopping: _c,
      emitTimer: _t,
      ...file
    } = run;
    try {
      await this.#files(run)?.save(file);
    } catch (error) {
      this.deps.log.warn('A run could not be saved; it will not resume after a quit:', error);
    }
  }

  /** The user's runs from disk, once: unfinished ones become interrupted. */
  #load(username: string): Promise<void> {
    let loading = this.#loaded.get(username);
    if (!loading) {
      loading = this.#loadFromDisk(username);
      this.#loaded.set(username, loading);
    }
    return loading;
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
      const run: Run = { ...this.#newRun(file), ...file };
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
      this.#changed(run, true);
    }
  }

  async #own(id: string): Promise<Run> {
    const username = this.#username();
    await this.#load(username);
    const run = this.#runs.get(id);
    if (!run || run.username !== username) throw notFound();
    return run;
  }

  #username(): string {
    const view = this.deps.session.view();
    if (!view.signedIn || !view.username)
      throw new BridgeFailure(401, 'SESSION_ENDED', 'You are not signed in.');
    return view.username;
  }

  // What the renderer sees -----------------------------------------------------------------------

  #changed(run: Run, now: boolean): void {
    if (now) {
      if (run.emitTimer) clearTimeout(run.emitTimer);
      run.emitTimer = null;
      this.deps.emit({ type: 'runs.changed', run: this.#view(run) });
      return;
    }
    run.emitTimer ??= setTimeout(() => {
      run.emitTimer = null;
      this.deps.emit({ type: 'runs.changed', run: this.#view(run) });
    }, PROGRESS_EVERY_MS);
  }

  #canUndo(run: Run): boolean {
    if (run.kind !== 'bulk' || run.write === 'reviewed' || run.undoneBy !== null) return false;
    if (run.status !== 'done' && run.status !== 'cancelled') return false;
    const target = run.write === 'manually-select';
    return [...run.results.values()].some(
      (r) => r.outcome === 'ok' && r.before?.selected === !target,
    );
  }

  #view(run: Run): RunView {
    let done = 0;
    let skipped = 0;
    let failed = 0;
    const problems: RunProblem[] = [];
    for (const [id, result] of run.results) {
      if (result.outcome === 'ok') done += 1;
      else {
        if (result.outcome === 'skipped') skipped += 1;
        else failed += 1;
        if (problems.length < 1000)
          problems.push({ id, outcome: result.outcome, reason: result.reason ?? '' });
      }
    }
    const total = run.items.length + (run.kind === 'bulk' ? chosenUnread(run) : 0);
    const words = BULK_ACTION_WORDS[run.action];
    return {
      id: run.id,
      kind: run.kind,
      action: run.action,
      filterType: run.filterType,
      label: run.kind === 'undo' ? words.undoing : words.doing,
      status: run.status,
      matched: run.matched,
      read: run.read,
      total,
      leftOut: run.leftOut,
      done,
      skipped,
      failed,
      inFlight: run.inFlight,
      concurrency: this.deps.concurrency,
      etaSeconds:
        run.status === 'running' ? run.pace.etaSeconds(total - done - skipped - failed) : null,
      createdAt: run.createdAt,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      problems,
      undoneBy: run.undoneBy,
      undoOf: run.undoOf,
      canUndo: this.#canUndo(run),
      error: run.error,
    };
  }

  #iso(): string {
    return new Date(this.#now()).toISOString();
  }
}

/** Chosen items that could not be read at the snapshot count in the total, as skipped. */
function chosenUnread(run: Run): number {
  const inItems = new Set(run.items.map((item) => item.id));
  let unread = 0;
  for (const id of run.results.keys()) if (!inItems.has(id)) unread += 1;
  return unread;
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
