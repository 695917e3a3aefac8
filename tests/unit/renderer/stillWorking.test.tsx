import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StillWorking, STILL_WORKING_AFTER_MS } from '../../../src/renderer/app/StillWorking';
import { invoke, setBridge } from '../../../src/renderer/bridge/bridge';
import { MESSAGES } from '../../../src/shared/messages';
import type { Envelope } from '../../../src/shared/bridge';
import { fakeBridge, ok } from './fakeBridge';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
});

/** A bridge whose calls wait until the test answers them, one resolver per call. */
function slowBridge() {
  const answers: ((envelope: Envelope<unknown>) => void)[] = [];
  const bridge = fakeBridge({});
  bridge.invoke.mockImplementation(
    () => new Promise<Envelope<unknown>>((resolve) => answers.push(resolve)),
  );
  setBridge(bridge);
  return answers;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('still working', () => {
  it('says nothing for an ordinary call, and says it is still working once one waits long', async () => {
    const answers = slowBridge();
    render(<StillWorking />);
    const status = screen.getByRole('status');
    const call = invoke('app.info');
    await advance(STILL_WORKING_AFTER_MS - 100);
    expect(status.textContent).toBe('');
    await advance(100);
    expect(status.textContent).toContain(MESSAGES.stillWorking);
    await act(async () => {
      answers[0]!(ok({}));
      await call;
    });
    expect(status.textContent).not.toContain(MESSAGES.stillWorking);
  });

  it('counts from the oldest call still waiting, and a failed call ends its wait too', async () => {
    const answers = slowBridge();
    render(<StillWorking />);
    const first = invoke('app.info').catch(() => undefined);
    await advance(3000);
    const second = invoke('session.get').catch(() => undefined);
    await advance(1000);
    expect(screen.getByRole('status').textContent).toContain(MESSAGES.stillWorking);
    // The oldest fails; the other has waited only 1 s, so the notice goes until it is old too.
    await act(async () => {
      answers[0]!({ ok: false, error: { status: 503, code: 'HTTP_ERROR', message: 'down' } });
      await first;
    });
    expect(screen.getByRole('status').textContent).not.toContain(MESSAGES.stillWorking);
    await advance(STILL_WORKING_AFTER_MS - 1000);
    expect(screen.getByRole('status').textContent).toContain(MESSAGES.stillWorking);
    await act(async () => {
      answers[1]!(ok({}));
      await second;
    });
    expect(screen.getByRole('status').textContent).not.toContain(MESSAGES.stillWorking);
  });
});
