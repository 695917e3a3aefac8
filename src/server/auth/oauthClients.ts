/**
 * The OAuth clients this server issues tokens to, as SPEC.md 7's two token calls use them: the
 * sign-in sends one client id, and the refresh "a fixed data-quality client id", which a provider
 * may make a different one. A refresh token is bound to the client it was issued to (RFC 6749
 * section 6): it is refreshed only by that sign-in client or by the refresh client configured
 * beside it, never by another client this server knows.
 */
export interface OAuthClient {
  /** The client_id of the sign-in call. */
  signInId: string;
  /** The client_id of the refresh call of the same app (often the same id). */
  refreshId: string;
}

export function isSignInClient(clients: readonly OAuthClient[], clientId: string): boolean {
  return clients.some((client) => client.signInId === clientId);
}

/** Any client id this server knows, in either call. */
export function isKnownClient(clients: readonly OAuthClient[], clientId: string): boolean {
  return clients.some((client) => client.signInId === clientId || client.refreshId === clientId);
}

/** May a refresh sent as `presenting` rotate a token issued at sign-in to `issuedTo`? */
export function mayRefresh(
  clients: readonly OAuthClient[],
  issuedTo: string,
  presenting: string,
): boolean {
  if (presenting === issuedTo) return true;
  return clients.some((client) => client.signInId === issuedTo && client.refreshId === presenting);
}
