import { MESSAGES } from '../../../shared/messages';
import { BridgeFailure } from '../bridgeFailure';

/**
 * What the dispatcher hands every handler beside its payload: who is calling. The one place where
 * "the signed-in user, or 401 SESSION_ENDED" is written (SPEC.md 6: the reviewer is the signed-in
 * username; DESIGN.md, "Who did what is the signed-in user": a body never decides it).
 */
export interface CallContext {
  /** The signed-in user's name; throws 401 SESSION_ENDED when no one is signed in. */
  user(): string;
  /** The signed-in user's name, or null: for what goes on signed out (a journal left unwritten). */
  userOrNull(): string | null;
}

/**
 * A call's context. Read when asked, not when the call arrives: a call that waits (a refresh, the
 * server's extensions) sees the session as it is when it needs the user.
 */
export function callContext(currentUser: () => string | null): CallContext {
  return {
    user() {
      const name = currentUser();
      if (!name) throw new BridgeFailure(401, 'SESSION_ENDED', MESSAGES.notSignedIn);
      return name;
    },
    userOrNull: () => currentUser() || null,
  };
}

/** Nobody signed in: the context of a dispatcher built without a session (tests of one service). */
export const signedOut = (): string | null => null;
