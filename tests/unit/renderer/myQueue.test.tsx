/**
 * The work queue on Review (the claims extension; DESIGN.md, Several people at once): My queue's
 * switch only where the server offers claims, the reviewer's own leased page with Next and a
 * release when it is turned off; in the ordinary list, who else holds a card and for how long,
 * and a question naming them before any action on it; the top bar's who else is reviewing.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { ReviewingNow } from '../../../src/renderer/domain/claims/ReviewingNow';
import { extensionsAtom } from '../../../src/renderer/domain/insight/extensionsState';
import { sessionAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import { EXTENSIONS } from '../../../src/shared/insight';
import { fakeBridge, ok, signedIn } from './fakeBridge';
import { IDS, renderReview, type Answers } from './reviewHarness';
import { reachCard, TestProviders } from './testProviders';

beforeEach(() => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
});
afterEach(() => {
  setBridge(null);
  vi.restoreAllMocks();
});

const ALL = EXTENSIONS.map((name) => ({ name, version: 1 }));
const card = (id: number) => screen.getByRole('region', { name: `Item ${id}` });
const claim = (id: number, holder: string, remainingSeconds: number) => ({
  id,
  holder,
  remainingSeconds,
  expiresAt: '2026-12-01T10:00:00.000Z',
});
/** 102 is reviewer2's for 4 more minutes; 104 is the signed-in reviewer1's own. */
const HOLDERS = { claims: [claim(102, 'reviewer2', 230), claim(104, 'reviewer1', 500)] };
const QUEUE_ITEMS = [201, 202, 203].map((id) =>
  tweetItemRecord.parse({ id, tweetId: `q-${id}`, twitterUserName: `user${id}`, selected: true }),
);

function renderWithClaims(offered: boolean, answers: Answers = {}) {
  const store = createStore();
  store.set(extensionsAtom, offered ? ALL : []);
  store.set(sessionAtom, signedIn);
  return renderReview({
    store,
    answers: {
      'live.watch': () => ok(null),
      'claims.holders': () => ok(HOLDERS),
      'claims.queue': () =>
        ok({ items: QUEUE_ITEMS, expiresAt: null, leaseSeconds: 600, resumed: 0 }),
      'claims.release': () => ok({ released: 3 }),
      'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
      ...answers,
    },
  });
}

