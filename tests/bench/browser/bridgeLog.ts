/**
 * A log of the page's bridge calls, kept by the page itself: installed as an init script
 * (page.addInitScript) before the app's own code runs, it wraps WebSocket.prototype.send, so every
 * call the app's bridge sends (src/renderer/bridge/wsBridge.ts: one JSON request {id, channel,
 * payload}, one JSON response {kind: 'response', id, envelope}) is stamped with the page's clock
 * when sent and when answered. The review actions (reviewActions.ts) read it to split one action
 * into click, request sent, answer back, reload sent, reload back, card shown. Standalone: only its
 * source reaches the page.
 */

export interface BridgeLogEntry {
  /** Which socket (the app has one; the bench's own bridgeCall opens another). */
  socket: number;
  id: number;
  channel: string;
  /** performance.now() when the request was handed to the socket. */
  sentAt: number;
  /** performance.now() when its response arrived; null until then. */
  answeredAt: number | null;
  ok: boolean | null;
}

/** The most entries kept: a long shift makes thousands of calls, the actions read the last few. */
export const BRIDGE_LOG_SIZE = 400;

export function installBridgeLog(size: number): void {
  const holder = window as unknown as { __benchBridgeLog?: BridgeLogEntry[] };
  if (holder.__benchBridgeLog) return;
  const log: BridgeLogEntry[] = [];
  holder.__benchBridgeLog = log;
  const ids = new WeakMap<WebSocket, number>();
  let sockets = 0;
  const originalSend = WebSocket.prototype.send;
  WebSocket.prototype.send = function send(
    this: WebSocket,
    data: string | ArrayBufferLike | Blob | ArrayBufferView,
  ) {
    let socket = ids.get(this);
    if (socket === undefined) {
      socket = ++sockets;
      ids.set(this, socket);
      const mine = socket;
      this.addEventListener('message', (event: MessageEvent) => {
        const at = performance.now();
        if (typeof event.data !== 'string') return;
        // Only the head is read: an answer can be megabytes (the catalogue), and parsing it again
        // here would slow the page being measured. core writes {"kind":"response","id":N,
        // "envelope":{"ok":…} (src/browser/browserMode.ts), so all three are in the head.
        const head = event.data.slice(0, 200);
        if (!head.includes('"kind":"response"')) return;
        const id = Number(/"id":(-?\d+)/.exec(head)?.[1]);
        for (let i = log.length - 1; i >= 0; i--) {
          const entry = log[i]!;
          if (entry.socket === mine && entry.id === id) {
            entry.answeredAt = at;
            entry.ok = head.includes('"ok":true');
            break;
          }
        }
      });
    }
    if (typeof data === 'string') {
      // The bridge's requests are JSON.stringify({id, channel, payload}): id and channel lead.
      const head = data.slice(0, 200);
      const id = /^\{"id":(\d+),"channel":"([^"]+)"/.exec(head);
      if (id) {
        log.push({
          socket,
          id: Number(id[1]),
          channel: id[2]!,
          sentAt: performance.now(),
          answeredAt: null,
          ok: null,
        });
        if (log.length > size) log.splice(0, log.length - size);
      }
    }
    return originalSend.call(this, data);
  };
}
