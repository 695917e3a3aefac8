import type {
  BridgeChannel,
  BridgeEvent,
  PayloadOf,
  PreloadBridge,
  ResultOf,
} from '../../shared/bridge';
import { BridgeCallError } from './bridgeError';
import { trackCall } from './pendingCalls';
import { withShownPayload } from './shownRecord';
import { createWsBridge, takeLaunchSecret } from './wsBridge';

declare global {
  interface Window {
    /** Set by the preload script in the desktop app. */
    dqc?: PreloadBridge;
  }
}

let current: PreloadBridge | null = null;

function resolveBridge(): PreloadBridge {
  if (window.dqc) return window.dqc;
  const secret = takeLaunchSecret(window.location, window.sessionStorage, window.history);
  const wsUrl = `${window.location.origin.replace(/^http/, 'ws')}/bridge?secret=${encodeURIComponent(secret ?? '')}`;
  return createWsBridge(wsUrl);
}

function bridge(): PreloadBridge {
  current ??= resolveBridge();
  return current;
}

/** Tests put a fake bridge in place. */
export function setBridge(fake: PreloadBridge | null): void {
  current = fake;
}

/** Calls the trusted side; resolves with the result or throws a BridgeCallError. */
export async function invoke<C extends BridgeChannel>(
  channel: C,
  ...payload: PayloadOf<C> extends undefined ? [] : [PayloadOf<C>]
): Promise<ResultOf<C>> {
  const envelope = await trackCall(bridge().invoke(channel, withShownPayload(payload[0])));
  if (!envelope.ok) throw new BridgeCallError(envelope.error);
  return envelope.data as ResultOf<C>;
}

export function onBridgeEvent(listener: (event: BridgeEvent) => void): () => void {
  return bridge().onEvent(listener);
}
