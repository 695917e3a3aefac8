/**
 * Runs `then` after the next frame is painted (a timer set from the frame's callback), or after
 * 100 ms if no frame comes (a hidden or minimised window draws none, and what waits must still
 * happen). Returns what cancels it.
 *
 * What waits for it: a screen's own URL write (ownUrlWrite.ts: React Router draws a new URL by
 * rendering the whole frame again), and the Review page's follow-up questions (the live cards'
 * watch, who holds the items, their stories), which, sent as the new cards were committed, were
 * answered and drawn while the browser was still laying the cards out (docs/performance.md, The
 * paint floor). After the frame they decorate cards already seen.
 */
export function afterNextPaint(then: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  let painted: ReturnType<typeof setTimeout> | undefined;
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          painted = setTimeout(once, 0);
        })
      : undefined;
  const fallback = setTimeout(once, 100);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(painted);
    clearTimeout(fallback);
  };
}

/** afterNextPaint as a promise, for an async step whose late answer is dropped anyway. */
export function painted(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve));
}
