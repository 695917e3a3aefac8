import { isProtectedPath } from './routePaths';

/**
 * The last screen a user had open, so that it comes back after a restart (DESIGN.md, per-user local data). Kept per user
 * in localStorage: a restored session opens where that user left off; a fresh sign-in still goes
 * to Review (SPEC.md 2).
 */
export const LAST_SCREEN_KEY = 'dqc.lastScreen';

interface Stored {
  username: string;
  path: string;
}

export function rememberScreen(username: string | null, pathname: string, search = ''): void {
  if (!username || !isProtectedPath(pathname)) return;
  try {
    const stored: Stored = { username, path: `${pathname}${search}` };
    window.localStorage.setItem(LAST_SCREEN_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused: the console simply opens on Review next time.
  }
}

/** The user's last screen (a protected route, with its query), or null. */
export function lastScreenOf(username: string | null): string | null {
  if (!username) return null;
  try {
    const stored = JSON.parse(window.localStorage.getItem(LAST_SCREEN_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { username: owner, path } = stored as Partial<Stored>;
    if (owner !== username || typeof path !== 'string') return null;
    return isProtectedPath(path.split('?')[0]!) ? path : null;
  } catch {
    return null;
  }
}
