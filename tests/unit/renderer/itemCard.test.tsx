import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { ItemCard } from '../../../src/renderer/features/review/ItemCard';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { newsItemRecord, tweetItemRecord, type ReviewItem } from '../../../src/shared/api/records';
import type { FilterType } from '../../../src/shared/bodies/review';
import { appInfo, fail, fakeBridge, ok } from './fakeBridge';

afterEach(() => setBridge(null));

function renderCard(
  item: ReviewItem,
  filterType: FilterType,
  answers: Parameters<typeof fakeBridge>[0] = {},
) {
  const bridge = fakeBridge(answers);
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  const onChanged = vi.fn();
  render(
    <Provider store={store}>
      {/* No motion: a closed confirm leaves the page at once instead of after its animation. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <ItemCard
            item={item}
            filterType={filterType}
            keywords={[]}
            focused={false}
            onFocus={() => undefined}
            onChanged={onChanged}
          />
        </AntApp>
      </ConfigProvider>
    </Provider>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { onChanged, sent };
}

const keptTweet = tweetItemRecord.parse({
  id: 7,
  tweetId: '1234567890',
  twitterUserName: 'satoshi',
  tweetTime: '2024-01-01T08:04:10',
  detectTime: '2024-01-01T08:05:59',
  selected: true,
});

describe('a review card', () => {
  it('shows its times as every screen does, and its state’s actions', () => {
    renderCard(keptTweet, 'tweets');
    expect(screen.getByText('2024-01-01 08:05')).toBeTruthy();
    expect(screen.getByText('2024-01-01 08:04')).toBeTruthy();
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Add Keyword', 'Select', 'Eliminate', 'Review']);
  });

  it('Review asks the WARNING confirm; Close does nothing, Yes! marks it reviewed', async () => {
    const { onChanged, sent } = renderCard(keptTweet, 'tweets', {
      'review.reviewed': () => ok(null),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    let dialog = await screen.findByRole('dialog', { name: 'WARNING' });
    expect(dialog.textContent).toContain('Are you sure the reviewe these tweets?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('review.reviewed')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    dialog = await screen.findByRole('dialog', { name: 'WARNING' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('Marked as reviewed')).toBeTruthy();
    expect(sent('review.reviewed')).toEqual([{ filterType: 'tweets', id: 7 }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('a failed Review says why and changes nothing', async () => {
    const { onChanged } = renderCard(keptTweet, 'tweets', {
      'review.reviewed': () => fail(500, 'DOWN', 'the service is down'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'WARNING' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText(/^Review failed: .*the service is down/)).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('Select on a news item sends the news body and tells the page', async () => {
    const item = newsItemRecord.parse({
      id: 9,
      newsId: 'n-1',
      website: 'coindesk.com',
      accountName: 'CoinDesk',
      selected: false,
    });
    const { onChanged, sent } = renderCard(item, 'news', {
      'review.manualChange': () => ok(null),
    });
    expect(screen.getByText('Currencies')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('Select: saved')).toBeTruthy();
    expect(sent('review.manualChange')).toEqual([
      {
        filterType: 'news',
        case: 'manually-select',
        newsId: 'n-1',
        website: 'coindesk.com',
        keyword: null,
        newsKeywordType: 'NO_FILTER',
        unwantedUsage: null,
        accountName: 'CoinDesk',
      },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('an item eliminated by similarity says so and offers no action', () => {
    renderCard(
      tweetItemRecord.parse({ id: 3, tweetId: '3', eliminatedBySimilarity: true }),
      'tweets',
    );
    expect(screen.getByText('This Data Eliminated By Similarity')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
