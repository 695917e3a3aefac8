import { invoke } from './bridge';

/**
 * The longest a screen waits to hear that core has read a call before drawing anyway: core busy
 * with something long, or a bridge that never answers, must not hold a screen back.
 */
export const CORE_READ_WAIT_MS = 100;

/**
 * Resolves once core has read every call sent before this one and done what it could for them
 * without waiting (core reads the bridge's calls in the order they were sent, and answers
 * `app.ping` after what it is doing now), or after CORE_READ_WAIT_MS, or when the ping fails: it
 * never rejects.
 *
 * Why a screen would wait for it: a call only leaves the machine once core has run. On a loaded
 * machine (two cores, another process spinning on one), a renderer that goes on drawing for 40 ms
 * after sending keeps the other core, and the operating system let core wait behind the two for
 * 40 to 120 ms (docs/performance.md, The paint floor: the catalogue's opening). Waiting for this
 * answer leaves the core to it; on a quiet machine it comes back in a millisecond or two.
 */
export function coreHasRead(): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CORE_READ_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    invoke('app.ping').then(done, done);
  });
}
