/**
 * coreHasRead: a screen that must not keep core from sending a call it just made waits for core's
 * answer to `app.ping` (docs/performance.md, The paint floor: the catalogue's opening), never for
 * long, and never fails.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoke, setBridge } from '../../../src/renderer/bridge/bridge';
import { CORE_READ_WAIT_MS, coreHasRead } from '../../../src/renderer/bridge/coreHasRead';
import type { Envelope } from '../../../src/shared/bridge';
import { fakeBridge, fail, ok } from './fakeBridge';

afterEach(() => {
  setBridge(null);
  vi.useRealTimers();
});

/** Whether `promise` has settled, after every promise already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

describe('coreHasRead', () => {
  it('asks core with a ping sent after the calls before it, and resolves with its answer', async () => {
    let answerPing!: (envelope: Envelope<unknown>) => void;
    const bridge = fakeBridge({ 'currencies.cataloguePage': () => ok({ rows: [], total: 0 }) });
    bridge.invoke.mockImplementation(async (channel: string) =>
      channel === 'app.ping'
        ? new Promise<Envelope<unknown>>((resolve) => (answerPing = resolve))
        : ok({ rows: [], total: 0 }),
    );
    setBridge(bridge);
    void invoke('currencies.cataloguePage', { contains: '', page: 0 });
    const read = coreHasRead();
    expect(bridge.invoke.mock.calls.map(([channel]) => channel)).toEqual([
      'currencies.cataloguePage',
      'app.ping',
    ]);
    expect(await settled(read)).toBe(false);
    answerPing(ok(null));
    expect(await settled(read)).toBe(true);
  });

  it('gives up waiting after CORE_READ_WAIT_MS when core does not answer', async () => {
    vi.useFakeTimers();
    const bridge = fakeBridge({});
    bridge.invoke.mockImplementation(() => new Promise(() => undefined));
    setBridge(bridge);
    const read = coreHasRead();
    await vi.advanceTimersByTimeAsync(CORE_READ_WAIT_MS - 1);
    expect(await settled(read)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(read)).toBe(true);
  });

  it('resolves, never rejects, when the ping is refused or the bridge fails', async () => {
    setBridge(fakeBridge({ 'app.ping': () => fail(500, 'INTERNAL', 'no') }));
    await expect(coreHasRead()).resolves.toBeUndefined();
    const broken = fakeBridge({});
    broken.invoke.mockRejectedValue(new Error('The bridge is closed.'));
    setBridge(broken);
    await expect(coreHasRead()).resolves.toBeUndefined();
  });
});
