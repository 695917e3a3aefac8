import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeLogEntry } from '../../../bench/browser/bridgeLog';
import { installBridgeLog } from '../../../bench/browser/bridgeLog';
import { decideOnCard } from '../../../bench/browser/reviewActions';

/**
 * The long shift's decision (tests/bench/browser/reviewActions.ts) on a page that plays the
 * Review screen's part by hand: a card with its tags and action buttons, the bridge log
 * (bridgeLog.ts) the app's calls leave, the toast, the list reloaded after the change. The action
 * must end only once the card shows its new state after the reload: not at the toast, which is
 * shown before the list (and so the card) has changed.
 */

const log = () => (window as unknown as { __benchBridgeLog: BridgeLogEntry[] }).__benchBridgeLog;

function card(id: number, state: 'Selected' | 'Eliminated', reviewedBy: string | null): string {
  return `<div data-item-id="${id}">
    <span class="ant-tag">${state}</span>
    <span class="ant-tag">${reviewedBy ? `Reviewed by ${reviewedBy}` : 'Not reviewed'}</span>
    <div role="group" aria-label="Actions">
      <button>Select</button><button>Eliminate</button><button>Review</button>
    </div>
  </div>`;
}

function showList(cards: string[]): void {
  document.querySelector('#list')!.innerHTML = cards.join('');
}

function toast(text: string): void {
  const node = document.createElement('div');
  node.textContent = text;
  document.body.appendChild(node);
}

let nextId = 1;
function call(channel: string): BridgeLogEntry {
  const entry: BridgeLogEntry = {
    socket: 1,
    id: nextId++,
    channel,
    sentAt: performance.now(),
    answeredAt: null,
    ok: null,
  };
  log().push(entry);
  return entry;
}
const answer = (entry: BridgeLogEntry) => {
  entry.answeredAt = performance.now();
  entry.ok = true;
};
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) =>
    setTimeout(() => fn(performance.now()), 16),
  );
  (window as unknown as { __benchBridgeLog: BridgeLogEntry[] }).__benchBridgeLog = [];
  document.body.innerHTML = '<div id="list"></div>';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('decideOnCard', () => {
  it('ends when the reloaded card shows the flip, not at the toast', async () => {
    showList([card(7, 'Selected', null)]);
    const clicked = vi.fn();
    document.querySelectorAll('button')[1]!.addEventListener('click', clicked);
    let settled = false;
    const result = decideOnCard({ index: 0, kind: 'decide', username: 'r1', timeoutMs: 5_000 });
    void result.then(() => (settled = true));
    expect(clicked).toHaveBeenCalledOnce(); // Eliminate, on a kept card

    const decision = call('review.manualChange');
    await tick(20);
    answer(decision);
    toast('Eliminate: saved');
    await tick(100);
    expect(settled).toBe(false);

    const reload = call('review.list');
    await tick(30);
    answer(reload);
    await tick(50);
    // The reload is in, but the card is not drawn again yet.
    expect(settled).toBe(false);
    showList([card(7, 'Eliminated', null)]);
    await tick(50);
    const outcome = await result;
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || !outcome.split) throw new Error('no split');
    const { sent, answered, toast: toastAt, reloadSent, reloadAnswered, shown } = outcome.split;
    expect(sent).not.toBeNull();
    expect(answered! >= sent!).toBe(true);
    expect(toastAt >= answered!).toBe(true);
    expect(reloadSent! >= answered!).toBe(true);
    expect(reloadAnswered! >= reloadSent!).toBe(true);
    expect(shown >= reloadAnswered!).toBe(true);
  });

  it('fails, saying so, when the reload brings the card back unchanged', async () => {
    showList([card(3, 'Eliminated', null)]);
    const result = decideOnCard({ index: 0, kind: 'decide', username: 'r1', timeoutMs: 2_000 });
    const decision = call('review.manualChange');
    answer(decision);
    toast('Select: saved');
    const reload = call('review.list');
    answer(reload);
    showList([card(3, 'Eliminated', null)]);
    await tick(2_100);
    const outcome = await result;
    expect(outcome).toMatchObject({ ok: false });
    expect(!outcome.ok && outcome.reason).toMatch(/Select saved, but card 3 not shown changed/);
  });

  it('does not take a list reload sent before the answer for the one after it', async () => {
    showList([card(5, 'Eliminated', 'r1')]);
    const result = decideOnCard({ index: 0, kind: 'review', username: 'r1', timeoutMs: 2_000 });
    // Review asks first: the confirmation's Yes! is clicked once it shows.
    const yes = vi.fn();
    const modal = document.createElement('div');
    modal.innerHTML =
      '<div class="ant-modal-confirm"><button>Cancel</button><button>Yes!</button></div>';
    modal.querySelectorAll('button')[1]!.addEventListener('click', yes);
    document.body.appendChild(modal);
    await tick(0);
    expect(yes).toHaveBeenCalledOnce();

    const early = call('review.list'); // an earlier reload, still under way
    const decision = call('review.reviewed');
    await tick(10);
    answer(decision);
    answer(early);
    toast('Marked as reviewed');
    // The card already says reviewed by r1: only a reload after the answer may end the action.
    await tick(200);
    let settled = false;
    void result.then(() => (settled = true));
    await tick(0);
    expect(settled).toBe(false);
    const reload = call('review.list');
    answer(reload);
    await tick(50);
    expect((await result).ok).toBe(true);
  });

  it('fails at once when no card has actions', async () => {
    document.querySelector('#list')!.innerHTML = '<div data-item-id="1">no actions</div>';
    await expect(
      decideOnCard({ index: 0, kind: 'decide', username: 'r1', timeoutMs: 1_000 }),
    ).resolves.toEqual({ ok: false, reason: 'no card with actions' });
  });
});

describe('installBridgeLog', () => {
  it('stamps a request when sent and when its response arrives, keeping the newest only', () => {
    (window as unknown as { __benchBridgeLog?: BridgeLogEntry[] }).__benchBridgeLog = undefined;
    const sent: unknown[] = [];
    class FakeSocket extends EventTarget {
      send(data: unknown) {
        sent.push(data);
      }
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    installBridgeLog(2);
    const socket = new FakeSocket();
    for (const id of [1, 2, 3]) socket.send(JSON.stringify({ id, channel: 'review.list' }));
    socket.send('not json');
    expect(sent).toHaveLength(4); // every message still goes out
    expect(log().map((e) => e.id)).toEqual([2, 3]);
    expect(log()[1]!.answeredAt).toBeNull();
    socket.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ kind: 'response', id: 3, envelope: { ok: true } }),
      }),
    );
    expect(log()[1]).toMatchObject({ id: 3, ok: true });
    expect(log()[1]!.answeredAt).not.toBeNull();
  });
});
