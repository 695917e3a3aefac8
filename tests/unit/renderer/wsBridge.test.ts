/**
 * Browser mode's bridge (wsBridge.ts) over a stand-in WebSocket: one socket for every call, each
 * answer to its own call, events to listeners, a lost socket answering what was pending; and, as
 * docs/performance.md, Review and the lists asks, a call on an open socket leaves in the caller's
 * own task, before any await.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWsBridge } from '../../../src/renderer/bridge/wsBridge';

class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: { id: number; channel: string; payload: unknown }[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as FakeSocket['sent'][number]);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  answer(id: number, data: unknown) {
    this.onmessage?.({
      data: JSON.stringify({ kind: 'response', id, envelope: { ok: true, data } }),
    });
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const flush = () => new Promise<void>((done) => setTimeout(done, 0));

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the WebSocket bridge', () => {
  it('opens one socket, sends once it is open, and answers each call with its own answer', async () => {
    const bridge = createWsBridge('ws://127.0.0.1:1/bridge?secret=s');
    const first = bridge.invoke('app.info', undefined);
    const second = bridge.invoke('session.get', undefined);
    expect(FakeSocket.made).toHaveLength(1);
    const [socket] = FakeSocket.made;
    expect(socket!.sent).toEqual([]);
    socket!.open();
    await flush();
    expect(socket!.sent.map((s) => s.channel)).toEqual(['app.info', 'session.get']);
    const [a, b] = socket!.sent;
    socket!.answer(b!.id, 'second');
    socket!.answer(a!.id, 'first');
    await expect(first).resolves.toEqual({ ok: true, data: 'first' });
    await expect(second).resolves.toEqual({ ok: true, data: 'second' });
  });

  it('sends a call on an open socket at once, in the caller’s task', async () => {
    const bridge = createWsBridge('ws://127.0.0.1:1/bridge');
    void bridge.invoke('app.info', undefined);
    FakeSocket.made[0]!.open();
    await flush();
    const socket = FakeSocket.made[0]!;
    socket.sent = [];
    void bridge.invoke('currencies.cataloguePage', { contains: '', page: 0, fresh: true });
    // No await between the call and this line: the message is already on the socket.
    expect(socket.sent.map((s) => s.channel)).toEqual(['currencies.cataloguePage']);
  });

  it('answers pending calls when the socket closes, and opens a new one for the next call', async () => {
    const bridge = createWsBridge('ws://127.0.0.1:1/bridge');
    const pending = bridge.invoke('app.info', undefined);
    FakeSocket.made[0]!.open();
    await flush();
    FakeSocket.made[0]!.close();
    await expect(pending).resolves.toMatchObject({ ok: false, error: { code: 'BRIDGE_CLOSED' } });

    const next = bridge.invoke('app.info', undefined);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.open();
    await flush();
    const [sent] = FakeSocket.made[1]!.sent;
    FakeSocket.made[1]!.answer(sent!.id, 'again');
    await expect(next).resolves.toEqual({ ok: true, data: 'again' });
  });

  it('passes events to listeners until they leave', async () => {
    const bridge = createWsBridge('ws://127.0.0.1:1/bridge');
    const seen: unknown[] = [];
    const leave = bridge.onEvent((event) => seen.push(event));
    const socket = FakeSocket.made[0]!;
    socket.open();
    const event = {
      type: 'session.changed',
      session: { signedIn: false, username: null, userId: null, roles: [] },
    };
    socket.onmessage?.({ data: JSON.stringify({ kind: 'event', event }) });
    leave();
    socket.onmessage?.({ data: JSON.stringify({ kind: 'event', event }) });
    expect(seen).toEqual([event]);
  });
});
