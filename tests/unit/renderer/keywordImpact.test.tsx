import { act, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { extensionsAtom } from '../../../src/renderer/domain/insight/extensionsState';
import { KeywordImpact } from '../../../src/renderer/domain/insight/KeywordImpact';
import { KEYWORD_IMPACT_DEBOUNCE_MS } from '../../../src/renderer/domain/insight/keywordImpactLoad';
import type { FilterType } from '../../../src/shared/bodies/review';
import type { Envelope } from '../../../src/shared/bridge';
import type { ServerExtension } from '../../../src/shared/insight';
import type { KeywordImpactView } from '../../../src/shared/responses/insight';
import { fail, fakeBridge, ok } from './fakeBridge';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
});

const OFFERED: ServerExtension[] = [{ name: 'keyword-impact', version: 1 }];

/** Our server's answer for a keyword: made up per keyword so that a test sees which one it is. */
function impact(keyword: string, scale = 1): KeywordImpactView {
  const message = `Breaking: ${keyword} rallies, and ${keyword.toUpperCase()} holders cheer`;
  const at = message.indexOf(keyword);
  const upper = message.indexOf(keyword.toUpperCase());
  return {
    keyword,
    services: [
      {
        service: 'tweets',
        total: 1204 * scale,
        kept: 800 * scale,
        eliminated: 404 * scale,
        reviewed: 120 * scale,
        recent: [1, 2, 3, 4, 5].map((n) => ({
          id: 100 + n,
          message: n === 1 ? message : `Tweet ${n} about ${keyword}`,
          detectTime: `2024-05-0${n}T10:00:00.000Z`,
          selected: n % 2 === 1,
          reviewed: n === 1,
          matches:
            n === 1
              ? [
                  { start: at, length: keyword.length },
                  { start: upper, length: keyword.length },
                ]
              : [{ start: `Tweet ${n} about `.length, length: keyword.length }],
        })),
      },
      {
        service: 'news',
        total: 1,
        kept: 0,
        eliminated: 1,
        reviewed: 0,
        recent: [
          {
            id: 9,
            message: `News on ${keyword}`,
            detectTime: '2024-05-01T09:00:00.000Z',
            selected: false,
            reviewed: false,
            matches: [{ start: 8, length: keyword.length }],
          },
        ],
      },
    ],
  };
}

