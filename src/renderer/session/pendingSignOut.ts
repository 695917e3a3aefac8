/**
 * A Log Out that core has not confirmed yet. The page signs out at once (SPEC.md 4), but core
 * holds the tokens: if the bridge call never arrives (browser mode's socket gone, the page
 * reloaded mid-call), core would still be signed in at the next load. The mark is kept in
 * localStorage until core answers, and the session gate signs out first when it finds one.
 */
const KEY = 'dqc.signOutPending';

export function markSignOutPending(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (quota, privacy mode): the sign-out still goes to core now.
  }
}

export function clearSignOutPending(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

export function signOutPending(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
