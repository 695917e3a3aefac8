import type { SessionView } from '../../../shared/auth';
import { FINISHED_RUN_STATUSES, type RunStatus } from '../../../shared/runs';
import type { Logger } from '../log';
import type { ConnectionState } from '../../../shared/outbox';
import type { ItemOutcome, ItemWriter } from './itemWriter';
import { isoAt, runConflict, sessionIsFor, type Clock, type Halt, type Run } from './run';
import type { RunStore } from './runStore';
import type { RunEvents } from './runViews';

export interface RunSchedulerDeps {
  writer: Pick<ItemWriter, 'handle'>;
  store: Pick<RunStore, 'save'>;
  events: Pick<RunEvents, 'changed'>;
  session: { view(): SessionView };
  /** The most calls a run has in flight (the runConcurrency setting). */
  concurrency: number;
  halt: Halt;
  log: Logger;
  now: Clock;
  /** Told once a run is done (a story run records the story's decision). */
  onDone?: (run: Run) => Promise<void>;
  /** The connection model: a run does not send while the provider is unreachable (issue 50). */
  connection?: { readonly state: ConnectionState };
  /** Timers, so that tests move time themselves. */
  setTimer?(run: () => void, ms: number): unknown;
}

/**
 * How long a run that waits for the provider rests before it tries again while the connection
 * model does not yet call the provider unreachable (one call unanswered is not yet a pattern).
 */
export const PROVIDER_RETRY_MS = 2_000;
/** The longest such pause: it doubles while the provider stays silent. */
export const LAST_PROVIDER_RETRY_MS = 30_000;

/**
 * When a run's items are handled: at most `concurrency` in flight, in the order of its queue, and
 * the changes of state a person asks for (start, pause, resume, cancel, retry of the failed items)
 * or the session makes (a run waits for its user, and goes on once that user is signed in again).
 * Each change of status is told at once and saved (runStore.ts).
 */
export class RunScheduler {
  /** Each waiting run's one pending retry and its next pause. */
  readonly #retries = new WeakMap<Run, { pending: boolean; ms: number }>();

  constructor(private readonly deps: RunSchedulerDeps) {}

  async start(run: Run): Promise<void> {
    if (run.status !== 'ready') throw runConflict('Only a run whose items are read can start.');
    run.status = 'running';
    run.startedAt = isoAt(this.deps.now);
    run.queue = run.items.map((_, index) => index);
    await this.deps.store.save(run);
    this.deps.events.changed(run, true);
    this.pump(run);
  }

  async pause(run: Run): Promise<void> {
    if (!['running', 'waitingForSession', 'waitingForProvider'].includes(run.status))
      throw runConflict('Only a run under way can be paused.');
    await this.#setStatus(run, 'paused');
  }

  async resume(run: Run): Promise<void> {
    if (!['paused', 'interrupted', 'waitingForSession', 'waitingForProvider'].includes(run.status))
      throw runConflict('Only a paused or interrupted run can be resumed.');
    run.pace.reset();
    await this.#goOn(run);
  }

  async cancel(run: Run): Promise<void> {
    if (FINISHED_RUN_STATUSES.includes(run.status))
      throw runConflict('This run has already ended.');
    run.queue = [];
    run.stopping = true;
    // Calls already sent finish; nothing is sent after this answer, nor after any view of the run
    // that says cancelled (a write landing after it would not be in the count it showed).
    await this.#idle(run);
    run.stopping = false;
    run.finishedAt = isoAt(this.deps.now);
    await this.#setStatus(run, 'cancelled');
  }

