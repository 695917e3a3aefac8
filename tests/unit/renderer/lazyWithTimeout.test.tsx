import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary } from '../../../src/renderer/app/ChunkErrorBoundary';
import {
  ChunkLoadError,
  lazyWithTimeout,
  withTimeout,
} from '../../../src/renderer/app/lazyWithTimeout';

afterEach(() => vi.useRealTimers());

describe('route chunk loading', () => {
  it('fails with ChunkLoadError after 120000 ms, not before', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => undefined);
    const outcome = withTimeout(never).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toMatch(/120000 ms/);
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withTimeout(async () => ({ default: 'page' }), 1000)).resolves.toEqual({
      default: 'page',
    });
  });

  it('turns a failed download into a ChunkLoadError', async () => {
    await expect(
      withTimeout(
        () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        1000,
      ),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});

describe('ChunkErrorBoundary', () => {
  function Broken({ error }: { error: Error }): never {
    throw error;
  }

  it('shows what happened and a Reload button instead of a white screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    render(
      <ChunkErrorBoundary reload={reload}>
        <Broken error={new ChunkLoadError('Loading chunk timed out after 120000 ms')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('This screen took too long to load.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says the screen could not be loaded for other failures', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ChunkErrorBoundary>
        <Broken error={new ChunkLoadError('Failed to fetch')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('This screen could not be loaded.')).toBeTruthy();
  });
});

describe('a screen loaded ahead', () => {
  it('is drawn at once, without its loading fallback, once preloaded', async () => {
    const Screen = lazyWithTimeout(async () => ({ default: () => <p>Ready</p> }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously: a lazy component would show the fallback first, whatever its chunk's state.
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('keeps a screen drawn before its chunk arrived: it is not mounted again', async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const mounts = vi.fn();
    function Page({ label }: { label: string }) {
      useEffect(() => mounts(), []);
      return <p>{label}</p>;
    }
    const Screen = lazyWithTimeout(async () => {
      await arrived;
      return { default: Page };
    });
    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen label="first" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('first')).toBeTruthy();
    view.rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Screen label="second" />
      </Suspense>,
    );
    expect(screen.getByText('second')).toBeTruthy();
    expect(mounts).toHaveBeenCalledOnce();
  });

  it('can be asked again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ default: () => 'Ready' });
    const Screen = lazyWithTimeout(load, 1000);
    await expect(Screen.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(Screen.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
