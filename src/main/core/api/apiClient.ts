import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { silentLogger, type Logger } from '../log';
import { answerFields, parseAnswerText } from './answerText';
import type { SessionManager } from '../session/sessionManager';
import type { CallOutcome } from '../connection/connectionModel';

type RetriableConfig = InternalAxiosRequestConfig & {
  _retried?: boolean;
  /** The access token this request was sent with. */
  _sentWith?: string | null;
  /** When it left (Date.now()): the connection model hears how long its answer took. */
  _startedAt?: number;
};

/**
 * The one client for every data call. Adds the bearer token and User-Id; on 401 or 403 while
 * signed in, refreshes once (shared with every concurrent request) and retries once. A retried
 * request answered 400 invalid_grant signs the user out (SPEC.md 4).
 */
export function createApiClient(
  baseURL: string,
  session: Pick<
    SessionManager,
    'accessToken' | 'userId' | 'isLogged' | 'isStale' | 'refreshAccessToken' | 'signOut'
  >,
  fetchImpl?: typeof fetch,
  /** 0: no timeout (the spec's client sets none); settings may set one. */
  timeoutMs = 0,
  log: Logger = silentLogger,
  /** Told what each call brought back: the connection model (issue 50) learns from real calls. */
  onOutcome: (outcome: CallOutcome) => void = () => undefined,
): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: timeoutMs,
    ...(fetchImpl ? { adapter: 'fetch', env: { fetch: fetchImpl } } : {}),
  });
  client.interceptors.request.use(async (config: RetriableConfig) => {
    // After sleep, lock or a network change the token is renewed before the call, not after a
    // 401; a refresh that fails here leaves the call to the usual 401 path.
    if (session.isStale()) await session.refreshAccessToken().catch(() => undefined);
    const token = session.accessToken();
    config._sentWith = token;
    config._startedAt = Date.now();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    const userId = session.userId();
    if (userId) config.headers.set('User-Id', userId);
    return config;
  });
  const tookMs = (config: RetriableConfig | undefined) =>
    config?._startedAt === undefined ? 0 : Date.now() - config._startedAt;
  client.interceptors.response.use(
    (response) => {
      onOutcome({ kind: 'answered', status: response.status, ms: tookMs(response.config) });
      return response;
    },
    async (error: unknown) => {
      if (!axios.isAxiosError(error) || !error.config) throw error;
      const took = tookMs(error.config);
      onOutcome(
        error.response
          ? { kind: 'answered', status: error.response.status, ms: took }
          : { kind: 'noAnswer', ms: took },
      );
      const { method, url } = error.config;
      log.info(
        `${method?.toUpperCase()} ${url} failed: ${error.response?.status ?? error.code ?? error.message}`,
      );
      // The axios error itself carries config.headers with the bearer token: the log writer
      // redacts it (tests/unit/main/logSecrets.test.ts).
      log.debug?.('Provider call failed:', error);
      const config = error.config as RetriableConfig;
      const status = error.response?.status;
      if (
        config._retried &&
        status === 400 &&
        errorCodeOf(error.response?.data) === 'invalid_grant'
      ) {
        await session.signOut('revoked');
        throw error;
      }
      if ((status === 401 || status === 403) && session.isLogged() && !config._retried) {
        config._retried = true;
        // A request sent before a refresh that has since finished only needs the new token; a
        // second refresh would waste the rotated refresh token's round trip.
        const current = session.accessToken();
        if (!current || current === config._sentWith) await session.refreshAccessToken();
        return client.request(config);
      }
      throw error;
    },
  );
  return client;
}

/**
 * The `error` field of a failure's body, however it was read: every declared call reads its answer
 * as text (sendCall.ts), a direct call as parsed JSON. Undefined when the body has none.
 */
const errorCodeOf = (data: unknown): unknown => answerFields(parseAnswerText(data))?.error;
