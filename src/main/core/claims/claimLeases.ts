import type { AxiosInstance } from 'axios';
import { EXTENSION_GROUPS } from '../../../shared/api';
import { sendCall, type SessionValues } from '../api/sendCall';
import type { CallContext } from '../bridge/callContext';
import { toBridgeError } from '../bridgeFailure';
import { offeredOnly } from '../insight/offeredOnly';
import type { ServerExtensions } from '../insight/serverExtensions';
import type { Logger } from '../log';

/**
 * The work queue's leases in core (the claims extension, DESIGN.md, Several people at once). Its
 * channels (claims.*) reach only a server whose capabilities list `claims`: against any other
 * provider they are refused here and nothing is sent. A sign-out releases the user's claims
 * first, so that colleagues get those items at once rather than when the leases run out.
 */

type Handler = (payload: unknown, context: CallContext) => Promise<unknown>;

export const CLAIMS_NOT_OFFERED = 'The server does not offer the work queue (claims).';

/**
 * How long a sign-out waits for the release of the user's claims: a server that does not answer
 * must not hold the user signed in; leases it kept run out on their own.
 */
export const RELEASE_WAIT_MS = 2000;

/** A claims channel's handler, sent only when the server offers the extension. */
export function offeredClaims(extensions: ServerExtensions, send: Handler): Handler {
  return offeredOnly(extensions, 'claims', CLAIMS_NOT_OFFERED)(send);
}

/**
 * Releases every claim the signed-in user holds, when the server is known to offer claims (a
 * session that never asked has claimed nothing: a sign-out sends no more than it did); waits at
 * most RELEASE_WAIT_MS, and only logs a failure: it never stands in the way of the sign-out.
 */
export async function releaseMyClaims(deps: {
  api: AxiosInstance;
  extensions: ServerExtensions;
  fromSession: SessionValues;
  signedIn: () => boolean;
  log: Logger;
}): Promise<void> {
  if (!deps.signedIn()) return;
  const release = (async () => {
    if (!(await deps.extensions.offeredAlready('claims'))) return;
    await sendCall(deps.api, EXTENSION_GROUPS.claims.releaseMine, {}, deps.fromSession);
  })().catch((error: unknown) => {
    const { message } = toBridgeError(error);
    deps.log.warn(`[core] The claims were not released at sign-out: ${message}`);
  });
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RELEASE_WAIT_MS);
  });
  await Promise.race([release, bound]);
  clearTimeout(timer);
}
