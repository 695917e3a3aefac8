/**
 * After a network change, or when the console comes back into view after a long time hidden (the
 * machine slept, or the user was away), the access token may have expired meanwhile: the trusted
 * side is told, so the next call refreshes it first (RELIABILITY.md). Sleep and lock themselves are seen
 * by the main process (powerMonitor).
 */
export const LONG_HIDDEN_MS = 5 * 60 * 1000;

export function watchForStaleSession(
  markStale: () => Promise<unknown>,
  now: () => number = Date.now,
): () => void {
  let hiddenSince: number | null = document.visibilityState === 'hidden' ? now() : null;
  const stale = () => {
    // Nothing to do if it fails: the next call then refreshes on its 401 as usual.
    markStale().catch(() => undefined);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      hiddenSince ??= now();
      return;
    }
    const since = hiddenSince;
    hiddenSince = null;
    if (since !== null && now() - since > LONG_HIDDEN_MS) stale();
  };
  window.addEventListener('online', stale);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('online', stale);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
