import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { DecisionNoticeHost } from '../../../src/renderer/features/review/DecisionNoticeHost';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { newsItemRecord, tweetItemRecord, type ReviewItem } from '../../../src/shared/api/records';
import type { FilterType } from '../../../src/shared/bodies/review';
import type { Envelope } from '../../../src/shared/bridge';
import { MESSAGES } from '../../../src/shared/messages';
import { CANNOT_UNDO } from '../../../src/shared/runs';
import { appInfo, fail, fakeBridge, ok } from './fakeBridge';
import { LoneCard, reachCard, TestProviders } from './testProviders';

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
    <TestProviders store={store}>
      <LoneCard item={item} filterType={filterType} onChanged={onChanged} />
      <DecisionNoticeHost />
    </TestProviders>,
  );
  // The pointer is on the card, as before any click on it (useLateKeywordForm.ts).
  reachCard(screen.getByRole('region', { name: `Item ${item.id ?? '-'}` }));
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

const keptNews = newsItemRecord.parse({
  id: 9,
  newsId: 'n-1',
  website: 'coindesk.com',
  accountName: 'CoinDesk',
  selected: false,
  reviewedBy: 'reviewer2',
});

/** The notice a decision leaves, found by its title. */
async function noticeTitled(title: string): Promise<HTMLElement> {
  const titleNode = await screen.findByText(title);
  const notice = titleNode.closest<HTMLElement>('.dqc-decision-notice');
  if (!notice) throw new Error(`no notice around ${title}`);
  return notice;
}

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
    const reviewed = await screen.findByText('Marked as reviewed');
    expect(reviewed.closest('[role="status"][aria-label="Decision notice"]')).not.toBeNull();
    expect(sent('review.reviewed')).toEqual([
      { filterType: 'tweets', id: 7, shown: { id: 7, selected: true, reviewedBy: null } },
    ]);
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

  it('Select on a news item sends the news body with what the card showed and tells the page', async () => {
    const { onChanged, sent } = renderCard(keptNews, 'news', {
      'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
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
        shown: { id: 9, selected: false, reviewedBy: 'reviewer2' },
      },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    // No undo id: nothing to offer.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('Eliminate on a kept tweet sends the tweet body with what the card knew', async () => {
    const { sent } = renderCard(keptTweet, 'tweets', {
      'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Eliminate' }));
    expect(await screen.findByText('Eliminate: saved')).toBeTruthy();
    expect(sent('review.manualChange')).toEqual([
      {
        filterType: 'tweets',
        case: 'manually-eliminate',
        tweetId: '1234567890',
        twitterUserName: 'satoshi',
        keyword: null,
        keywordType: 'NO_FILTER',
        unwantedUsage: null,
        shown: { id: 7, selected: true, reviewedBy: null },
      },
    ]);
  });

  it('Eliminate with a keyword on an eliminated news item records the reason, without accountName', async () => {
    const eliminated = newsItemRecord.parse({
      id: 11,
      newsId: 'n-2',
      website: 'decrypt.co',
      accountName: 'Decrypt',
      selected: false,
    });
    const { sent } = renderCard(eliminated, 'news', {
      'review.addEliminatedKeyword': () => ok({ undoId: null, cannotUndo: null }),
    });
    await userEvent.type(screen.getByRole('combobox', { name: 'Keyword' }), 'airdrop');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminate' }));
    expect(await screen.findByText('Eliminate: saved')).toBeTruthy();
    expect(sent('review.addEliminatedKeyword')).toEqual([
      {
        filterType: 'news',
        newsId: 'n-2',
        website: 'decrypt.co',
        keyword: 'airdrop',
        newsKeywordType: 'NO_FILTER',
        unwantedUsage: null,
        shown: { id: 11, selected: false, reviewedBy: null },
      },
    ]);
  });

  it('a failed decision says why and keeps what the reviewer typed', async () => {
    const { onChanged } = renderCard(keptTweet, 'tweets', {
      'review.manualChange': () => fail(502, 'DOWN', 'the service is down'),
    });
    const keyword = screen.getByRole('combobox', { name: 'Keyword' });
    await userEvent.type(keyword, 'scam');
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText(/^Select failed: .*the service is down/)).toBeTruthy();
    expect((keyword as HTMLInputElement).value).toBe('scam');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('a decision refused for naming another reviewer (403) says why in full and loses nothing', async () => {
    // Core's refusal of a page naming someone else, and a provider's own 403 sentence (read as-is).
    const byCore = MESSAGES.namesAnotherUser('reviewer2', 'reviewer1');
    const byProvider = 'Decisions are recorded only under the signed-in user.';
    // An item of its own: another test's draft of item 7's form would fill this one's.
    const { onChanged, sent } = renderCard({ ...keptTweet, id: 21 }, 'tweets', {
      'review.manualChange': () => fail(403, 'NAMES_ANOTHER_USER', byCore),
      'review.reviewed': () => fail(403, 'forbidden', byProvider),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'WARNING' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText(`Review failed: ${byProvider}`)).toBeTruthy();
    const keyword = screen.getByRole('combobox', { name: 'Keyword' });
    await userEvent.type(keyword, 'scam');
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText(`Select failed: ${byCore}`)).toBeTruthy();
    // The card as it was: what was typed, its state, its actions; the page is not told of a change.
    expect((keyword as HTMLInputElement).value).toBe('scam');
    expect(screen.queryByText(/^Reviewed by/)).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Actions' }))
        .getAllByRole('button')
        .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]),
    ).toEqual([
      ['Add Keyword', false],
      ['Select', false],
      ['Eliminate', false],
      ['Review', false],
    ]);
    expect(onChanged).not.toHaveBeenCalled();
    // The page never names a reviewer: core fills in the signed-in user.
    expect(sent('review.manualChange')).toEqual([
      expect.not.objectContaining({ reviewedBy: expect.anything() }),
    ]);
    expect(sent('review.reviewed')).toEqual([
      { filterType: 'tweets', id: 21, shown: { id: 21, selected: true, reviewedBy: null } },
    ]);
  });

  it('an item without a data id cannot be decided', async () => {
    const { sent } = renderCard(
      tweetItemRecord.parse({ tweetId: '5', twitterUserName: 'x', selected: true }),
      'tweets',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('Select failed: this item has no data id')).toBeTruthy();
    expect(sent('review.manualChange')).toEqual([]);
  });

  it('an undoable decision offers Undo for a while; Undo asks core and says what it did', async () => {
    const { onChanged, sent } = renderCard(keptTweet, 'tweets', {
      'review.manualChange': () => ok({ undoId: 'u-42', cannotUndo: CANNOT_UNDO.manuallyChanged }),
      'undo.decision': () => ok({ restored: true, message: 'Undone: tweet 7 is selected again.' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Eliminate' }));
    const notice = await noticeTitled('Eliminated tweet 7');
    expect(notice.textContent).toContain(CANNOT_UNDO.manuallyChanged);
    await userEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: tweet 7 is selected again.')).toBeTruthy();
    expect(sent('undo.decision')).toEqual([{ undoId: 'u-42' }]);
    // Once for the decision, once for its undo.
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText('Eliminated tweet 7')).toBeNull());
  });

  it('a decision pressed again before its answer is sent once', async () => {
    let answer: (envelope: Envelope<unknown>) => void = () => undefined;
    const { sent } = renderCard(keptTweet, 'tweets', {
      'review.manualChange': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    const eliminate = screen.getByRole('button', { name: 'Eliminate' });
    await userEvent.click(eliminate);
    await userEvent.click(eliminate);
    await act(async () => answer({ ok: true, data: { undoId: null, cannotUndo: null } }));
    const saved = await screen.findByText('Eliminate: saved');
    expect(saved.closest('[role="status"][aria-label="Decision notice"]')).not.toBeNull();
    expect(sent('review.manualChange')).toHaveLength(1);
    // Once answered, the item can be decided again.
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(sent('review.manualChange')).toHaveLength(2));
  });

  it('shows the spinner only when a decision takes more than 300 ms', async () => {
    vi.useFakeTimers();
    let answer: (envelope: Envelope<unknown>) => void = () => undefined;
    renderCard(keptTweet, 'tweets', {
      'review.manualChange': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    const select = () => screen.getByRole('button', { name: /Select/ });
    fireEvent.click(select());
    await act(async () => vi.advanceTimersByTimeAsync(299));
    expect(select().className).not.toContain('ant-btn-loading');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(select().className).toContain('ant-btn-loading');
    await act(async () => answer({ ok: true, data: { undoId: null, cannotUndo: null } }));
    expect(select().className).not.toContain('ant-btn-loading');
    vi.useRealTimers();
  });

  it('an undo that finds the item changed says so as a warning', async () => {
    const { sent } = renderCard(keptNews, 'news', {
      'review.manualChange': () => ok({ undoId: 'u-7', cannotUndo: null }),
      'undo.decision': () =>
        ok({ restored: false, message: 'news 9 was changed since: left as it is.' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    const notice = await noticeTitled('Selected news 9');
    await userEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    const said = await screen.findByText('news 9 was changed since: left as it is.');
    expect(said.closest('.dqc-decision-notice-warning')).not.toBeNull();
    expect(sent('undo.decision')).toEqual([{ undoId: 'u-7' }]);
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
