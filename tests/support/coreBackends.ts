import { parseAnswerText } from '../../src/main/core/api/answerText';
import { createCore, type Core, type CoreOptions } from '../../src/main/core/createCore';
import { silentLogger } from '../../src/main/core/log';
import { createMemorySecretStore } from '../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings';
import type { BridgeChannel, PayloadOf, ResultOf } from '../../src/shared/bridge';
import { startSpecProvider, type SpecProvider } from './specProvider';
import { startTestServer, type TestServer } from './testServer';

export type BackendKind = 'spec provider' | 'reference server';
export const BACKENDS: BackendKind[] = ['spec provider', 'reference server'];

/** A backend's own answer, read without core's readers. */
export interface RawAnswer {
  status: number;
  contentType: string | null;
  text: string;
  /** JSON when it is JSON, else the text; undefined when empty. */
  value: unknown;
}

export interface Backend {
  kind: BackendKind;
  url: string;
  /** Core, signed in as reviewer2 (typed ' Reviewer2 '). */
  core: Core;
  /** Present for the spec provider only. */
  spec: SpecProvider | null;
  server: TestServer | null;
  /** A call straight to the backend with core's bearer token and User-Id. */
  raw(method: string, path: string, body?: unknown): Promise<RawAnswer>;
  close(): Promise<void>;
}

/** A core on this API host as browser mode builds it, in memory; `over` sets what a test needs. */
export function coreFor(apiUrl: string, over: Partial<CoreOptions> = {}): Core {
  return createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl,
    demo: false,
    shell: 'browser',
    version: 't',
    secrets: createMemorySecretStore(),
    log: silentLogger,
    apiUrlSource: 'environment',
    settingsFiles: { user: null, machine: null },
    ...over,
  });
}

/** A channel's call through core's dispatcher, its data or a thrown error naming the channel. */
export function callerOf(core: Core) {
  return async <C extends BridgeChannel>(channel: C, payload?: PayloadOf<C>) => {
    const envelope = await core.dispatch(channel, payload);
    if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
    return envelope.data as ResultOf<C>;
  };
}

/** Signs a core in; throws with the envelope's message when it cannot. */
export async function signedIn(core: Core, username: string, password = 'demo'): Promise<Core> {
  const result = await core.dispatch('session.signIn', { username, password });
  if (!result.ok) throw new Error(`sign-in as ${username} failed: ${result.error.message}`);
  return core;
}

export async function startBackend(kind: BackendKind): Promise<Backend> {
  const spec = kind === 'spec provider' ? await startSpecProvider() : null;
  const server = kind === 'reference server' ? await startTestServer('pglite') : null;
  const url = spec?.url ?? server!.url;
  const core = await signedIn(coreFor(url), ' Reviewer2 ');
  return {
    kind,
    url,
    core,
    spec,
    server,
    async raw(method, path, body) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${core.session.accessToken()}`,
      };
      const userId = core.session.userId();
      if (userId) headers['user-id'] = userId;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        contentType: res.headers.get('content-type'),
        text,
        value: parseAnswerText(text),
      };
    },
    async close() {
      await spec?.close();
      await server?.close();
    },
  };
}
