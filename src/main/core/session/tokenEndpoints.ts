import axios, { type AxiosInstance } from 'axios';
import { authCalls } from '../../../shared/api/auth';
import { silentLogger, type Logger } from '../log';
import { MESSAGES } from '../../../shared/messages';

export interface HttpAnswer {
  status: number;
  data: unknown;
  /** The Retry-After header of a throttled answer (429), when there is one. */
  retryAfter?: string;
}

/** How long the provider's sign-out call may take before it is given up (and only logged). */
export const SIGN_OUT_TIMEOUT_MS = 10_000;

/** The three token calls of SPEC.md 7 (Auth). A network failure rejects; any HTTP answer resolves. */
export interface TokenEndpoints {
  signIn(form: {
    username: string;
    password: string;
    clientId: string;
    scope: string;
  }): Promise<HttpAnswer>;
  refresh(form: { refreshToken: string; clientId: string }): Promise<HttpAnswer>;
  signOut(accessToken: string, idToken: string): Promise<HttpAnswer>;
}

/**
 * A separate axios instance from the data client, so that token calls never pass through the
 * 401-refresh interceptor (a refresh that triggers a refresh would never end).
 */
export function createTokenEndpoints(
  baseURL: string,
  fetchImpl?: typeof fetch,
  /** 0: no timeout (the spec's default). */
  timeoutMs = 0,
  log: Logger = silentLogger,
  signOutTimeoutMs = SIGN_OUT_TIMEOUT_MS,
): TokenEndpoints {
  const http: AxiosInstance = axios.create({
    baseURL,
    timeout: timeoutMs,
    withCredentials: true,
    validateStatus: () => true,
    ...(fetchImpl ? { adapter: 'fetch', env: { fetch: fetchImpl } } : {}),
  });
  // Only what the session reads: status, body and, for a 429, how long to wait.
  http.interceptors.response.use(
    (response) => {
      // The whole exchange at debug level, tokens and all: the log writer redacts them, and
      // tests/unit/main/logSecrets.test.ts proves it on a real log file.
      log.debug?.(
        `Token call ${response.config.method?.toUpperCase()} ${response.config.url} answered ${response.status}:`,
        {
          sent: { headers: response.config.headers, body: response.config.data },
          answer: response.data,
        },
      );
      const retryAfter: unknown = response.headers['retry-after'];
      if (typeof retryAfter === 'string') Object.assign(response, { retryAfter });
      return response;
    },
    (error: unknown) => {
      log.debug?.('Token call failed:', error);
      throw error;
    },
  );
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };
  return {
    signIn: ({ username, password, clientId, scope }) =>
      http.post(
        authCalls.signIn.path,
        form({ scope, grant_type: 'password', client_id: clientId, username, password }),
        { headers: formHeaders },
      ),
    refresh: ({ refreshToken, clientId }) =>
      http.post(
        authCalls.refresh.path,
        form({ refresh_token: refreshToken, client_id: clientId, grant_type: 'refresh_token' }),
        { headers: formHeaders },
      ),
    // No body at all (SPEC.md 7): not even the four bytes of a JSON null. The local sign-out
    // does not wait for it (SessionManager.signOut); its own timeout keeps a provider that never
    // answers from holding a connection for the rest of the shift.
    signOut: (accessToken, idToken) =>
      http.post(authCalls.signOut.path, undefined, {
        timeout: signOutTimeoutMs,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${accessToken}`,
          'Id-Token': idToken,
        },
      }),
  };
}

/** The wait a throttled token call asks for: its own sentence, else Retry-After in seconds. */
export function throttledMessage(answer: HttpAnswer, call: 'signIn' | 'refresh'): string {
  const description = (answer.data as { error_description?: unknown } | null)?.error_description;
  if (typeof description === 'string' && description.trim() !== '') return description.trim();
  const seconds = Number(answer.retryAfter);
  return MESSAGES.tooManyRequests(
    call,
    Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null,
  );
}
