import { vi } from 'vitest';
import type { SessionView } from '../../../src/shared/auth';
import type { AppInfo, BridgeEvent, Envelope, PreloadBridge } from '../../../src/shared/bridge';
import { ALL_DEFAULT_SOURCES } from '../../../src/shared/desktop';

export const signedIn: SessionView = {
  signedIn: true,
  username: 'reviewer1',
  userId: 'u1',
  roles: ['ADMIN'],
};
export const signedOut: SessionView = { signedIn: false, username: null, userId: null, roles: [] };
export const appInfo: AppInfo = {
  version: '0.1.0',
  demo: true,
  apiUrl: 'http://127.0.0.1:1',
  reviewers: ['reviewer1'],
  linkHosts: [],
  shell: 'browser',
  desktop: {
    apiUrlSource: 'demo',
    settingSources: ALL_DEFAULT_SOURCES,
    settingsFiles: { user: '/home/r/.config/dqc-console/settings.json', machine: null },
    secretStore: 'keychain',
    logFolder: null,
    electron: null,
  },
};

/** A scripted bridge: each channel answers from `answers`, and events can be pushed by the test. */
export function fakeBridge(answers: Record<string, (payload: unknown) => Envelope<unknown>>) {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const bridge: PreloadBridge & {
    push(event: BridgeEvent): void;
    invoke: ReturnType<typeof vi.fn>;
  } = {
    invoke: vi.fn(async (channel: string, payload: unknown): Promise<Envelope<unknown>> => {
      const answer = answers[channel];
      return answer ? answer(payload) : fail(500, 'NO_FAKE', `no fake for ${channel}`);
    }),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push(event) {
      listeners.forEach((listener) => listener(event));
    },
  };
  return bridge;
}

export const ok = <T>(data: T): Envelope<T> => ({ ok: true, data });
export const fail = (status: number, code: string, message: string): Envelope<never> => ({
  ok: false,
  error: { status, code, message },
});
