import { randomUUID } from 'node:crypto';
import type { SessionView } from '../../../shared/auth';
import type { RunStatus } from '../../../shared/runs';
import { BridgeFailure } from '../bridgeFailure';
import type { ItemState } from './reviewItemState';
import type { RunFile } from './runFiles';
import { RunPace } from './runProgress';

/**
 * A run as core holds it while it lives (DESIGN.md, "Runs live in core"): its file (runFiles.ts)
 * and what is kept in memory only. Shared by the store, the scheduler, the item writer and the
 * views, each of which works on it.
 */

/** What one item came to. */
export interface ItemResult {
  outcome: 'ok' | 'skipped' | 'failed';
  reason: string | null;
  /** The item's state just before the run wrote it (ok), for Undo run. */
  before: ItemState | null;
}

export interface Run extends RunFile {
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

/** A run under way: it holds calls, or waits to send them. */
export const ACTIVE: readonly RunStatus[] = [
  'running',
  'paused',
  'waitingForSession',
  'waitingForProvider',
];

/**
 * Set by a quit or a crash (RunManager.halt): nothing more is sent or recorded, and the files stay
 * as they are, so that the next start finds the runs under way and offers to resume them.
 */
export interface Halt {
  readonly halted: boolean;
}

/** The clock of every run's times; tests set it. */
export type Clock = () => number;

export const isoAt = (now: Clock): string => new Date(now()).toISOString();

export type NewRunFields = Pick<
  RunFile,
  'kind' | 'action' | 'write' | 'filterType' | 'username' | 'status'
>;

export function newRun(fields: NewRunFields, now: Clock): Run {
  return {
    version: 1,
    id: randomUUID(),
    ...fields,
    matched: 0,
    leftOut: 0,
    items: [],
    createdAt: isoAt(now),
    startedAt: null,
    finishedAt: null,
    undoOf: null,
    undoneBy: null,
    read: 0,
    error: null,
    results: new Map(),
    queue: [],
    inFlight: 0,
    pace: new RunPace(now),
    idle: [],
    stopping: false,
    emitTimer: null,
  };
}

/** The run's file: what is written to disk, without what is kept in memory only. */
export function fileOf(run: Run): RunFile {
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
  return file;
}

/** True while the run's own user is signed in: a run writes as its user only. */
export function sessionIsFor(session: { view(): SessionView }, run: Run): boolean {
  const view = session.view();
  return view.signedIn && view.username === run.username;
}

/** A request the run's state does not allow now (409). */
export const runConflict = (message: string): BridgeFailure =>
  new BridgeFailure(409, 'RUN_STATE', message);
