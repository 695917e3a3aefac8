/**
 * A screen writes its own filter and page into the URL after the answer they asked for is painted
 * (docs/performance.md, Review and the lists): React Router draws a new URL by rendering the whole
 * frame again, and at the click that ran while the answer came back, on the two cores the answer
 * needed.
 */

/**
 * The navigation state of a screen's own writes of its query (a list's, Review's): a location that
 * carries it is not a navigation to apply, since the screen may have moved on while React Router
 * drew it.
 */
export const OWN_WRITE = { listQueryWritten: true };

/**
 * Whether a location's state is a screen's own write. By content: the browser's history keeps a
 * copy of the state (structured clone), and the hash router reads its location back from there.
 */
export function isOwnWrite(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { listQueryWritten?: unknown }).listQueryWritten === true
  );
}

/**
 * Whether the window still shows the screen at `pathname`. A write queued for after the paint must
 * not land once the user has moved on: between the hash change (a side-menu click) and React
 * unmounting the screen, the queued write would otherwise take them back to the screen they left.
 * Under hash routing the window's own hash is the truth; elsewhere (a memory router) there is
 * nothing to compare with, and the screen's own unmount cancels the write.
 */
export function stillShowing(pathname: string): boolean {
  const { hash } = window.location;
  if (!hash.startsWith('#/')) return true;
  return hash.slice(1).split('?')[0] === pathname;
}
