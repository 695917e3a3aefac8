import type { BridgeEvent, Envelope, PreloadBridge, WsMessage } from '../../shared/bridge';

const SECRET_KEY = 'dqc.bridgeSecret';

const closedEnvelope: Envelope<never> = {
  ok: false,
  error: {
    status: 0,
    code: 'BRIDGE_CLOSED',
    message: 'The connection to the console was lost. Reload the page to reconnect.',
  },
};

/**
 * Browser mode takes the launch secret from the address it was opened with, keeps it for this
 * tab only (sessionStorage), and removes it from the address bar.
 */
export function takeLaunchSecret(
  location: Location,
  storage: Storage,
  history: History,
): string | null {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('secret');
  if (fromUrl) {
    storage.setItem(SECRET_KEY, fromUrl);
    params.delete('secret');
    const query = params.toString();
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${query ? `?${query}` : ''}${location.hash}`,
    );
    return fromUrl;
  }
  return storage.getItem(SECRET_KEY);
}

/** The bridge over the loopback WebSocket of browser mode; same envelopes as IPC. */
export function createWsBridge(url: string): PreloadBridge {
  const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
  const listeners = new Set<(event: BridgeEvent) => void>();
  let nextId = 1;
  let socket: Promise<WebSocket> | null = null;
  /**
   * The socket once open: a call is then sent at once, in the caller's own task. Awaiting the
   * promise above would send it only after that task ends, which for a screen being opened is
   * after React's commit and the layout reads that follow it (40-60 ms for the catalogue).
   */
  let open: WebSocket | null = null;

  const connect = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => {
        open = ws;
        resolve(ws);
      };
      ws.onerror = () => reject(new Error('bridge connection failed'));
      ws.onclose = () => {
        socket = null;
        if (open === ws) open = null;
        pending.forEach((settle) => settle(closedEnvelope));
        pending.clear();
      };
      ws.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as WsMessage;
        if (data.kind === 'event') listeners.forEach((listener) => listener(data.event));
        else pending.get(data.id)?.(data.envelope);
        if (data.kind === 'response') pending.delete(data.id);
      };
    });

  return {
    async invoke(channel, payload) {
      let ws = open?.readyState === WebSocket.OPEN ? open : null;
      if (!ws) {
        socket ??= connect().catch((error: unknown) => {
          socket = null;
          throw error;
        });
        try {
          ws = await socket;
        } catch {
          return closedEnvelope;
        }
      }
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, channel, payload }));
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      // Events only flow on an open socket; opening it here means sign-out events are not missed.
      socket ??= connect().catch((error: unknown) => {
        socket = null;
        throw error;
      });
      // A socket that cannot open is reported by the next invoke (BRIDGE_CLOSED); a listener
      // alone has no one to tell, so its failure is not left as an unhandled rejection.
      socket.catch(() => undefined);
      return () => listeners.delete(listener);
    },
  };
}
