import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  type BridgeEvent,
  type Envelope,
  type PreloadBridge,
} from '../shared/bridge';

/** The one narrow bridge: invoke on one channel, and listen to events. Nothing else of Electron. */
const bridge: PreloadBridge = {
  invoke: (channel, payload) =>
    ipcRenderer.invoke(IPC_INVOKE_CHANNEL, channel, payload) as Promise<Envelope<unknown>>,
  onEvent(listener) {
    const handler = (_event: IpcRendererEvent, payload: BridgeEvent) => listener(payload);
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('dqc', bridge);
