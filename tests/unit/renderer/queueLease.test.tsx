/**
 * My queue's page stays held while shown (the claims extension): renewed every RENEW_EVERY_MS, a
 * refused renewal asks the queue again, and leaving Review releases the page. The clock is faked:
 * the renewal's interval is what is tested, not waited for.
 */
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { RENEW_EVERY_MS, useQueueLease } from '../../../src/renderer/features/review/useMyQueue';
import { fail, fakeBridge, ok } from './fakeBridge';

afterEach(() => {
  setBridge(null);
  vi.useRealTimers();
});

function Lease({ on, reload }: { on: boolean; reload(): void }) {
  useQueueLease(on, 'news', [7, 8], reload);
  return null;
}

function setUp(renew: () => ReturnType<typeof ok> | ReturnType<typeof fail>) {
  vi.useFakeTimers();
  const bridge = fakeBridge({
    'claims.renew': renew,
    'claims.release': () => ok({ released: 2 }),
  });
  setBridge(bridge);
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([name]) => name === channel).map(([, payload]) => payload);
  return { sent };
}

describe('the lease of My queue’s page', () => {
  it('is renewed every few minutes while shown, and released when the screen is left', async () => {
    const { sent } = setUp(() => ok({ claims: [] }));
    const reload = vi.fn();
    const view = render(<Lease on reload={reload} />);
    await act(() => vi.advanceTimersByTimeAsync(RENEW_EVERY_MS - 1));
    expect(sent('claims.renew')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sent('claims.renew')).toEqual([{ filterType: 'news', ids: [7, 8] }]);
    await act(() => vi.advanceTimersByTimeAsync(RENEW_EVERY_MS));
    expect(sent('claims.renew')).toHaveLength(2);
    expect(reload).not.toHaveBeenCalled();
    view.unmount();
    expect(sent('claims.release')).toEqual([{ filterType: 'news', ids: [7, 8] }]);
  });

  it('asks the queue again when a renewal is refused, and does nothing while the queue is off', async () => {
    const { sent } = setUp(() => fail(409, 'CONFLICT', 'You do not hold news 8'));
    const reload = vi.fn();
    const view = render(<Lease on reload={reload} />);
    await act(() => vi.advanceTimersByTimeAsync(RENEW_EVERY_MS));
    expect(reload).toHaveBeenCalledTimes(1);
    view.rerender(<Lease on={false} reload={reload} />);
    await act(() => vi.advanceTimersByTimeAsync(RENEW_EVERY_MS * 2));
    expect(sent('claims.renew')).toHaveLength(1);
    view.unmount();
    expect(sent('claims.release')).toEqual([]);
  });
});
