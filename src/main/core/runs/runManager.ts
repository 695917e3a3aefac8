import type { SessionView } from '../../../shared/auth';
import type { ConnectionState } from '../../../shared/outbox';
import type { BridgeEvent } from '../../../shared/bridge';
import type { BulkAction, CheckedRunPrepare, RunView } from '../../../shared/runs';
import type { CallContext } from '../bridge/callContext';
import type { LocalService } from '../bridge/localServices';
import type { Logger } from '../log';
import type { UserJournals } from '../writes/userJournals';
import { ItemWriter } from './itemWriter';
import type { ItemWrite, ReviewCalls } from './reviewCalls';
import type { SnapshotItem } from './reviewItemState';
import { ACTIVE, isoAt, newRun, runConflict, type Clock, type NewRunFields, type Run } from './run';
import { RunScheduler } from './runScheduler';
import { RunSnapshot } from './runSnapshot';
import { RunStore } from './runStore';
import { canUndo, RunEvents } from './runViews';
import { BridgeFailure } from '../bridgeFailure';
import { STORIES_NOT_OFFERED, storyChangedText, type StoryCalls } from '../stories/storyCalls';

export interface RunManagerDeps {
  calls: ReviewCalls;
  /** The stories extension's calls (a story run); none: story runs are refused, NOT_OFFERED. */
  stories?: StoryCalls;
  journals: UserJournals;
  session: { view(): SessionView };
  /** The most calls a run has in flight (the runConcurrency setting). */
  concurrency: number;
  emit(event: BridgeEvent): void;
  log: Logger;
  now?: Clock;
  /** The connection model: runs pause while the provider is unreachable (issue 50). */
  connection?: { readonly state: ConnectionState };
}

const WRITE_OF: Record<BulkAction, ItemWrite> = {
  eliminate: 'manually-eliminate',
  select: 'manually-select',
  reviewed: 'reviewed',
};

/**
 * The user's runs (DESIGN.md, "Runs live in core"), behind the runs.* channels. A bulk run freezes
 * its items before the first write (runSnapshot.ts), then handles them with at most `concurrency`
 * calls in flight (runScheduler.ts): each item is read again and left, with the reason, when
 * someone changed it since the snapshot; otherwise the write is sent and journalled
 * (itemWriter.ts). Pause, resume, cancel, retry of the failed items and the undo of a finished
 * run; a run waits for the session when it ends, and a run found unfinished at start-up is offered
 * for Resume or Discard (runStore.ts), resumed from its journal entries so that nothing is
 * written twice. What the renderer sees is runViews.ts's.
 */
export class RunManager implements LocalService<'runs'> {
  readonly #now: Clock;
  readonly #calls: ReviewCalls;
  readonly #halt = { halted: false };
  readonly #events: RunEvents;
  readonly #store: RunStore;
  readonly #snapshot: RunSnapshot;
  readonly #scheduler: RunScheduler;
  readonly #stories: StoryCalls | null;
  readonly #log: RunManagerDeps['log'];

