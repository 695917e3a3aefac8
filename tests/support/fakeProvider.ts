import { createCore, type Core } from '../../src/main/core/createCore';
import { silentLogger } from '../../src/main/core/log';
import { createMemorySecretStore } from '../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings';
import { fakeTokens } from './fakeJwt';
import {
  emptyReply,
  jsonReply,
  startRecordingServer,
  type CannedReply,
  type RecordedRequest,
} from './recordingServer';

export type { CannedReply, RecordedRequest } from './recordingServer';
export { emptyReply, jsonReply, textReply } from './recordingServer';

export interface FakeProvider {
  url: string;
  /** Every request core sent, in order (the sign-in included). */
  seen: RecordedRequest[];
  /** Scripted answers by "METHOD /path" (no query); others are an empty 200. */
  replies: Record<string, CannedReply>;
  /** Core, signed in against this provider as `username`. */
  core: Core;
  last(): RecordedRequest;
  close(): Promise<void>;
}

export interface FakeProviderOptions {
  /** The claims of the access token sign-in hands out; default an ADMIN with a sub. */
  claims?: Record<string, unknown>;
  username?: string;
}

export const FAKE_ADMIN_CLAIMS = {
  sub: 'u1',
  preferred_username: 'reviewer2',
  realm_access: { roles: ['ADMIN'] },
};

/**
 * A scripted provider for answers the spec provider never gives (a record where a list is due,
 * a count that is not a number, an access token without sub), with a signed-in core in front.
 */
export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const replies: Record<string, CannedReply> = {};
  const claims = options.claims ?? FAKE_ADMIN_CLAIMS;
  const server = await startRecordingServer((request) => {
    if (request.path === '/sign-in' || request.path === '/refresh')
      return jsonReply(fakeTokens(claims));
    return replies[`${request.method} ${request.path}`] ?? emptyReply();
  });
  const core = createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl: server.url,
    demo: false,
    shell: 'browser',
    version: 't',
    secrets: createMemorySecretStore(),
    log: silentLogger,
    apiUrlSource: 'environment',
    settingsFiles: { user: null, machine: null },
  });
  const signedIn = await core.dispatch('session.signIn', {
    username: options.username ?? 'reviewer2',
    password: 'demo',
  });
  if (!signedIn.ok) throw new Error(`fake provider sign-in failed: ${signedIn.error.message}`);
  return {
    url: server.url,
    seen: server.seen,
    replies,
    core,
    last: () => server.seen.at(-1)!,
    close: () => server.close(),
  };
}
