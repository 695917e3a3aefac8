import { randomUUID } from 'node:crypto';
import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import type { BridgeEvent } from '../../../shared/bridge';
import {
  OUTBOX_TEXTS,
  type ConnectionState,
  type OutboxView,
  type WaitingAnswer,
  type WaitingWriteView,
} from '../../../shared/outbox';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import type { Logger } from '../log';
import type { UserJournals } from '../writes/userJournals';
import { RECHECK_FAILED } from '../writes/conflictCheck';
import { APPLIED_ANYWAY } from '../../../shared/conflict';
import { reviewTarget } from '../../../shared/journal';
import { effectOf } from './decisionLanding';
import { isNoAnswer } from './noAnswer';
import {
  memoryOutboxLog,
  openOutboxFile,
  type KeptWrite,
  type LiveWrite,
  type OutboxLog,
  type OutboxRecord,
} from './outboxLog';
import { replayWrite, type ReplayOutcome } from './replayWrite';

/** A card's decision as journalWrite hands it over, before it is first sent. */
export type MadeDecision = Omit<KeptWrite, 'id' | 'madeAt'>;

/**
 * How long a card's decision waits for its answer before it counts as none and waits in the
 * outbox (the settings' request timeout, when shorter, applies instead).
 */
export const DECISION_TIMEOUT_MS = 15_000;

const STOPPING_MESSAGE = 'The console is closing: this decision was not sent.';
const MAY_HAVE_LANDED =
  'Cancelled in the Outbox: its first send got no answer, so it may have reached the server.';
/** The pauses between tries while calls go unanswered and the model still calls it reachable. */
export const FIRST_RETRY_MS = 1_000;
export const LAST_RETRY_MS = 30_000;
/** At most this often the Outbox list and the top bar are told of changes during a replay. */
export const VIEW_EVENT_MS = 150;

