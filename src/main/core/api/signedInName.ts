import { MESSAGES } from '../../../shared/messages';
import { BridgeFailure } from '../bridgeFailure';
import type { SessionValues } from './sessionValues';

/**
 * Who did what is the signed-in user (DESIGN.md): a write names the user core signed in with,
 * never one a page (or a run of another user) gives. These are the two guards of that rule on
 * the client; the reference server keeps the same rule on its side (src/server/http/signedInUser.ts).
 */

/** The code of a page's write refused for naming someone else: it never left core. */
export const NAMES_ANOTHER_USER = 'NAMES_ANOTHER_USER';

/** Usernames are kept lower-case (sign-in lower-cases what is typed), so case never tells two apart. */
const sameUser = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Refuses (403) a name the page gave where the session fills it, unless it is the signed-in
 * user's: nothing has been sent yet. No name at all is fine; the session's is sent either way.
 */
export function refuseAnotherName(named: unknown, username: string): void {
  if (named === undefined || named === null) return;
  if (typeof named === 'string' && sameUser(named, username)) return;
  const shown = typeof named === 'string' ? named.trim().slice(0, 100) : String(named);
  throw new BridgeFailure(403, NAMES_ANOTHER_USER, MESSAGES.namesAnotherUser(shown, username));
}

/**
 * The session values of a write made as `username` (the user a journal entry, a run or an undo
 * belongs to): once anyone else is signed in, the write is refused as SESSION_ENDED rather than
 * sent under the other user's name and journalled under this one's.
 */
export function writingAs(values: SessionValues, username: string): SessionValues {
  return (field) => {
    const value = values(field);
    if (field === 'username' && value !== username)
      throw new BridgeFailure(401, 'SESSION_ENDED', MESSAGES.notSignedIn);
    return value;
  };
}
