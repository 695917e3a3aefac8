/**
 * The page's hash history (App.tsx): a change of the URL is given to `enter` first, and the router
 * draws it when `enter` says so (entering a list waits until core has read the list's opening
 * call; docs/performance.md, The paint floor: the catalogue's opening).
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Route,
  Routes,
  unstable_HistoryRouter as HistoryRouter,
  useNavigate,
  type Location,
} from 'react-router-dom';
import { enteringHashHistory } from '../../../src/renderer/app/enteringHistory';

// The URL is set back without a navigation: setting location.hash would fire a popstate later,
// which a history of the next test would take for Back.
const home = () => window.history.replaceState(null, '', '#/');
beforeEach(home);
afterEach(home);

function waiter() {
  let release!: () => void;
  let refuse!: (error: Error) => void;
  const wait = new Promise<void>((resolve, reject) => {
    release = resolve;
    refuse = reject;
  });
  return { wait, release, refuse };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('enteringHashHistory', () => {
  it('tells the router at once when `enter` does not ask to wait, as HashRouter does', () => {
    const entered: string[] = [];
    const history = enteringHashHistory((at) => {
      entered.push(at.pathname);
      return null;
    });
    const heard: string[] = [];
    const stop = history.listen(({ location }) => heard.push(location.pathname));
    history.push('/markets');
    expect(entered).toEqual(['/markets']);
    expect(heard).toEqual(['/markets']);
    // Read through, not copied: the history says where the URL is now.
    expect(history.location.pathname).toBe('/markets');
    expect(history.action).toBe('PUSH');
    expect(window.location.hash).toBe('#/markets');
    expect(history.createHref({ pathname: '/tags' })).toBe('#/tags');
    stop();
  });

  it('tells the router when the wait ends, also when it fails', async () => {
    const waits = [waiter(), waiter()];
    let next = 0;
    const history = enteringHashHistory(() => waits[next++]!.wait);
    const heard: string[] = [];
    const stop = history.listen(({ location }) => heard.push(location.pathname));
    history.push('/currencies');
    await flush();
    expect(heard).toEqual([]);
    waits[0]!.release();
    await flush();
    expect(heard).toEqual(['/currencies']);
    history.push('/markets');
    waits[1]!.refuse(new Error('no answer'));
    await flush();
    expect(heard).toEqual(['/currencies', '/markets']);
    stop();
  });

  it('draws where the URL is: a newer change supersedes one still waiting', async () => {
    const slow = waiter();
    const history = enteringHashHistory((at) => (at.pathname === '/currencies' ? slow.wait : null));
    const heard: string[] = [];
    const stop = history.listen(({ location }) => heard.push(location.pathname));
    history.push('/currencies');
    history.push('/about');
    expect(heard).toEqual(['/about']);
    slow.release();
    await flush();
    expect(heard).toEqual(['/about']);
    stop();
  });

  it('takes a second push to where the URL already is, while the first waits, as a replace', async () => {
    const slow = waiter();
    const history = enteringHashHistory(() => slow.wait);
    const stop = history.listen(() => undefined);
    const entries = window.history.length;
    history.push('/currencies');
    history.push('/currencies');
    expect(window.history.length).toBe(entries + 1);
    expect(history.action).toBe('REPLACE');
    slow.release();
    stop();
  });

  it('gives Back and Forward to `enter` as it gives a push', async () => {
    const entered: string[] = [];
    const history = enteringHashHistory((at) => {
      entered.push(at.pathname);
      return null;
    });
    const heard: string[] = [];
    const stop = history.listen(({ action, location }) =>
      heard.push(`${action} ${location.pathname}`),
    );
    history.push('/tags');
    history.push('/markets');
    history.go(-1);
    await vi.waitFor(() => expect(heard).toContain('POP /tags'));
    expect(entered.slice(0, 3)).toEqual(['/tags', '/markets', '/tags']);
    stop();
  });

  it('tells a router that stopped listening nothing more, even a change it waited for', async () => {
    const slow = waiter();
    const history = enteringHashHistory(() => slow.wait);
    const heard: string[] = [];
    const stop = history.listen(({ location }) => heard.push(location.pathname));
    history.push('/currencies');
    stop();
    slow.release();
    await flush();
    expect(heard).toEqual([]);
  });

  it('keeps the screen before on show until the wait ends, then draws the new one', async () => {
    const slow = waiter();
    const enter = vi.fn((at: Location) => (at.pathname === '/currencies' ? slow.wait : null));
    const history = enteringHashHistory(enter);
    function Go() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate('/currencies')}>Currencies</button>;
    }
    render(
      <HistoryRouter history={history}>
        <Go />
        <Routes>
          <Route path="/" element={<h1>About</h1>} />
          <Route path="/currencies" element={<h1>Crypto Currency</h1>} />
        </Routes>
      </HistoryRouter>,
    );
    await act(async () => screen.getByRole('button', { name: 'Currencies' }).click());
    expect(enter).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/currencies' }));
    expect(screen.getByRole('heading').textContent).toBe('About');
    await act(async () => slow.release());
    expect(screen.getByRole('heading').textContent).toBe('Crypto Currency');
  });
});
