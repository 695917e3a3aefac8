import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  type PreloadBridge,
} from '../../../src/shared/bridge';

// Electron's binary is not available here; the preload runs against a mock of its API.
const fake = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const ipcListeners = new Map<string, ((...args: unknown[]) => void)[]>();
  return {
    exposed,
    ipcListeners,
    contextBridge: {
      exposeInMainWorld: vi.fn((key: string, api: unknown) => void exposed.set(key, api)),
    },
    ipcRenderer: {
      invoke: vi.fn(async () => ({ ok: true, data: 'answer' })),
      on: vi.fn((channel: string, fn: (...args: unknown[]) => void) => {
        ipcListeners.set(channel, [...(ipcListeners.get(channel) ?? []), fn]);
      }),
      removeListener: vi.fn((channel: string, fn: (...args: unknown[]) => void) => {
        ipcListeners.set(
          channel,
          (ipcListeners.get(channel) ?? []).filter((f) => f !== fn),
        );
      }),
    },
  };
});
vi.mock('electron', () => ({ contextBridge: fake.contextBridge, ipcRenderer: fake.ipcRenderer }));

let bridge: PreloadBridge;
beforeAll(async () => {
  await import('../../../src/preload/index');
  bridge = fake.exposed.get('dqc') as PreloadBridge;
});

describe('preload: the only thing the page gets', () => {
  it('exposes one object, dqc, with invoke and onEvent and nothing of Electron', () => {
    expect([...fake.exposed.keys()]).toEqual(['dqc']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onEvent']);
    expect(Object.values(bridge).every((v) => typeof v === 'function')).toBe(true);
  });

  it('invoke goes over the one bridge channel, whatever channel name the page passes', async () => {
    await expect(bridge.invoke('app.info' as never, undefined as never)).resolves.toEqual({
      ok: true,
      data: 'answer',
    });
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith(IPC_INVOKE_CHANNEL, 'app.info', undefined);
  });

  it('onEvent hands the page the payload only, never the IPC event (its sender)', () => {
    const listener = vi.fn();
    const unsubscribe = bridge.onEvent(listener);
    const [handler] = fake.ipcListeners.get(IPC_EVENT_CHANNEL)!;
    const ipcEvent = { sender: { send: vi.fn() }, ports: [] };
    const payload = { type: 'session.signedOut', reason: 'user', message: 'bye' };
    handler!(ipcEvent, payload);
    expect(listener).toHaveBeenCalledWith(payload);
    expect(listener.mock.calls[0]).toHaveLength(1);
    unsubscribe();
    expect(fake.ipcListeners.get(IPC_EVENT_CHANNEL)).toEqual([]);
  });
});