describe('Review without the claims extension', () => {
  it('offers no My queue, marks no card, and asks nothing of claims', async () => {
    const { sent } = renderWithClaims(false);
    await screen.findByRole('region', { name: 'Item 102' });
    expect(screen.queryByRole('switch', { name: 'My queue' })).toBeNull();
    expect(screen.queryByText(/reviewer2, \d+ min/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next queue page' })).toBeNull();
    expect(sent('claims.holders')).toEqual([]);
    expect(sent('claims.queue')).toEqual([]);
  });
});

describe('Review with the claims extension', () => {
  it('marks a card someone else holds with who and how long, and not one of ones own', async () => {
    const { sent } = renderWithClaims(true);
    await screen.findByRole('region', { name: 'Item 102' });
    await waitFor(() => expect(within(card(102)).getByText('reviewer2, 4 min')).toBeTruthy());
    expect(card(102).textContent).toContain('Held by reviewer2, 4 min');
    expect(within(card(104)).queryByText(/reviewer1, \d+ min/)).toBeNull();
    expect(sent('claims.holders').at(-1)).toEqual({ filterType: 'tweets', ids: IDS });
  });

  it('asks before acting on a held card, naming the holder: Close sends nothing, Yes sends', async () => {
    const { sent } = renderWithClaims(true);
    await screen.findByRole('region', { name: 'Item 102' });
    await within(card(102)).findByText('reviewer2, 4 min');
    reachCard(card(102));
    await userEvent.click(within(card(102)).getByRole('button', { name: 'Eliminate' }));
    const question = await screen.findByRole('dialog');
    expect(question.textContent).toContain(
      'reviewer2 holds this item in their queue (4 min left). Decide it anyway?',
    );
    await userEvent.click(within(question).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('review.manualChange')).toEqual([]);

    await userEvent.click(within(card(102)).getByRole('button', { name: 'Eliminate' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Yes!' }));
    await waitFor(() => expect(sent('review.manualChange')).toHaveLength(1));
    expect(sent('review.manualChange')[0]).toMatchObject({ filterType: 'tweets' });
    // A card nobody else holds acts at once, as before.
    reachCard(card(104));
    await userEvent.click(within(card(104)).getByRole('button', { name: 'Eliminate' }));
    await waitFor(() => expect(sent('review.manualChange')).toHaveLength(2));
  });

  it('My queue, by keyboard: the reviewer’s own page, Next leaves it, off releases the page shown', async () => {
    const { sent } = renderWithClaims(true);
    await screen.findByRole('region', { name: 'Item 101' });
    const toggle = screen.getByRole('switch', { name: 'My queue' });
    toggle.focus();
    await userEvent.keyboard(' ');
    await screen.findByRole('region', { name: 'Item 201' });
    expect(sent('claims.queue')[0]).toMatchObject({
      filterType: 'tweets',
      sortBy: 'desc',
      leave: [],
    });
    expect(sent('claims.queue')[0]).not.toHaveProperty('startIndex');
    // One's own page is not marked, nor asked about; the ordinary pager gives way to Next.
    expect(screen.queryByRole('region', { name: 'Item 101' })).toBeNull();
    const holdersAsked = sent('claims.holders').length;

    // Found when it takes clicks: a loading button's name starts with its spinner's "loading".
    await userEvent.click(await screen.findByRole('button', { name: 'Next queue page' }));
    await waitFor(() => expect(sent('claims.queue')).toHaveLength(2));
    expect(sent('claims.queue')[1]).toMatchObject({ leave: [201, 202, 203] });

    await userEvent.click(screen.getByRole('switch', { name: 'My queue' }));
    await screen.findByRole('region', { name: 'Item 101' });
    expect(sent('claims.release').at(-1)).toEqual({ filterType: 'tweets', ids: [201, 202, 203] });
    expect(sent('claims.holders').length).toBeGreaterThanOrEqual(holdersAsked);
  });

  it('has no serious or critical axe violation with the switch and a held card', async () => {
    renderWithClaims(true);
    await screen.findByRole('region', { name: 'Item 102' });
    await within(card(102)).findByText('reviewer2, 4 min');
    const { violations } = await axe.run(document.body, { resultTypes: ['violations'] });
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
  });
});

describe('the top bar’s who else is reviewing', () => {
  function renderTopBar(offered: boolean) {
    const bridge = fakeBridge({
      'claims.reviewingNow': () =>
        ok({
          reviewers: [
            {
              user: 'reviewer1',
              service: 'tweets',
              items: 20,
              expiresAt: 'x',
              remainingSeconds: 500,
            },
            {
              user: 'reviewer3',
              service: 'news',
              items: 20,
              expiresAt: 'x',
              remainingSeconds: 300,
            },
            {
              user: 'reviewer2',
              service: 'tweets',
              items: 5,
              expiresAt: 'x',
              remainingSeconds: 90,
            },
          ],
        }),
    });
    setBridge(bridge);
    const store = createStore();
    store.set(extensionsAtom, offered ? ALL : []);
    store.set(sessionAtom, signedIn);
    render(
      <TestProviders store={store}>
        <ReviewingNow />
      </TestProviders>,
    );
    return bridge;
  }

  it('names the others and the service each reviews, not the signed-in user', async () => {
    renderTopBar(true);
    const said = await screen.findByRole('status');
    expect(said.textContent).toBe('Also reviewing: reviewer2 (tweets), reviewer3 (news)');
  });

  it('is absent, and asks nothing, without the extension', async () => {
    const bridge = renderTopBar(false);
    // render ran the effects: a poll that would ask has asked by now.
    expect(screen.queryByRole('status')).toBeNull();
    expect(bridge.invoke).not.toHaveBeenCalled();
  });
});
