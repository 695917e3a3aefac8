import type { SessionView } from '../../shared/auth';
import type { AppInfo } from '../../shared/bridge';
import { invoke } from '../bridge/bridge';
import { clearSignOutPending, signOutPending } from '../session/pendingSignOut';

export type StartupState = readonly [AppInfo, SessionView];

/**
 * The startup restore attempt (SPEC.md 2): a Log Out core never heard of (the bridge was gone) is
 * finished first, then the app's facts and the session are read. Without a pending Log Out the
 * two reads are sent at once, in this very task: the bridge's connection opens while the rest of
 * the page's script is still being evaluated.
 */
function restore(): Promise<StartupState> {
  const read = () => Promise.all([invoke('app.info'), invoke('session.get')] as const);
  if (!signOutPending()) return read();
  return invoke('session.signOut').then(clearSignOutPending).then(read);
}

interface Begun {
  promise: Promise<StartupState>;
  /** The answer, once it is here (a failure is left to whoever takes the promise). */
  settled: StartupState | null;
}

let begun: Begun | null = null;

/** Starts the restore as the page's first script runs, before anything of React is evaluated. */
export function beginStartupRestore(): void {
  if (begun) return;
  const started: Begun = { promise: restore(), settled: null };
  started.promise.then(
    (state) => (started.settled = state),
    // Whoever takes it handles a failure; until then it must not count as unhandled.
    () => undefined,
  );
  begun = started;
}

/**
 * Resolves when the begun restore (and whatever else the first screen needs, such as its chunk)
 * has settled, or after `maxWaitMs`, whichever is first: the first render waits that long so that
 * the first screen is drawn at once, instead of a spinner that holds the page's only thread while
 * the bridge's answer waits behind it.
 */
export function startupRestoreSettled(
  maxWaitMs: number,
  alsoNeeded: readonly Promise<unknown>[] = [],
): Promise<void> {
  const pending = [begun?.promise, ...alsoNeeded].filter((p) => p !== undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    Promise.allSettled(pending).then(done, done);
  });
}

/**
 * The restore begun at start, once: its answer if it is already here, and its promise. Any later
 * caller (a remount, a test) starts a fresh one.
 */
export function takeStartupRestore(): Begun {
  const taken = begun ?? { promise: restore(), settled: null };
  begun = null;
  return taken;
}
