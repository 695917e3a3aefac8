/**
 * A card's conflict (src/shared/conflict.ts): a decision core refused because the item changed
 * since the card was drawn shows on the card as what changed, who and when on the user's clock
 * ('Eliminated by reviewer2, 10:42'), with Keep theirs (the card takes the item as it is now,
 * nothing sent) and Apply mine (sent again over the change, said so to core). What was typed in
 * the keyword form stays throughout.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { forgetDrafts } from '../../../src/renderer/session/drafts';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { NOT_SAVED_TEXT } from '../../../src/renderer/features/review/ConflictPanel';
import { DecisionNoticeHost } from '../../../src/renderer/features/review/DecisionNoticeHost';
import { tweetItemRecord, type ReviewItem } from '../../../src/shared/api/records';
import type { Envelope } from '../../../src/shared/bridge';
import type { ItemConflict } from '../../../src/shared/conflict';
import { appInfo, fakeBridge, ok } from './fakeBridge';
import { LoneCard, reachCard, TestProviders } from './testProviders';

afterEach(() => {
  setBridge(null);
  // What a test typed is kept as the card's draft (drafts.ts); the next test's card starts empty.
  forgetDrafts();
});

/** A kept tweet as reviewer1's card drew it, at version 3 of our server. */
const shownTweet = tweetItemRecord.parse({
  id: 7,
  tweetId: '1234567890',
  twitterUserName: 'satoshi',
  message: 'BTC to the moon',
  selected: true,
  version: 3,
});

/** 10:42 today on the user's clock, as the server says it (UTC, with its zone). */
const AT_10_42 = new Date(new Date().setHours(10, 42, 0, 0)).toISOString();

/** reviewer2 eliminated it meanwhile: the conflict core answers a stale decision with. */
const eliminatedByReviewer2: ItemConflict = {
  filterType: 'tweets',
  id: 7,
  changes: [{ field: 'selected', shown: true, now: false }],
  by: 'reviewer2',
  at: AT_10_42,
  foundAt: new Date().toISOString(),
  current: { ...shownTweet, selected: false, manuallyChanged: true, version: 4 },
};

const refused = (conflict: ItemConflict): Envelope<never> => ({
  ok: false,
  error: {
    status: 409,
    code: 'CONFLICT',
    message: 'tweet 7 changed since its card was drawn',
    conflict,
  },
});

/** Answers the first call of a channel with the conflict, and the next ones as saved. */
function refusedOnce(conflict: ItemConflict, saved: unknown) {
  let calls = 0;
  return () => (calls++ === 0 ? refused(conflict) : ok(saved));
}

