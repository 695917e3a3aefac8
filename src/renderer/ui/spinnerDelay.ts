/**
 * How long a call runs before its button shows a spinner. Most of the Review screen's calls answer
 * in tens of milliseconds; an Ant Design button that turns to loading at once grows its spinner in
 * and out, reading the layout on every frame, and that was drawn on each of a shift's hundreds of
 * clicks for nothing anyone could see (docs/performance.md, Review and the lists: no motion nobody
 * needs).
 */
export const SPINNER_DELAY_MS = 300;

/** An Ant Design button's `loading` for a call under way: its spinner only after the delay. */
export const delayedLoading = (loading: boolean) => loading && { delay: SPINNER_DELAY_MS };
