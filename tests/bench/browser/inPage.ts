/**
 * Functions that run inside the page (passed to page.evaluate): each must stand alone, with no
 * import and no module variable, since only its source text reaches the page. Times are taken with
 * the page's own monotonic clock (performance.now()), so no clock is compared across processes.
 */

/** A click whose effect is a list of new items on screen. */
export interface PaintProbe {
  /** The element clicked (a Filter button, a pager item). */
  click: string;
  /** The items that must be on screen afterwards ('[data-item-id]'). */
  items: string;
  /** How many of them. */
  count: number;
  /** The attribute that names an item, to tell new content from the old. */
  key: string;
  /**
   * A value of `key` that is not the click's content though the page shows it at first (the
   * Queues screen shows the last read while it reads again): items carrying it are not counted.
   */
  stale?: string;
  timeoutMs: number;
}

export type PaintResult =
  | {
      ok: true;
      /** click to rows in the DOM */ domMs: number;
      /** click to a frame after it */ paintMs: number;
      /** When the rows reached the DOM, on the wall clock (timeOrigin + now, in ms). */
      domWallMs: number;
    }
  | { ok: false; reason: string };

/**
 * Clicks, then waits until `count` items are in the DOM and they are not the items that were
 * there before (the click's new content, not the old list), then until a frame has been produced
 * after that: a requestAnimationFrame callback runs just before the frame is drawn, and a message
 * posted from it is delivered once the frame is done. Times click to DOM and click to painted.
 */
export function clickToPaint(probe: PaintProbe): Promise<PaintResult> {
  const signature = () =>
    Array.from(document.querySelectorAll(probe.items), (e) => e.getAttribute(probe.key) ?? '').join(
      ',',
    );
  const before = signature();
  const button = document.querySelector<HTMLElement>(probe.click);
  if (!button) return Promise.resolve({ ok: false, reason: `nothing matches ${probe.click}` });
  return new Promise((resolve) => {
    let clickedAt = 0;
    let done = false;
    const observer = new MutationObserver(() => check());
    const timer = setTimeout(() => {
      done = true;
      observer.disconnect();
      const shown = document.querySelectorAll(probe.items).length;
      resolve({
        ok: false,
        reason: `timed out with ${shown} items, same as before: ${signature() === before}`,
      });
    }, probe.timeoutMs);
    function check() {
      if (done) return;
      if (document.querySelectorAll(probe.items).length !== probe.count) return;
      if (signature() === before) return;
      if (
        probe.stale !== undefined &&
        Array.from(document.querySelectorAll(probe.items)).some(
          (e) => e.getAttribute(probe.key) === probe.stale,
        )
      )
        return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      const domAt = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({
            ok: true,
            domMs: domAt - clickedAt,
            paintMs: performance.now() - clickedAt,
            domWallMs: performance.timeOrigin + domAt,
          });
        channel.port2.postMessage(null);
      });
    }
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [probe.key],
    });
    clickedAt = performance.now();
    button.click();
  });
}

/** One bridge call as the page's bridge sends it; `ms` is the page's own time for it. */
export interface TimedAnswer {
  ms: number;
  ok: boolean;
  detail: string;
}

/**
 * A bridge call from the page: the same WebSocket protocol as src/renderer/bridge/wsBridge.ts
 * (one JSON request {id, channel, payload}, one JSON response {kind: 'response', id, envelope}),
 * on a connection of its own to the same core, opened with the launch secret the page keeps in
 * sessionStorage. The app's invoke() adds only the pending-call bookkeeping (a Map insert). The
 * connection is opened once and kept on window, as the app keeps its own.
 */
