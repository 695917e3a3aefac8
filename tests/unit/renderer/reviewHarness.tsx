import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import ReviewPage from '../../../src/renderer/features/review/ReviewPage';
import { usePrefsFeed } from '../../../src/renderer/domain/prefs/prefsState';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import type { Envelope } from '../../../src/shared/bridge';
import { DEFAULT_PREFS, type UserPrefs } from '../../../src/shared/prefs';
import { appInfo, fakeBridge, ok } from './fakeBridge';
import { TestProviders } from './testProviders';

/**
 * The Review page as the shell shows it, for the tests of its URL, keys and density
 * (docs/user-guide.md, A reviewer's shift): a router at a chosen address, the prefs read from the
 * fake bridge as AppLayout reads them, and a probe of where the router is.
 */

export type Answers = Record<string, (payload: unknown) => Envelope<unknown>>;

/** Five tweets with actions: 101, 103, 105 eliminated, 102, 104 kept. */
export const IDS = [101, 102, 103, 104, 105];
export const ITEMS = IDS.map((id) =>
  tweetItemRecord.parse({
    id,
    tweetId: `t-${id}`,
    twitterUserName: `user${id}`,
    accountName: `Account ${id}`,
    message: `Message of ${id} about bitcoin`,
    detectTime: '2024-01-01T08:05:59',
    nlpDecisionRatio: 0.25,
    selected: id % 2 === 0,
  }),
);

/** What the router shows now, and a way to go elsewhere as a link or a saved view would. */
export const where = { search: '', path: '', navigate: null as NavigateFunction | null };

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    where.search = location.search;
    where.path = location.pathname;
    where.navigate = navigate;
  }, [location, navigate]);
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

function WithPrefs({ children }: { children: ReactNode }) {
  usePrefsFeed();
  return children;
}

export function renderReview({
  url = '/filter',
  answers = {},
  prefs = {},
  store = createStore(),
}: {
  url?: string;
  answers?: Answers;
  prefs?: Partial<UserPrefs>;
  store?: ReturnType<typeof createStore>;
} = {}) {
  const bridge = fakeBridge({
    'prefs.get': () => ok({ prefs: { ...DEFAULT_PREFS, ...prefs }, sessionStartedAt: null }),
    'review.list': () => ok({ items: ITEMS, total: 45, reviewed: 0 }),
    'review.getKeywords': () => ok([]),
    ...answers,
  });
  setBridge(bridge);
  store.set(appInfoAtom, appInfo);
  render(
    <TestProviders store={store}>
      <MemoryRouter initialEntries={[url]}>
        <WithPrefs>
          <Probe />
          <ReviewPage />
        </WithPrefs>
      </MemoryRouter>
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { bridge, sent, store };
}
