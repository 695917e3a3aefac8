import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStableCallback } from '../../../src/renderer/ui/useStableCallback';

describe('useStableCallback (memoised children keep their handlers)', () => {
  it('keeps one function across renders', () => {
    const { result, rerender } = renderHook(({ n }) => useStableCallback(() => n), {
      initialProps: { n: 1 },
    });
    const first = result.current;
    rerender({ n: 2 });
    expect(result.current).toBe(first);
  });

  it('runs the handler of the latest render, with its arguments and result', () => {
    const { result, rerender } = renderHook(
      ({ factor }) => useStableCallback((value: number) => value * factor),
      { initialProps: { factor: 2 } },
    );
    expect(result.current(5)).toBe(10);
    rerender({ factor: 3 });
    expect(result.current(5)).toBe(15);
  });
});