  async retryFailed(run: Run): Promise<void> {
    if (!FINISHED_RUN_STATUSES.includes(run.status) || run.status === 'failed')
      throw runConflict('Failed items are retried once the run has ended.');
    const failed = run.items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => run.results.get(item.id)?.outcome === 'failed');
    if (failed.length === 0) throw runConflict('This run has no failed items.');
    for (const { item } of failed) run.results.delete(item.id);
    run.queue = failed.map(({ index }) => index);
    run.finishedAt = null;
    run.pace.reset();
    await this.#goOn(run);
  }

  /** A run waiting for its user goes on once that user is signed in again. */
  signedIn(runs: Iterable<Run>): void {
    for (const run of runs) {
      if (run.status === 'waitingForSession' && sessionIsFor(this.deps.session, run)) {
        void this.#setStatus(run, 'running').then(() => this.pump(run));
      }
    }
  }

  /** The provider answers again: runs that waited for it go on. */
  providerBack(runs: Iterable<Run>): void {
    for (const run of runs) {
      if (run.status !== 'waitingForProvider') continue;
      void this.#setStatus(run, 'running').then(() => this.pump(run));
    }
  }

  /** Sends the run's next items while it runs, up to the bound; finishes it once all are back. */
  pump(run: Run): void {
    const { concurrency, halt } = this.deps;
    if (
      run.status === 'running' &&
      run.queue.length > 0 &&
      this.deps.connection?.state === 'unreachable'
    ) {
      void this.#waitForProvider(run);
      return;
    }
    while (
      run.status === 'running' &&
      !run.stopping &&
      !halt.halted &&
      run.inFlight < concurrency &&
      run.queue.length > 0
    ) {
      const index = run.queue.shift()!;
      run.inFlight += 1;
      void this.deps.writer
        .handle(run, index)
        .then((outcome) => this.#apply(run, index, outcome))
        .catch((error: unknown) => this.deps.log.warn('A run item failed unexpectedly:', error))
        .finally(() => {
          run.inFlight -= 1;
          if (run.inFlight === 0) run.idle.splice(0).forEach((resolve) => resolve());
          this.pump(run);
        });
    }
    if (
      run.status === 'running' &&
      !run.stopping &&
      run.queue.length === 0 &&
      run.inFlight === 0 &&
      !halt.halted
    )
      void this.#finish(run);
  }

  #apply(run: Run, index: number, outcome: ItemOutcome): void {
    switch (outcome.kind) {
      case 'result':
        // An answer: the next silence starts again from the shortest pause.
        this.#retries.delete(run);
        run.results.set(run.items[index]!.id, outcome.result);
        run.pace.handled();
        this.deps.events.changed(run, false);
        return;
      case 'waitForSession':
        run.queue.unshift(index);
        if (run.status === 'running') void this.#setStatus(run, 'waitingForSession');
        return;
      case 'requeue':
        run.queue.unshift(index);
        return;
      case 'waitForProvider':
        run.queue.unshift(index);
        if (run.status === 'running') void this.#waitForProvider(run);
        return;
      case 'dropped':
        return;
    }
  }

  /**
   * Pauses the run until the provider answers: told by the connection model (providerBack), or,
   * while the model still calls it reachable, after PROVIDER_RETRY_MS.
   */
  async #waitForProvider(run: Run): Promise<void> {
    if (run.status !== 'waitingForProvider') await this.#setStatus(run, 'waitingForProvider');
    if (this.deps.connection?.state === 'unreachable') return;
    const retry = this.#retries.get(run) ?? { pending: false, ms: PROVIDER_RETRY_MS };
    this.#retries.set(run, retry);
    if (retry.pending) return;
    retry.pending = true;
    const pause = retry.ms;
    retry.ms = Math.min(retry.ms * 2, LAST_PROVIDER_RETRY_MS);
    const setTimer = this.deps.setTimer ?? ((go, ms) => setTimeout(go, ms).unref());
    setTimer(() => {
      retry.pending = false;
      if (!this.deps.halt.halted) this.providerBack([run]);
    }, pause);
  }

  /** Runs now if its user is signed in, else waits for them. */
  async #goOn(run: Run): Promise<void> {
    await this.#setStatus(
      run,
      sessionIsFor(this.deps.session, run) ? 'running' : 'waitingForSession',
    );
    this.pump(run);
  }

  async #finish(run: Run): Promise<void> {
    if (run.status !== 'running') return;
    run.finishedAt = isoAt(this.deps.now);
    await this.#setStatus(run, 'done');
    await this.deps.onDone?.(run);
  }

  async #setStatus(run: Run, status: RunStatus): Promise<void> {
    run.status = status;
    this.deps.events.changed(run, true);
    await this.deps.store.save(run);
  }

  #idle(run: Run): Promise<void> {
    if (run.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => run.idle.push(resolve));
  }
}
