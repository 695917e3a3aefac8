import { EXTENSION_GROUPS } from '../../../shared/api';
import type { CallOutcome } from './connectionModel';

/** A probe that gets no answer within this long counts as none. */
export const PROBE_TIMEOUT_MS = 10_000;

/**
 * The light call the connection model sends while the provider is failing: the extensions'
 * capabilities, without a token. Any answer the provider gives itself proves it is there (a
 * provider without extensions answers 404; ours may answer 401); a gateway's 502, 503 or 504 and
 * no answer do not (connectionModel.ts).
 */
export function providerProbe(apiUrl: string, fetchImpl: typeof fetch): () => Promise<CallOutcome> {
  const url = new URL(
    EXTENSION_GROUPS.insight.capabilities.path.replace(/^\//, ''),
    withSlash(apiUrl),
  );
  return async () => {
    const started = Date.now();
    try {
      const answer = await fetchImpl(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      // The body is not read: only that an answer came.
      await answer.body?.cancel().catch(() => undefined);
      return { kind: 'answered', status: answer.status, ms: Date.now() - started };
    } catch {
      return { kind: 'noAnswer', ms: Date.now() - started };
    }
  };
}

const withSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);
