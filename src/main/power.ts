import type { PowerMonitor } from 'electron';

/**
 * Long shifts: after sleep or a locked screen the access token may have expired, so the session
 * is marked stale and the next call refreshes it first instead of meeting a 401 (RELIABILITY.md). A
 * network change is seen by the window ('online'), which calls session.stale over the bridge.
 */
export function markStaleOnWake(
  powerMonitor: Pick<PowerMonitor, 'on'>,
  platform: NodeJS.Platform,
  markStale: () => void,
): void {
  powerMonitor.on('resume', markStale);
  // macOS and Windows emit it; elsewhere it never fires, which is harmless.
  powerMonitor.on('unlock-screen', markStale);
  // macOS only: the user came back to a session that another user had been switched to.
  if (platform === 'darwin') powerMonitor.on('user-did-become-active', markStale);
}
