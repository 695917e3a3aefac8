import { useState } from 'react';
import type { BridgeEvent } from '../../shared/bridge';

/**
 * What the user has typed and not yet sent: the open modal and its values, the filter boxes, a
 * card's keyword form. When a session ends under the user (expired, revoked), the protected
 * screens unmount and the login screen shows (SPEC.md 2); these drafts stay here, in memory
 * only, and each screen puts its own back when it mounts again after the user signs in
 * (RELIABILITY.md). A deliberate sign-out, or a different user signing in, drops them all.
 */
const drafts = new Map<string, unknown>();
let owner: string | null = null;

export function readDraft<T>(key: string): T | undefined {
  return drafts.get(key) as T | undefined;
}

/**
 * The draft as it was when the component mounted, read once: a form's initialValues must not
 * follow the draft as it is typed, or a reset would bring the typing back.
 */
export function useDraftAtMount<T>(key: string | undefined): T | undefined {
  const [draft] = useState(() => (key === undefined ? undefined : readDraft<T>(key)));
  return draft;
}

export function keepDraft(key: string, value: unknown): void {
  drafts.set(key, value);
}

export function dropDraft(key: string): void {
  drafts.delete(key);
}

/** Drops the drafts whose keys start with the prefix (a screen's modal and its form). */
export function dropDrafts(prefix: string): void {
  for (const key of [...drafts.keys()]) if (key.startsWith(prefix)) drafts.delete(key);
}

export function draftCount(): number {
  return drafts.size;
}

/** The user the drafts belong to: set when someone signs in, and on start-up. */
export function draftsBelongTo(username: string | null): void {
  if (username !== null && owner !== null && username !== owner) drafts.clear();
  if (username !== null) owner = username;
}

/** A deliberate sign-out: everything typed is thrown away, and no one owns the drafts. */
export function forgetDrafts(): void {
  drafts.clear();
  owner = null;
}

/** Keeps the drafts in step with the session: only a deliberate sign-out throws them away. */
export function draftsFollow(event: BridgeEvent): void {
  if (event.type === 'session.signedOut') {
    if (event.reason === 'user') forgetDrafts();
    return;
  }
  if (event.type === 'session.changed' && event.session.signedIn)
    draftsBelongTo(event.session.username);
}