export interface OutboxDeps {
  /** The user's own folder; null keeps their outbox in memory. */
  folderOf(username: string): Promise<string | null>;
  journals: Pick<UserJournals, 'record'>;
  /** SPEC.md 7's find by id, as the signed-in user. */
  findById(filterType: FilterType, id: number): Promise<ReviewItem>;
  /** Sends the write's declared call as its user; resolves with the answer's status. */
  send(write: KeptWrite, headers?: Record<string, string>): Promise<number>;
  /** Whether the server offers conditional writes. */
  conditional(): Promise<boolean>;
  connection: { readonly state: ConnectionState };
  signedInUser(): string | null;
  /** The most writes sent again at once (the runs' bound). */
  concurrency: number;
  emit(event: BridgeEvent): void;
  log: Logger;
  now?: () => Date;
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

interface UserBox {
  username: string;
  /** Every write not yet done, in the order made (a Map keeps insertion order). */
  writes: Map<string, LiveWrite>;
  log: OutboxLog;
  /** The file's last line was cut off when it was opened. */
  torn: boolean;
  /** Items with a write in flight: their later writes wait for it. */
  busy: Set<string>;
  /** Writes in their first send, answered to nobody yet: not listed (most land at once). */
  first: Set<string>;
}

const itemKey = (write: Pick<KeptWrite, 'filterType' | 'shown'>): string =>
  `${write.filterType}:${write.shown.id}`;

/**
 * Core's outbox (issue 50; DESIGN.md, "Nothing lost, nothing twice"). Every card's decision is
 * kept in the user's outbox file before it is first sent, and ended there once it is answered. One
 * that gets no answer stays, waiting; the page is told so and shows it as made, marked waiting.
 * Decisions on an item that already has one waiting, and every decision while the provider is
 * unreachable, wait behind without being sent. Once the provider answers, the signed-in user's
 * waiting writes are sent again (replayWrite.ts): each item's in the order made, several items at
 * once, each read first. After a quit or a crash they come back at that user's next sign-in, and
 * are never sent under anyone else.
 */
export class Outbox {
  readonly #boxes = new Map<string, Promise<UserBox>>();
  readonly #open = new Map<string, UserBox>();
  #inFlight = 0;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: unknown = null;
  #resting = false;
  #viewTimer: unknown = null;
  #viewDirty = false;
  #halted = false;
  readonly #now: () => Date;
  readonly #setTimer: (run: () => void, ms: number) => unknown;
  readonly #clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: OutboxDeps) {
    this.#now = deps.now ?? (() => new Date());
    this.#setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.#clearTimer =
      deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /**
   * Sends a card's decision through `first` (its conflict check and write), unless it must wait:
   * answers what `first` answers, or a WaitingAnswer when it was kept to send later. A refusal is
   * thrown on as before; the outbox forgets it.
   */
  async decide<T>(made: MadeDecision, first: () => Promise<T>): Promise<T | WaitingAnswer> {
    if (this.#halted) throw new BridgeFailure(503, 'STOPPING', STOPPING_MESSAGE);
    const box = await this.#box(made.username);
    const write: LiveWrite = {
      ...made,
      id: randomUUID(),
      madeAt: this.#now().toISOString(),
      state: 'sending',
      attempted: true,
      message: null,
    };
    const key = itemKey(write);
    const behind = box.busy.has(key) || [...box.writes.values()].some((w) => itemKey(w) === key);
    box.writes.set(write.id, write);
    await this.#append(box, { op: 'add', write: keptOf(write) });
    if (behind || this.deps.connection.state === 'unreachable') {
      write.state = 'waiting';
      write.attempted = false;
      await this.#keepState(box, write);
      this.#changed();
      this.#pump();
      return waitingAnswer(write);
    }
    box.busy.add(key);
    box.first.add(write.id);
    try {
      const answer = await first();
      await this.#end(box, write, 'landed');
      return answer;
    } catch (error) {
      const failure = toBridgeError(error);
      // A refresh that got no answer ends the call as SESSION_ENDED with status 0 while its user
      // is still signed in: no answer, like any other.
      const gone = failure.code === 'SESSION_ENDED' && this.deps.signedInUser() !== made.username;
      if (!gone && isNoAnswer(failure)) {
        write.state = 'waiting';
        // Nothing was sent when the check's own read got no answer.
        write.attempted = failure.code !== RECHECK_FAILED;
        await this.#keepState(box, write);
        this.#changed();
        this.#restThenPump();
        return waitingAnswer(write);
      }
      await this.#end(box, write, 'refused at once');
      throw error;
    } finally {
      box.busy.delete(key);
      box.first.delete(write.id);
      this.#pump();
    }
  }

  /** What waits for the signed-in user (outbox.view). */
  async view(_: undefined, context: CallContext): Promise<OutboxView> {
    const username = context.userOrNull();
    if (username !== null) await this.#box(username);
    return this.#viewOf(username);
  }

  /** Cancels a write that is not being sent (Cancel, Keep theirs, Dismiss). */
  async cancel({ id }: { id: string }, context: CallContext): Promise<{ message: string }> {
    const box = await this.#box(context.user());
    const write = box.writes.get(id);
    if (!write || box.first.has(id))
      throw new BridgeFailure(404, 'NOT_WAITING', 'This decision is no longer waiting.');
    if (write.state === 'sending')
      throw new BridgeFailure(
        409,
        'BEING_SENT',
        'This decision is being sent now; it cannot be cancelled.',
      );
    await this.#end(box, write, 'cancelled');
    // One whose first send got no answer may be on the server: the journal says so.
    if (write.attempted) await this.#journal(box.username, write, 'skipped', null, MAY_HAVE_LANDED);
    this.#changed();
    this.#pump();
    return { message: cancelMessage(write) };
  }

  /** Apply mine on a conflict: sent over the change, once the item's earlier writes are done. */
  async applyMine({ id }: { id: string }, context: CallContext): Promise<OutboxView> {
    const box = await this.#box(context.user());
    const write = box.writes.get(id);
    if (!write || write.state !== 'conflict')
      throw new BridgeFailure(409, 'NOT_IN_CONFLICT', 'This decision is not in conflict.');
    write.applyAnyway = true;
    write.state = 'waiting';
    write.message = null;
    // Journalled as a decision sent over a change the reviewer saw, as the card's Apply mine is.
    if (!write.entry.summary.startsWith(APPLIED_ANYWAY))
      write.entry = { ...write.entry, summary: `${APPLIED_ANYWAY}: ${write.entry.summary}` };
    await this.#append(box, { op: 'add', write: keptOf(write) });
    await this.#keepState(box, write);
    this.#changed();
    this.#pump();
    return this.#viewOf(box.username);
  }

  /** Discards every waiting write of the user (sign-out's Discard); one being sent finishes. */
  async discardAll(_: undefined, context: CallContext): Promise<{ message: string }> {
    const box = await this.#box(context.user());
    let count = 0;
    for (const write of [...box.writes.values()]) {
      if (write.state === 'sending' || box.first.has(write.id)) continue;
      await this.#end(box, write, 'discarded');
      count += 1;
    }
    this.#changed();
    return { message: `${count} waiting decision${count === 1 ? '' : 's'} discarded.` };
  }

  /** The session changed: the signed-in user's outbox is opened and sent; others rest. */
  onSessionEvent(event: BridgeEvent): void {
    if (event.type === 'session.changed' && event.session.username) {
      void this.#box(event.session.username).then(() => {
        this.#changed();
        this.#pump();
      });
    } else if (event.type === 'session.signedOut' || event.type === 'session.changed') {
      this.#changed();
    }
  }

