import { atom } from 'jotai';
import type { SessionView } from '../../shared/auth';
import type { AppInfo } from '../../shared/bridge';

/**
 * The signed-out view: the value of shared/auth's SIGNED_OUT, declared again here because that
 * module's zod schemas would otherwise load with the first screen (a unit test keeps them equal).
 */
export const SIGNED_OUT: SessionView = { signedIn: false, username: null, userId: null, roles: [] };

/** The auth state of SPEC.md 2; null until the startup restore attempt has ended. */
export const sessionAtom = atom<SessionView | null>(null);

/** Why the user was signed out, shown on the login screen (null when they chose to). */
export const signOutMessageAtom = atom<string | null>(null);

export const appInfoAtom = atom<AppInfo | null>(null);
