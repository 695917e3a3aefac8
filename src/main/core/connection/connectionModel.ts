/**
 * The connection to the provider as core sees it (issue 50, a connection model in core): from the
 * outcomes of real calls, and a light probe only while the provider is failing, never from the
 * operating system's "online" flag, which says nothing of a VPN or a provider mid-deploy.
 *
 * - reachable: the provider answers;
 * - slow: it answers, but its recent answers took longer than SLOW_MS (the median of the last few);
 * - unreachable: calls in a row got no answer (a network error, a timeout) or a gateway's 502, 503
 *   or 504. While unreachable, a probe is sent with a growing pause between tries; the first answer
 *   (to a probe or to any call) makes it reachable again.
 *
 * An answer the provider gave itself, whatever its status (a 400, a 409, a 500), proves it is there.
 */
import type { ConnectionState } from '../../../shared/outbox';

export type { ConnectionState };

/** What one call brought back: an answer with its status, or none. */
export type CallOutcome =
  { kind: 'answered'; status: number; ms: number } | { kind: 'noAnswer'; ms: number };

/** Statuses a gateway answers when the provider behind it is not there (or being deployed). */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** Failed calls in a row after which the provider is unreachable. */
export const FAILURES_TO_UNREACHABLE = 2;
/** Answers counted for "slow", and the median above which they are. */
export const SLOW_WINDOW = 5;
export const SLOW_MS = 4_000;
/** The pauses between probes while unreachable: doubling from the first to the last. */
export const FIRST_PROBE_MS = 1_000;
export const LAST_PROBE_MS = 30_000;

/** Whether an outcome shows the provider there. */
export const isAnswer = (outcome: CallOutcome): boolean =>
  outcome.kind === 'answered' && !GATEWAY_STATUSES.has(outcome.status);

export interface ConnectionModelDeps {
  /** A light call that tells whether the provider answers (the capabilities call, say). */
  probe(): Promise<CallOutcome>;
  /** Told of each change of state. */
  onChange(state: ConnectionState): void;
  /** Timers, so that tests move time themselves. */
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

export class ConnectionModel {
  #state: ConnectionState = 'reachable';
  #failures = 0;
  #times: number[] = [];
  #timer: unknown = null;
  #pause = FIRST_PROBE_MS;
  #probing = false;
  readonly #setTimer: (run: () => void, ms: number) => unknown;
  readonly #clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: ConnectionModelDeps) {
    this.#setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.#clearTimer =
      deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** The pause before the next probe while unreachable (About and tests read it). */
  get nextProbeMs(): number | null {
    return this.#state === 'unreachable' ? this.#pause : null;
  }

  /** Tells the model what a real call brought back. */
  note(outcome: CallOutcome): void {
    if (isAnswer(outcome)) {
      this.#failures = 0;
      this.#times = [...this.#times, outcome.ms].slice(-SLOW_WINDOW);
      this.#stopProbing();
      this.#set(this.#slow() ? 'slow' : 'reachable');
      return;
    }
    this.#failures += 1;
    if (this.#failures >= FAILURES_TO_UNREACHABLE && this.#state !== 'unreachable') {
      this.#set('unreachable');
      this.#pause = FIRST_PROBE_MS;
      this.#schedule();
    }
  }

  /** Stops probing (sign-out, quit). */
  stop(): void {
    this.#stopProbing();
  }

  #slow(): boolean {
    if (this.#times.length < SLOW_WINDOW) return false;
    const sorted = [...this.#times].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]! > SLOW_MS;
  }

  #set(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.deps.onChange(state);
  }

  #schedule(): void {
    if (this.#timer !== null || this.#state !== 'unreachable') return;
    this.#timer = this.#setTimer(() => {
      this.#timer = null;
      void this.#probe();
    }, this.#pause);
  }

  async #probe(): Promise<void> {
    if (this.#probing || this.#state !== 'unreachable') return;
    this.#probing = true;
    let outcome: CallOutcome;
    try {
      outcome = await this.deps.probe();
    } catch {
      outcome = { kind: 'noAnswer', ms: 0 };
    } finally {
      this.#probing = false;
    }
    if (isAnswer(outcome)) {
      this.note(outcome);
      return;
    }
    this.#pause = Math.min(this.#pause * 2, LAST_PROBE_MS);
    this.#schedule();
  }

  #stopProbing(): void {
    if (this.#timer !== null) this.#clearTimer(this.#timer);
    this.#timer = null;
    this.#pause = FIRST_PROBE_MS;
  }
}
