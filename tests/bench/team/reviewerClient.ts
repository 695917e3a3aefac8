import { FORM, signInForm } from '../../support/testServer';

/** One answer as the team scenario reads it: the status and the parsed body. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * A reviewer's HTTP calls against one server process, through Node's fetch (keep-alive): the
 * scenario's figures are the server's own times, taken in the server (teamServerChild.ts), so the
 * client's cost does not enter them.
 */
export interface ReviewerClient {
  username: string;
  baseUrl: string;
  token: string;
  send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
}

export async function signInReviewer(baseUrl: string, username: string): Promise<ReviewerClient> {
  const signIn = await fetch(`${baseUrl}/sign-in`, {
    method: 'POST',
    headers: FORM,
    body: signInForm(username, 'demo'),
  });
  if (signIn.status !== 200)
    throw new Error(`${username} could not sign in: ${signIn.status} ${await signIn.text()}`);
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  return {
    username,
    baseUrl,
    token,
    async send(method, path, body, headers = {}) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: kept as text, for the error it names.
      }
      return { status: res.status, body: parsed };
    },
  };
}
