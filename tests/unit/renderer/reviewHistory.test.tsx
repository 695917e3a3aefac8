import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { newsItemRecord, tweetItemRecord, type ReviewItem } from '../../../src/shared/api/records';
import type { FilterType } from '../../../src/shared/bodies/review';
import type { JournalEntry, JournalPage } from '../../../src/shared/journal';
import { appInfo, fakeBridge, ok } from './fakeBridge';
import { LoneCard, TestProviders } from './testProviders';

afterEach(() => setBridge(null));

function entry(over: Partial<JournalEntry>): JournalEntry {
  return {
    seq: 1,
    at: '2024-03-01T10:00:00Z',
    channel: 'review.decide',
    call: 'PUT /twitter-service/manually-eliminate',
    area: 'review',
    target: 'tweet 7',
    summary: 'manually-eliminate',
    before: { selected: true },
    outcome: 'ok',
    status: 200,
    message: null,
    runId: null,
    ...over,
  };
}

const page = (entries: JournalEntry[]): JournalPage => ({
  entries,
  total: entries.length,
  folder: null,
  retentionDays: 90,
});

function renderCard(item: ReviewItem, filterType: FilterType, entries: JournalEntry[]) {
  const bridge = fakeBridge({ 'journal.list': () => ok(page(entries)) });
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  render(
    <TestProviders store={store}>
      <LoneCard item={item} filterType={filterType} />
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { bridge, sent };
}

const tweet = tweetItemRecord.parse({ id: 7, tweetId: '7', twitterUserName: 'a', selected: true });
const localTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

describe("a card's history", () => {
  it("lists the item's journal entries, newest first, with outcome and run", async () => {
    const newest = entry({
      seq: 3,
      at: '2024-03-02T09:30:15Z',
      summary: 'manually-select',
      outcome: 'failed',
      status: 502,
      message: 'the service is down',
    });
    const middle = entry({
      seq: 2,
      at: '2024-03-01T12:00:00Z',
      outcome: 'skipped',
      message: 'changed since the snapshot',
      runId: 'a1b2c3d4-0000-1111',
    });
    const oldest = entry({ seq: 1 });
    const { sent } = renderCard(tweet, 'tweets', [newest, middle, oldest]);
    await userEvent.click(screen.getByRole('button', { name: 'History of tweet 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of tweet 7' });
    await within(dialog).findByText('manually-select');
    expect(sent('journal.list')).toEqual([{ target: 'tweet 7', pageSize: 50 }]);
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `${localTime(newest.at)}manually-selectfailedthe service is down`,
      `${localTime(middle.at)}manually-eliminateskippedchanged since the snapshota1b2c3d4`,
      `${localTime(oldest.at)}manually-eliminateok`,
    ]);
    expect(
      within(dialog).getByText("Your own writes to this item, from this machine's journal."),
    ).toBeTruthy();
  });

  it('says when this machine has no write to the item, and shows a new one as it is made', async () => {
    const item = newsItemRecord.parse({ id: 45, newsId: 'n', website: 'w', selected: false });
    const { bridge, sent } = renderCard(item, 'news', []);
    await userEvent.click(screen.getByRole('button', { name: 'History of news 45' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of news 45' });
    expect(
      await within(dialog).findByText('You have not changed this item from this machine.'),
    ).toBeTruthy();
    act(() => bridge.push({ type: 'journal.appended', entry: entry({ target: 'news 46' }) }));
    act(() => bridge.push({ type: 'journal.appended', entry: entry({ target: 'news 45' }) }));
    await waitFor(() => expect(sent('journal.list')).toHaveLength(2));
  });

  it('is not offered on an item eliminated by similarity', () => {
    renderCard(
      tweetItemRecord.parse({ id: 3, tweetId: '3', eliminatedBySimilarity: true }),
      'tweets',
      [],
    );
    expect(screen.queryByRole('button', { name: /^History/ })).toBeNull();
  });
});