  /** The connection model changed: once the provider answers, waiting writes go. */
  onConnection(state: ConnectionState): void {
    this.#changed();
    if (state === 'unreachable') return;
    this.#stopResting();
    this.#pump();
  }

  /** Stops everything at once, writing nothing more (a quit, or a test's kill). */
  halt(): void {
    this.#halted = true;
    this.#stopResting();
    if (this.#viewTimer !== null) this.#clearTimer(this.#viewTimer);
    this.#viewTimer = null;
  }

  async close(): Promise<void> {
    this.halt();
    const boxes = await Promise.allSettled(this.#boxes.values());
    await Promise.all(
      boxes.map((b) => (b.status === 'fulfilled' ? b.value.log.close() : Promise.resolve())),
    );
  }

  /** How many writes wait for a user (the desktop File menu's Sign out asks when any do). */
  waitingCount(username: string): number {
    const box = this.#open.get(username);
    return box ? [...box.writes.keys()].filter((id) => !box.first.has(id)).length : 0;
  }

  #box(username: string): Promise<UserBox> {
    let box = this.#boxes.get(username);
    if (!box) {
      box = this.#load(username).then((opened) => {
        this.#open.set(username, opened);
        return opened;
      });
      this.#boxes.set(username, box);
    }
    return box;
  }

  async #load(username: string): Promise<UserBox> {
    const empty = { username, busy: new Set<string>(), first: new Set<string>() };
    const folder = await this.deps.folderOf(username);
    if (folder === null)
      return { ...empty, writes: new Map(), log: memoryOutboxLog(), torn: false };
    try {
      const opened = await openOutboxFile(folder);
      if (opened.torn)
        this.deps.log.warn(`${username}'s outbox file was cut off in its last line; skipped.`);
      // Another user's writes can never be in this user's folder; a file copied in by hand may.
      const writes = new Map(
        opened.writes.filter((w) => w.username === username).map((w) => [w.id, w]),
      );
      return { ...empty, writes, log: opened.log, torn: opened.torn };
    } catch (error) {
      this.deps.log.warn('The outbox file cannot be opened; decisions are kept in memory:', error);
      return { ...empty, writes: new Map(), log: memoryOutboxLog(), torn: false };
    }
  }

  async #append(box: UserBox, record: OutboxRecord): Promise<void> {
    if (this.#halted) return;
    try {
      await box.log.append(record);
    } catch (error) {
      // The write goes on in memory: a decision is never refused because it could not be kept.
      this.deps.log.warn('An outbox line could not be written:', error);
    }
  }

  #keepState(box: UserBox, write: LiveWrite): Promise<void> {
    const { id, state, attempted, message, applyAnyway } = write;
    return this.#append(box, {
      op: 'state',
      id,
      state: state === 'sending' ? 'waiting' : state,
      attempted,
      message,
      applyAnyway,
    });
  }

  async #end(box: UserBox, write: LiveWrite, how: string): Promise<void> {
    box.writes.delete(write.id);
    await this.#append(box, { op: 'done', id: write.id, how });
  }

  /** Sends the signed-in user's waiting writes: each item's first, several items at once. */
  #pump(): void {
    if (this.#halted || this.#resting || this.deps.connection.state === 'unreachable') return;
    const username = this.deps.signedInUser();
    const box = username === null ? undefined : this.#open.get(username);
    if (!box) return;
    const seen = new Set<string>();
    for (const write of box.writes.values()) {
      if (this.#inFlight >= this.deps.concurrency) return;
      const key = itemKey(write);
      if (seen.has(key)) continue;
      seen.add(key);
      // An item's first write in conflict, refused or in flight holds its later ones.
      if (write.state !== 'waiting' || box.busy.has(key)) continue;
      this.#inFlight += 1;
      box.busy.add(key);
      void this.#sendAgain(box, write)
        .catch((error: unknown) =>
          this.deps.log.warn('A waiting write failed unexpectedly:', error),
        )
        .finally(() => {
          this.#inFlight -= 1;
          box.busy.delete(key);
          this.#pump();
        });
    }
  }

  async #sendAgain(box: UserBox, write: LiveWrite): Promise<void> {
    if (this.deps.signedInUser() !== box.username) return;
    write.state = 'sending';
    this.#changed();
    const outcome = await replayWrite(write, {
      findById: this.deps.findById,
      send: (w, headers) => this.deps.send(w, headers),
      conditional: this.deps.conditional,
      markAttempt: async () => {
        if (this.#halted) return false;
        if (!write.attempted) {
          write.attempted = true;
          await this.#keepState(box, write);
        }
        return !this.#halted;
      },
      now: this.#now,
      ownUserSignedIn: () => this.deps.signedInUser() === box.username,
    });
    if (this.#halted) return;
    await this.#settle(box, write, outcome);
    this.#changed();
  }

  async #settle(box: UserBox, write: LiveWrite, outcome: ReplayOutcome): Promise<void> {
    switch (outcome.kind) {
      case 'landed':
        this.#retryMs = FIRST_RETRY_MS;
        // Journalled before it leaves the outbox: a crash in between finds it waiting, reads it
        // again and journals it once more, rather than losing the entry.
        await this.#journal(
          box.username,
          write,
          'ok',
          outcome.status,
          outcome.lost
            ? 'Sent from the outbox: its first answer was lost; read again, it had landed.'
            : 'Sent from the outbox.',
        );
        await this.#end(box, write, outcome.lost ? 'found landed' : 'landed');
        return;
      case 'stopped':
        return;
      case 'noAnswer':
      case 'sessionGone':
        write.state = 'waiting';
        await this.#keepState(box, write);
        if (outcome.kind === 'noAnswer') this.#restThenPump();
        return;
      case 'conflict':
        write.state = 'conflict';
        write.message = outcome.message;
        await this.#keepState(box, write);
        return;
      case 'refused':
        // Journalled first: the Outbox shows it refused once the journal says so.
        await this.#journal(box.username, write, 'failed', outcome.status, outcome.message);
        write.state = 'refused';
        write.message = outcome.message;
        // Refused just now: it did not land then, and a landed earlier send would have been found.
        write.attempted = false;
        await this.#keepState(box, write);
        return;
    }
  }

  #journal(
    username: string,
    write: LiveWrite,
    outcome: 'ok' | 'failed' | 'skipped',
    status: number | null,
    message: string,
  ): Promise<unknown> {
    return this.deps.journals.record(username, {
      ...write.entry,
      body: write.entry.body ?? null,
      at: this.#now().toISOString(),
      outcome,
      status,
      message,
    });
  }

  /**
   * A call went unanswered while the model may still say reachable (one failure is not yet
   * "unreachable"): no new sends for a growing pause; the model's own recovery ends it sooner.
   */
  #restThenPump(): void {
    if (this.#halted || this.#retryTimer !== null) return;
    this.#resting = true;
    const pause = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
    this.#retryTimer = this.#setTimer(() => {
      this.#retryTimer = null;
      this.#resting = false;
      this.#pump();
    }, pause);
  }

  #stopResting(): void {
    if (this.#retryTimer !== null) this.#clearTimer(this.#retryTimer);
    this.#retryTimer = null;
    this.#resting = false;
  }

  /**
   * Tells the pages at once (a card shows its waiting decision without delay), then at most every
   * VIEW_EVENT_MS while a replay is busy, the last change always told.
   */
  #changed(): void {
    if (this.#halted) return;
    if (this.#viewTimer !== null) {
      this.#viewDirty = true;
      return;
    }
    this.#emitView();
    const tick = () => {
      if (!this.#viewDirty || this.#halted) {
        this.#viewTimer = null;
        return;
      }
      this.#viewDirty = false;
      this.#emitView();
      this.#viewTimer = this.#setTimer(tick, VIEW_EVENT_MS);
    };
    this.#viewTimer = this.#setTimer(tick, VIEW_EVENT_MS);
  }

  #emitView(): void {
    this.deps.emit({ type: 'outbox.changed', outbox: this.#viewOf(this.deps.signedInUser()) });
  }

  #viewOf(username: string | null): OutboxView {
    const box = username === null ? undefined : this.#open.get(username);
    const writes: WaitingWriteView[] = [];
    for (const write of box?.writes.values() ?? []) {
      if (box!.first.has(write.id)) continue;
      const effect = effectOf(write);
      writes.push({
        id: write.id,
        filterType: write.filterType,
        itemId: write.shown.id,
        target: targetOf(write),
        decision: effect.words,
        selected: effect.selected,
        reviewed: effect.reviewed,
        madeAt: write.madeAt,
        state: write.state,
        message: write.message,
      });
    }
    return {
      writes,
      connection: this.deps.connection.state,
      torn: box?.torn ? OUTBOX_TEXTS.torn : null,
    };
  }
}

/** 'tweet 12': the journal's target of a card's decision. */
const targetOf = (write: KeptWrite): string =>
  write.entry.target ?? reviewTarget(write.filterType, write.shown.id);

function keptOf(write: LiveWrite): KeptWrite {
  const { state: _s, attempted: _a, message: _m, ...kept } = write;
  return kept;
}

function waitingAnswer(write: LiveWrite): WaitingAnswer {
  return { waiting: { id: write.id }, undoId: null, cannotUndo: null };
}

function cancelMessage(write: LiveWrite): string {
  const target = targetOf(write);
  const said = OUTBOX_TEXTS.cancelled(target);
  return write.attempted
    ? `${said} Its first send got no answer, so it may have reached the server: check the item.`
    : said;
}