  constructor(deps: RunManagerDeps) {
    const now = deps.now ?? Date.now;
    const { calls, journals, session, concurrency, log } = deps;
    const halt = this.#halt;
    this.#now = now;
    this.#calls = calls;
    this.#stories = deps.stories ?? null;
    this.#log = log;
    this.#events = new RunEvents(deps.emit, concurrency);
    const events = this.#events;
    this.#store = new RunStore({ journals, events, halt, log, now });
    this.#snapshot = new RunSnapshot({ calls, events, concurrency, halt, now });
    const writer = new ItemWriter({ calls, journals, session, halt, now });
    this.#scheduler = new RunScheduler({
      writer,
      store: this.#store,
      events,
      session,
      concurrency,
      halt,
      log,
      now,
      onDone: (run) => this.#storyDone(run),
      ...(deps.connection ? { connection: deps.connection } : {}),
    });
  }

  /**
   * Once a story run's undo is done, the story's decision is taken back, unless another person
   * changed the story since it was recorded (then theirs stands, and the log says so). The items
   * that took the decision meanwhile keep it: undo restores the run's own writes only.
   */
  async #storyDone(run: Run): Promise<void> {
    const recorded = run.story?.recorded;
    if (run.kind !== 'undo' || !run.story || recorded === undefined || !this.#stories) return;
    try {
      await this.#stories.decide(run.filterType, run.story.id, null, recorded);
    } catch (error) {
      this.#log.warn(`story ${run.story.id}: its decision was left: ${String(error)}`);
    }
  }

  /**
   * A story run records the story's decision as it starts, if the story is still as it was shown:
   * copies that join while it runs, and after, take it. Refused (409 STORY_CHANGED) with nothing
   * written when another person changed the story since.
   */
  async #recordStory(run: Run): Promise<void> {
    if (run.kind !== 'bulk' || !run.story || run.story.recorded !== undefined) return;
    if (!this.#stories) throw new BridgeFailure(404, 'NOT_OFFERED', STORIES_NOT_OFFERED);
    const story = await this.#stories.decide(
      run.filterType,
      run.story.id,
      run.story.decision,
      run.story.version,
    );
    run.story.recorded = story.version;
    await this.#store.save(run);
  }

  // What the bridge asks -------------------------------------------------------------------------

  async list(_: undefined, context: CallContext): Promise<RunView[]> {
    const runs = await this.#store.ofUser(context.user());
    return runs.map((run) => this.#events.view(run));
  }

  async prepare(
    { filterType, action, scope }: CheckedRunPrepare,
    context: CallContext,
  ): Promise<RunView> {
    const username = context.user();
    await this.#store.load(username);
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
      run.matched = await this.#calls.count(filterType, filter);
      this.#store.add(run);
      void this.#snapshot.ofFilter(run, filter);
    } else if (scope.kind === 'chosen') {
      const ids = [...new Set(scope.ids)];
      run.matched = ids.length;
      this.#store.add(run);
      void this.#snapshot.ofChosen(run, ids);
    } else {
      if (action === 'reviewed')
        throw new BridgeFailure(
          400,
          'INVALID',
          'A story is selected or eliminated, not marked reviewed.',
        );
      if (!this.#stories) throw new BridgeFailure(404, 'NOT_OFFERED', STORIES_NOT_OFFERED);
      const { story, members } = await this.#stories.members(filterType, scope.storyId);
      if (story.version !== scope.version)
        throw new BridgeFailure(409, 'STORY_CHANGED', storyChangedText(scope.storyId));
      const ids = members.map((m) => m.id);
      run.matched = ids.length;
      run.story = { id: story.id, decision: action, version: story.version };
      this.#store.add(run);
      void this.#snapshot.ofChosen(run, ids);
    }
    return this.#events.view(run);
  }

  async start({ id }: { id: string }, context: CallContext): Promise<RunView> {
    const run = await this.#own(id, context);
    if (run.status === 'ready') await this.#recordStory(run);
    await this.#scheduler.start(run);
    return this.#events.view(run);
  }

  async pause({ id }: { id: string }, context: CallContext): Promise<RunView> {
    const run = await this.#own(id, context);
    await this.#scheduler.pause(run);
    return this.#events.view(run);
  }

  async resume({ id }: { id: string }, context: CallContext): Promise<RunView> {
    const run = await this.#own(id, context);
    await this.#scheduler.resume(run);
    return this.#events.view(run);
  }

  async cancel({ id }: { id: string }, context: CallContext): Promise<RunView> {
    const run = await this.#own(id, context);
    await this.#scheduler.cancel(run);
    return this.#events.view(run);
  }

  async retryFailed({ id }: { id: string }, context: CallContext): Promise<RunView> {
    const run = await this.#own(id, context);
    await this.#scheduler.retryFailed(run);
    return this.#events.view(run);
  }

  /** Starts the undo run of a finished run: the items it flipped, back as they were. */
  async undo({ id }: { id: string }, context: CallContext): Promise<RunView> {
    const run = await this.#own(id, context);
    if (!canUndo(run)) throw runConflict('This run cannot be undone.');
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
    if (run.story) undo.story = run.story;
    undo.startedAt = isoAt(this.#now);
    undo.queue = items.map((_, index) => index);
    run.undoneBy = undo.id;
    this.#store.add(undo);
    await this.#store.save(run);
    await this.#store.save(undo);
    this.#events.changed(run, true);
    this.#events.changed(undo, true);
    this.#scheduler.pump(undo);
    return this.#events.view(undo);
  }

  async discard({ id }: { id: string }, context: CallContext): Promise<null> {
    const run = await this.#own(id, context);
    if (ACTIVE.includes(run.status)) throw runConflict('Cancel the run before discarding it.');
    run.status = 'cancelled';
    await this.#store.remove(run);
    return null;
  }

  /** Session events: a run waiting for its user goes on once that user is signed in again. */
  onSessionEvent(event: BridgeEvent): void {
    if (event.type !== 'session.changed' || !event.session.signedIn) return;
    const username = event.session.username;
    if (username) void this.#store.load(username).catch(() => undefined);
    this.#scheduler.signedIn(this.#store.all());
  }

  /** The provider answers again (or is slow, which is an answer): runs that waited go on. */
  onConnection(state: ConnectionState): void {
    if (state !== 'unreachable') this.#scheduler.providerBack(this.#store.all());
  }

  /**
   * What a quit or a crash does to the runs: nothing more is sent or recorded, and the files stay
   * as they are, so that the next start finds the runs under way and offers to resume them.
   */
  halt(): void {
    this.#halt.halted = true;
  }

  #newRun(fields: NewRunFields): Run {
    return newRun(fields, this.#now);
  }

  #own(id: string, context: CallContext): Promise<Run> {
    return this.#store.own(id, context.user());
  }
}
