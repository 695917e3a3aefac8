import { atom } from 'jotai';
import type { SessionView } from '../../shared/auth';
import type { AppInfo } from '../../shared/bridge';

/** The auth state of SPEC.md 2; null until the startup restore attempt has ended. */
export const sessionAtom = atom<SessionView | null>(null);

/** Why the user was signed out, shown on the login screen (null when they chose to). */
export const signOutMessageAtom = atom<string | null>(null);

export const appInfoAtom = atom<AppInfo | null>(null);