export async function bridgeCall(call: {
  channel: string;
  payload: unknown;
}): Promise<TimedAnswer> {
  interface BenchSocket {
    socket: WebSocket;
    next: number;
    pending: Map<number, (envelope: { ok: boolean; error?: { message: string } }) => void>;
  }
  const holder = window as unknown as { __benchBridge?: Promise<BenchSocket> };
  holder.__benchBridge ??= new Promise<BenchSocket>((resolve, reject) => {
    const secret = sessionStorage.getItem('dqc.bridgeSecret') ?? '';
    const url = `${location.origin.replace(/^http/, 'ws')}/bridge?secret=${encodeURIComponent(secret)}`;
    const socket = new WebSocket(url);
    const state: BenchSocket = { socket, next: 1, pending: new Map() };
    socket.onopen = () => resolve(state);
    socket.onerror = () => reject(new Error('the bench bridge connection failed'));
    socket.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as {
        kind: string;
        id: number;
        envelope: { ok: boolean; error?: { message: string } };
      };
      if (data.kind !== 'response') return;
      state.pending.get(data.id)?.(data.envelope);
      state.pending.delete(data.id);
    };
  });
  const bridge = await holder.__benchBridge;
  const started = performance.now();
  const envelope = await new Promise<{ ok: boolean; error?: { message: string } }>((resolve) => {
    const id = bridge.next++;
    bridge.pending.set(id, resolve);
    bridge.socket.send(JSON.stringify({ id, channel: call.channel, payload: call.payload }));
  });
  const ms = performance.now() - started;
  return { ms, ok: envelope.ok, detail: envelope.ok ? '' : (envelope.error?.message ?? '?') };
}

/** The same server request as core sends for a call, fetched from a page on the server's origin. */
export interface DirectRequest {
  method: string;
  /** Path and query, on the page's own origin. */
  path: string;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * A direct fetch of one or more requests at once (as core sends review.list's three), read as
 * text and parsed as JSON where it is JSON, as core reads an answer.
 */
export async function directFetch(requests: DirectRequest[]): Promise<TimedAnswer> {
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async (r) => {
      const response = await fetch(r.path, {
        method: r.method,
        headers: r.headers,
        body: r.body ?? undefined,
      });
      const text = await response.text();
      if (text.startsWith('{') || text.startsWith('[')) JSON.parse(text);
      return response.status;
    }),
  );
  const ms = performance.now() - started;
  const bad = answers.filter((status) => status >= 300);
  return { ms, ok: bad.length === 0, detail: bad.join(',') };
}

/** What painting a page's own final markup from a static string cost (issue 51's paint floor). */
export type FloorResult =
  | {
      ok: true;
      /** From setting the markup to a frame produced after it. */
      ms: number;
      /** The markup's length in characters. */
      chars: number;
    }
  | { ok: false; reason: string };

/**
 * The paint floor of what is on screen now: the markup of the element that holds every `items`
 * (their nearest common ancestor), as the app painted it, set again from a static string into a
 * new element of the same tag and classes put in its place (the original hidden meanwhile), so the
 * same style sheets apply and the copy is laid out and painted where the user sees the original,
 * not below it off screen. Timed to a frame produced after it exactly as clickToPaint times the
 * app's own (a requestAnimationFrame callback, then a message posted from it); then the copy is
 * taken away and the original shown again. No framework runs: this is the cost of parsing,
 * styling, laying out and painting exactly what the user sees, where they see it.
 */
export function paintFloor(probe: { items: string }): Promise<FloorResult> {
  const items = Array.from(document.querySelectorAll(probe.items));
  if (items.length === 0) return Promise.resolve({ ok: false, reason: `no ${probe.items}` });
  let container = items[0]!.parentElement;
  while (container && !items.every((item) => container!.contains(item)))
    container = container.parentElement;
  if (!container) return Promise.resolve({ ok: false, reason: 'no element holds every item' });
  const html = container.innerHTML;
  const copy = document.createElement(container.tagName);
  copy.className = container.className;
  const holder = container;
  const display = holder.style.display;
  return new Promise((resolve) => {
    const started = performance.now();
    copy.innerHTML = html;
    holder.style.display = 'none';
    holder.before(copy);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const ms = performance.now() - started;
        copy.remove();
        holder.style.display = display;
        resolve({ ok: true, ms, chars: html.length });
      };
      channel.port2.postMessage(null);
    });
  });
}

/**
 * Resolves once the page has been idle: SETTLE_MS after it is called (the answers to what a page
 * asks after its paint have come back), then at the browser's next idle period (nothing left to
 * run, no frame due). Standalone: only its source reaches the page.
 */
export function settled(): Promise<void> {
  const SETTLE_MS = 300;
  return new Promise((resolve) =>
    setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), SETTLE_MS),
  );
}
