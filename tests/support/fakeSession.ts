import { vi } from 'vitest';
import type { BridgeEvent } from '../../src/shared/bridge';
import { silentLogger, type Logger } from '../../src/main/core/log';
import { createMemorySecretStore } from '../../src/main/core/secrets/memorySecretStore';
import type { SecretStore } from '../../src/main/core/secrets/secretStore';
import { SessionManager } from '../../src/main/core/session/sessionManager';
import type { HttpAnswer, TokenEndpoints } from '../../src/main/core/session/tokenEndpoints';
import { DEFAULT_PASSWORD_KEY } from '../../src/shared/constants';
import { fakeTokens } from './fakeJwt';

export const ADMIN_CLAIMS = {
  sub: 'user-1',
  preferred_username: 'reviewer1',
  realm_access: { roles: ['ADMIN'] },
};

export function answer(status: number, data: unknown = {}): HttpAnswer {
  return { status, data };
}

/**
 * A SessionManager on scripted token endpoints and an in-memory secret store; pass the store of
 * an earlier one to play a restart of the app.
 */
export function makeSession(
  overrides: Partial<TokenEndpoints> = {},
  secrets: SecretStore = createMemorySecretStore(),
  log: Logger = silentLogger,
) {
  let refreshCount = 0;
  const endpoints: TokenEndpoints = {
    signIn: vi.fn(async () => answer(200, fakeTokens(ADMIN_CLAIMS, 'signin'))),
    refresh: vi.fn(async () => answer(200, fakeTokens(ADMIN_CLAIMS, `r${++refreshCount}`))),
    signOut: vi.fn(async () => answer(204)),
    ...overrides,
  };
  const events: BridgeEvent[] = [];
  const session = new SessionManager({
    endpoints,
    secrets,
    secretAccount: 'refresh-token@test',
    passwordKey: DEFAULT_PASSWORD_KEY,
    signInClientId: 'data-quality-center',
    refreshClientId: 'data-quality-center',
    log,
    emit: (event) => events.push(event),
  });
  return { session, endpoints, secrets, events };
}
