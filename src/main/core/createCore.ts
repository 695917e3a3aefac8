import type { AppInfo, BridgeEvent } from '../../shared/bridge';
import { createApiClient } from './api/apiClient';
import { createDispatcher, type Dispatch } from './bridge/dispatcher';
import { createHandlers } from './bridge/handlers';
import type { Logger } from './log';
import type { SecretStore } from './secrets/secretStore';
import { SessionManager } from './session/sessionManager';
import { createTokenEndpoints } from './session/tokenEndpoints';
import type { Settings } from './settings';

export interface CoreOptions {
  settings: Settings;
  /** The API host actually used: the configured one, or the demo server's. */
  apiUrl: string;
  demo: boolean;
  shell: AppInfo['shell'];
  version: string;
  secrets: SecretStore;
  log: Logger;
  /** Electron passes net.fetch so Chromium's proxy and certificate settings apply. */
  fetch?: typeof fetch;
}

export interface Core {
  dispatch: Dispatch;
  session: SessionManager;
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

/** Assembles the trusted side: session, API client and bridge handlers. No Electron in here. */
export function createCore(options: CoreOptions): Core {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const seconds = options.settings.requestTimeoutSeconds;
  const timeoutMs = seconds === null ? 0 : seconds * 1000;
  const session = new SessionManager({
    endpoints: createTokenEndpoints(options.apiUrl, options.fetch, timeoutMs),
    secrets: options.secrets,
    secretAccount: `refresh-token@${options.apiUrl}`,
    passwordKey: options.settings.passwordKey,
    signInClientId: options.settings.signInClientId,
    refreshClientId: options.settings.refreshClientId,
    log: options.log,
    emit: (event) => listeners.forEach((listener) => listener(event)),
  });
  const api = createApiClient(options.apiUrl, session, options.fetch, timeoutMs);
  const appInfo: AppInfo = {
    version: options.version,
    demo: options.demo,
    apiUrl: options.apiUrl,
    reviewers: options.settings.reviewers,
    shell: options.shell,
  };
  return {
    dispatch: createDispatcher(createHandlers({ session, api, appInfo }), options.log),
    session,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