type Answer = (payload: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>;

function setup(
  offered: ServerExtension[] | null = OFFERED,
  answer: Answer = (payload) => ok(impact((payload as { keyword: string }).keyword)),
) {
  const bridge = fakeBridge({});
  bridge.invoke.mockImplementation(async (channel: string, payload: unknown) =>
    channel === 'insight.keywordImpact' ? answer(payload) : fail(500, 'NO_FAKE', channel),
  );
  setBridge(bridge);
  const store = createStore();
  store.set(extensionsAtom, offered);
  const view = (keyword: string, service: FilterType = 'tweets') => (
    <Provider store={store}>
      <KeywordImpact keyword={keyword} service={service} />
    </Provider>
  );
  const sent = () =>
    bridge.invoke.mock.calls
      .filter(([channel]) => channel === 'insight.keywordImpact')
      .map(([, payload]) => payload);
  return { view, sent };
}

/** Lets time pass (fake timers) and the answers that are due arrive. */
const pass = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const figures = () =>
  within(screen.getByRole('status'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the keyword-impact preview', () => {
  it('asks once typing pauses, for the latest keyword only', async () => {
    const { view, sent } = setup();
    const { rerender } = render(view('b'));
    await pass(100);
    rerender(view('bi'));
    await pass(100);
    rerender(view('bit'));
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS - 1);
    expect(sent()).toEqual([]);
    await pass(1);
    expect(sent()).toEqual([{ keyword: 'bit' }]);
    expect(figures()[0]).toBe('Tweets: 1,204 items (800 kept, 404 eliminated, 120 reviewed)');
    expect(screen.getByText('Items whose text holds “bit”')).toBeTruthy();
  });

  it('sends the keyword trimmed, and nothing for an empty or blank one', async () => {
    const { view, sent } = setup();
    const { rerender, container } = render(view(''));
    await pass(1000);
    rerender(view('   '));
    await pass(1000);
    expect(sent()).toEqual([]);
    expect(container.innerHTML).toBe('');
    rerender(view('  solana  '));
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS);
    expect(sent()).toEqual([{ keyword: 'solana' }]);
  });

  it('sends nothing, and shows nothing, when the server does not offer it or core has not answered', async () => {
    for (const offered of [[], [{ name: 'model-runs', version: 1 }], null]) {
      const { view, sent } = setup(offered);
      const { container, unmount } = render(view('bitcoin'));
      await pass(1000);
      expect(sent()).toEqual([]);
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });

  it('keeps the latest answer: one for an older keyword that arrives late is dropped', async () => {
    const late: ((value: Envelope<unknown>) => void)[] = [];
    const { view, sent } = setup(OFFERED, (payload) => {
      const { keyword } = payload as { keyword: string };
      if (keyword === 'eth') return new Promise((resolve) => late.push(resolve));
      return ok(impact(keyword, 2));
    });
    const { rerender } = render(view('eth'));
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS);
    expect(sent()).toEqual([{ keyword: 'eth' }]);
    rerender(view('ethereum'));
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS);
    expect(figures()[0]).toBe('Tweets: 2,408 items (1,600 kept, 808 eliminated, 240 reviewed)');
    await act(async () => late[0]!(ok(impact('eth'))));
    await pass(0);
    expect(screen.getByText('Items whose text holds “ethereum”')).toBeTruthy();
    expect(figures()[0]).toBe('Tweets: 2,408 items (1,600 kept, 808 eliminated, 240 reviewed)');
  });

  it('keeps the last figures on screen while the next keyword is asked, named by their keyword', async () => {
    const { view } = setup();
    const { rerender } = render(view('btc'));
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS);
    rerender(view('btcs'));
    // Between the two answers the block stays, busy, with the figures it had: no flicker.
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('Items whose text holds “btc”')).toBeTruthy();
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS);
    expect(screen.getByText('Items whose text holds “btcs”')).toBeTruthy();
    expect(status.getAttribute('aria-busy')).toBe('false');
  });

  it('puts the form’s service first and shows its five most recent matches, the keyword marked', async () => {
    const { view } = setup();
    const { rerender } = render(view('bitcoin', 'news'));
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS);
    expect(figures().slice(0, 2)).toEqual([
      'News: 1 item (0 kept, 1 eliminated, 0 reviewed)',
      'Tweets: 1,204 items (800 kept, 404 eliminated, 120 reviewed)',
    ]);
    const newsList = screen.getByRole('list', { name: 'Most recent in News' });
    expect(within(newsList).getAllByRole('listitem')).toHaveLength(1);

    rerender(view('bitcoin', 'tweets'));
    const recent = within(screen.getByRole('list', { name: 'Most recent in Tweets' }));
    const items = recent.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    const marks = [...items[0]!.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['bitcoin', 'BITCOIN']);
    expect(items[0]!.textContent).toContain('Breaking: bitcoin rallies, and BITCOIN holders cheer');
    expect(items[0]!.textContent).toContain('kept, reviewed');
    expect([...items[1]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'bitcoin',
    ]);
    expect(items[1]!.textContent).toContain('eliminated');
  });

  it('says so in a line when the call fails, and the preview never blocks anything', async () => {
    const { view } = setup(OFFERED, () => fail(503, 'UNAVAILABLE', 'The server is unavailable.'));
    render(view('doge'));
    await pass(KEYWORD_IMPACT_DEBOUNCE_MS);
    expect(screen.getByRole('status').textContent).toBe(
      'The items this keyword touches could not be counted (The server is unavailable.). You can still save it.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not send a keyword longer than the server counts', async () => {
    const { view, sent } = setup();
    render(view('x'.repeat(101)));
    await pass(1000);
    expect(sent()).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain('up to 100 characters');
  });
});
