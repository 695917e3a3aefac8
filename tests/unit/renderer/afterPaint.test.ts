import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, painted } from '../../../src/renderer/ui/afterPaint';

/**
 * What waits for the frame (ui/afterPaint.ts): a screen's URL write, and the Review page's
 * follow-up questions, which decorate cards already on screen (issue 51).
 */
describe('after the next paint', () => {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const drawFrame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(performance.now());
  };

  it('runs once the frame is drawn: after its callback, not in it', () => {
    const then = vi.fn();
    afterNextPaint(then);
    expect(then).not.toHaveBeenCalled();
    drawFrame();
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
    // Once only: the fallback that follows finds it done.
    vi.advanceTimersByTime(200);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs after 100 ms when no frame comes (a hidden window draws none)', () => {
    const then = vi.fn();
    afterNextPaint(then);
    vi.advanceTimersByTime(99);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs never once cancelled', () => {
    const then = vi.fn();
    const cancel = afterNextPaint(then);
    cancel();
    drawFrame();
    vi.advanceTimersByTime(200);
    expect(then).not.toHaveBeenCalled();
  });

  it('is awaited as a promise', async () => {
    const done = vi.fn();
    void painted().then(done);
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