function renderCard(item: ReviewItem, answers: Parameters<typeof fakeBridge>[0]) {
  const bridge = fakeBridge(answers);
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  const { container } = render(
    <TestProviders store={store}>
      <LoneCard item={item} />
      <DecisionNoticeHost />
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  const card = () => screen.getByRole('region', { name: 'Item 7' });
  // The pointer is on the card, as before any click on it (useLateKeywordForm.ts).
  reachCard(card());
  return { sent, card, container, calls: () => bridge.invoke.mock.calls.length };
}

async function typeKeyword(text: string) {
  const keyword = screen.getByRole('combobox', { name: 'Keyword' }) as HTMLInputElement;
  await userEvent.type(keyword, text);
  return keyword;
}

describe('a card whose decision met a change made since it was drawn', () => {
  it('says what changed, who and when, moves the focus to Keep theirs, and keeps what was typed', async () => {
    const { card } = renderCard(shownTweet, {
      'review.manualChange': () => refused(eliminatedByReviewer2),
    });
    const keyword = await typeKeyword('moonword');
    await userEvent.click(within(card()).getByRole('button', { name: 'Select' }));
    const panel = await within(card()).findByRole('alert');
    expect(within(panel).getByText('Eliminated by reviewer2, 10:42')).toBeTruthy();
    expect(within(panel).getByText(NOT_SAVED_TEXT)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(panel).getByRole('button', { name: 'Keep theirs' }),
      ),
    );
    expect(keyword.value).toBe('moonword');
    expect(screen.queryByText(/Select failed/)).toBeNull();
    expect(screen.queryByText('Select: saved')).toBeNull();
  });

  it('Keep theirs: the card takes the item as it is now, nothing is sent, the keyword stays', async () => {
    const { card, calls } = renderCard(shownTweet, {
      'review.manualChange': () => refused(eliminatedByReviewer2),
    });
    const keyword = await typeKeyword('moonword');
    await userEvent.click(within(card()).getByRole('button', { name: 'Select' }));
    const panel = await within(card()).findByRole('alert');
    const sentBefore = calls();
    await userEvent.click(within(panel).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(within(card()).queryByRole('alert')).toBeNull());
    // Eliminated now: SPEC.md 4's not-selected actions, and the manual change's mark.
    const actions = within(card()).getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Select', 'Eliminate', 'Review']);
    expect(within(card()).getByText('Manually changed')).toBeTruthy();
    expect(calls()).toBe(sentBefore);
    expect(keyword.value).toBe('moonword');
  });

  it('Apply mine, by keys: sent again over the change, said so, with the keyword typed', async () => {
    const { card, sent } = renderCard(shownTweet, {
      'review.manualChange': refusedOnce(eliminatedByReviewer2, { undoId: null, cannotUndo: null }),
    });
    await typeKeyword('moonword');
    await userEvent.click(within(card()).getByRole('button', { name: 'Select' }));
    const panel = await within(card()).findByRole('alert');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(panel).getByRole('button', { name: 'Keep theirs' }),
      ),
    );
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Apply mine' }));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Select: saved')).toBeTruthy();
    const [first, second] = sent('review.manualChange') as Record<string, unknown>[];
    expect(first).toMatchObject({
      case: 'manually-select',
      keyword: 'moonword',
      shown: { id: 7, selected: true, reviewedBy: null, version: 3 },
    });
    expect(first).not.toHaveProperty('applyAnyway');
    // Over the state the conflict found, and said to be the reviewer's choice.
    expect(second).toMatchObject({
      case: 'manually-select',
      keyword: 'moonword',
      shown: { id: 7, selected: false, reviewedBy: null, version: 4 },
      applyAnyway: true,
    });
    expect(within(card()).queryByRole('alert')).toBeNull();
  });

  it('Review met by a review made since: who, and a time the provider did not give said as before', async () => {
    const foundAt = new Date(new Date().setHours(9, 5, 0, 0)).toISOString();
    const reviewedSince: ItemConflict = {
      ...eliminatedByReviewer2,
      changes: [{ field: 'reviewedBy', shown: null, now: 'reviewer3' }],
      by: 'reviewer3',
      at: null,
      foundAt,
      current: { ...shownTweet, reviewedBy: 'reviewer3' },
    };
    const { card, sent } = renderCard(shownTweet, {
      'review.reviewed': refusedOnce(reviewedSince, null),
    });
    await userEvent.click(within(card()).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'WARNING' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    const panel = await within(card()).findByRole('alert');
    expect(within(panel).getByText('Reviewed by reviewer3, before 09:05')).toBeTruthy();
    expect(screen.queryByText(/Review failed/)).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply mine' }));
    expect(await screen.findByText('Marked as reviewed')).toBeTruthy();
    expect(sent('review.reviewed')).toEqual([
      {
        filterType: 'tweets',
        id: 7,
        shown: { id: 7, selected: true, reviewedBy: null, version: 3 },
      },
      {
        filterType: 'tweets',
        id: 7,
        shown: { id: 7, selected: true, reviewedBy: 'reviewer3', version: 3 },
        applyAnyway: true,
      },
    ]);
  });

  it('a decision saved shows at once, so the next one before the list reloads is checked against it', async () => {
    const { card, sent } = renderCard(shownTweet, {
      'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
    });
    await userEvent.click(within(card()).getByRole('button', { name: 'Eliminate' }));
    expect(await screen.findByText('Eliminate: saved')).toBeTruthy();
    // The page has not reloaded its list (LoneCard's onChanged does nothing): the card shows it.
    expect(within(card()).getByText('Manually changed')).toBeTruthy();
    await userEvent.click(within(card()).getByRole('button', { name: 'Select' }));
    const [eliminate, select] = sent('review.manualChange') as Record<string, unknown>[];
    expect(eliminate).toMatchObject({ shown: { selected: true, version: 3 } });
    // Not the version the card was drawn with (the server raised it): core reads the item again.
    expect(select).toMatchObject({ case: 'manually-select', shown: { id: 7, selected: false } });
    expect(select!.shown).not.toHaveProperty('version');
  });

  it('has no serious or critical axe violation', async () => {
    const { card } = renderCard(shownTweet, {
      'review.manualChange': () => refused(eliminatedByReviewer2),
    });
    await userEvent.click(within(card()).getByRole('button', { name: 'Select' }));
    await within(card()).findByRole('alert');
    const { violations } = await axe.run(card(), { resultTypes: ['violations'] });
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
  });
});
