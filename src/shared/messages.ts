/**
 * Texts shown to users. Those quoted by SPEC.md are used exactly as written there; the others
 * fill gaps the spec leaves open and say what happened and what to do.
 */
export const MESSAGES = {
  /** SPEC.md 8: sign-in status other than 200. */
  dontMatch: "Don't Match",
  /** SPEC.md 8: roles claim present without ADMIN. */
  notAdmin: 'Not An Admin USER!!!',
  signInUnreachable:
    'Cannot reach the sign-in server. Check your network connection or the API host in the settings, then try again.',
  signInBadAnswer: 'The sign-in server sent an answer the console cannot read. Try again later.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  sessionRevoked: 'Your session was ended on the server. Please sign in again.',
  notSignedIn: 'You are not signed in.',
  /**
   * A page's write that names a reviewer other than the signed-in user: core refuses it before
   * anything is sent (who did what is the signed-in user).
   */
  namesAnotherUser: (named: string, username: string) =>
    `This change names ${named} as its reviewer, but you are signed in as ${username}: the console records changes only under your own name. Nothing was sent.`,
  /** Under the session-ended message when screens had unsent input. */
  draftsKept: 'What you had typed is kept: it comes back when you sign in again.',
  /** A refresh answered 5xx (or anything but 200, 400, 401, 429): the session is kept. */
  refreshUnavailable: (status: number) =>
    `The sign-in server could not renew your session just now (status ${status}). You are still signed in: try again in a moment.`,
  /** A throttled sign-in or refresh (429) whose answer gave no sentence of its own. */
  tooManyRequests: (call: 'signIn' | 'refresh', seconds: number | null) =>
    `Too many ${call === 'signIn' ? 'sign-in attempts' : 'requests'}. ${
      seconds === null
        ? 'Wait a moment'
        : `Try again in ${seconds} second${seconds === 1 ? '' : 's'}`
    }.`,
  /** Shown while a call has been waiting for STILL_WORKING_AFTER_MS. */
  stillWorking: 'Still working: the server is taking longer than usual.',
  chunkFailed: 'This screen could not be loaded.',
  chunkTimedOut: 'This screen took too long to load.',
  invalidRequest: 'The request was not valid.',
  /** SPEC.md 4: the new-currency save waits for a true image check. */
  pleaseCheckImage: '**Please Check Image Of Currency**',
  /** SPEC.md 7: the answer of 'Check Img'. */
  checkImageTrue: 'Check Image is True',
  checkImageFalse: 'Check Image is False',
  /**
   * Why a build refuses updates: on Windows app-update.yml names no publisher (electron-updater
   * then checks no signature), on macOS the app has no Developer ID signature
   * (docs/configuration.md, For IT: updates). About shows it after "Updates are off."
   */
  updatesUnsigned: 'This build is not signed, so an update could not be verified.',
  /** Linux packages carry no signature the updater checks: only IT's own feed is trusted. */
  updatesLinuxFeedNotPinned:
    'On Linux an update is installed only from an https:// feed that IT sets in the machine-wide settings file (updateUrl): AppImage, deb and rpm packages carry no signature the updater could check.',
  /** The confirm before a link from item data leaves the console (RELIABILITY.md, checklist 15). */
  openLinkTitle: (host: string) => `Open ${host} in your browser?`,
  openLinkOk: 'Open',
  openLinkCancel: 'Cancel',
  /** Why a link does not open: only https:// web addresses leave the console. */
  linkNotHttps: 'Only https:// links open from the console.',
  linkNotUrl: 'This is not a web address, so it does not open.',
  linkTooLong: 'This link is too long to open.',
} as const;
