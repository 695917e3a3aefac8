import { act, render, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { useLayoutEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { combinedLoad, loadAtom } from '../../../src/renderer/ui/loadState';
import { useLoadIf } from '../../../src/renderer/ui/resource/useLoadIf';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <Provider store={createStore()}>{children}</Provider>
);

describe('load state of a call', () => {
  it('loads, then keeps the data of the newest call even when an older one answers last', async () => {
    const state = loadAtom<string[]>([]);
    const first = deferred<string[]>();
    const second = deferred<string[]>();
    const { result, rerender } = renderHook(({ fetch }) => useLoadIf(true, state, [], fetch), {
      wrapper,
      initialProps: { fetch: () => first.promise },
    });
    expect(result.current[0].status).toBe('loading');
    rerender({ fetch: () => second.promise });
    await act(async () => second.resolve(['new']));
    await act(async () => first.resolve(['stale']));
    expect(result.current[0]).toEqual({ status: 'success', data: ['new'] });
  });

  it('a failure empties the data and keeps the message; a reload recovers', async () => {
    const state = loadAtom<string[]>([]);
    let answer: () => Promise<string[]> = async () => ['a'];
    const fetch = () => answer();
    const { result } = renderHook(() => useLoadIf(true, state, [], fetch), { wrapper });
    await waitFor(() => expect(result.current[0].data).toEqual(['a']));
    answer = async () => {
      throw new Error('The server failed to handle the request.');
    };
    await act(() => result.current[1]());
    expect(result.current[0]).toEqual({
      status: 'failed',
      data: [],
      message: 'The server failed to handle the request.',
    });
    answer = async () => ['b'];
    await act(() => result.current[1]());
    expect(result.current[0]).toEqual({ status: 'success', data: ['b'] });
  });

  it('combines two calls: failed if either failed, loading while either runs', () => {
    const ok = { status: 'success' as const, data: 1 };
    expect(combinedLoad(ok, { status: 'loading', data: 0 })).toEqual({ status: 'loading' });
    expect(combinedLoad(ok, { status: 'failed', data: 0, message: 'm' })).toEqual({
      status: 'failed',
      message: 'm',
    });
    expect(combinedLoad(ok, ok)).toEqual({ status: 'success' });
  });
});

describe("a list's call (useLoadIf)", () => {
  // docs/performance.md, Review and the lists: a screen opened from the menu renders as a
  // transition, and its plain effects wait for the browser to lay out and paint it; the list's call
  // is sent as it is committed.
  it('is sent in the commit that shows the list, before a later sibling lays itself out', () => {
    const state = loadAtom<string[]>([]);
    const fetch = vi.fn(() => new Promise<string[]>(() => undefined));
    const seenByLayout: number[] = [];
    function List() {
      useLoadIf(true, state, [], fetch);
      return null;
    }
    function LaterSibling() {
      useLayoutEffect(() => {
        seenByLayout.push(fetch.mock.calls.length);
      }, []);
      return null;
    }
    render(
      <Provider store={createStore()}>
        <List />
        <LaterSibling />
      </Provider>,
    );
    expect(seenByLayout).toEqual([1]);
  });

  it('sends nothing and writes nothing when the list does not use the call', async () => {
    const state = loadAtom<string[]>(['kept']);
    const fetch = vi.fn(async () => ['new']);
    const { result } = renderHook(() => useLoadIf(false, state, [], fetch), { wrapper });
    await act(() => result.current[1]());
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current[0]).toEqual({ status: 'loading', data: ['kept'] });
  });
});
