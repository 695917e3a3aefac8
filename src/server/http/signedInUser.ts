import type { AnyCall } from '../../shared/api/call';

/**
 * Who did what is the signed-in user (DESIGN.md): a write is recorded under the username of the
 * access token it came with, never under a name its body carries. The fields a call's declaration
 * fills from the session (`fromSession`: reviewedBy, or the reviewed calls' whole body) may only
 * name that user; a body naming anyone else is refused before anything is written.
 */

/** Usernames are kept lower-case (sign-in lower-cases what is typed), so case never tells two apart. */
const sameUser = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The names a request's body gives in the fields its declaration fills from the session. */
function namesIn(call: AnyCall, body: unknown): string[] {
  const names: string[] = [];
  for (const field of Object.keys(call.fromSession)) {
    const named =
      field === 'body'
        ? body
        : typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>)[field]
          : undefined;
    if (typeof named === 'string') names.push(named);
  }
  return names;
}

/**
 * Why this request may not be written under `username` (the token's), or null when it may: the
 * sentence of the 403. A call that takes no name from the session is always fine.
 */
export function attributionRefusal(
  call: AnyCall,
  body: unknown,
  username: string | null,
): string | null {
  if (Object.keys(call.fromSession).length === 0) return null;
  if (!username)
    return 'The access token names no user, so this write cannot be recorded under anyone.';
  const other = namesIn(call, body).find((named) => !sameUser(named, username));
  if (other === undefined) return null;
  return `This write names ${JSON.stringify(other.trim().slice(0, 100))}, but you are signed in as ${JSON.stringify(username)}: decisions are recorded only under the signed-in user's name. Nothing was written.`;
}
