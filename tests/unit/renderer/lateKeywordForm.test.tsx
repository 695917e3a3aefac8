import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import type { ItemCardHandle } from '../../../src/renderer/features/review/ItemCard';
import { dropDraft, readDraft } from '../../../src/renderer/session/drafts';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord, type ReviewItem } from '../../../src/shared/api/records';
import { appInfo, fakeBridge, ok } from './fakeBridge';
import { LoneCard, reachCard, TestProviders } from './testProviders';

/**
 * A review card draws its keyword form, and its decisions' tooltips, only once the reviewer
 * reaches it (useLateKeywordForm.ts, issue 51); until then a stand-in in the same classes, with
 * the same names, takes its place (KeywordFormIdle.tsx). Whatever wakes the card, the reviewer's
 * focus and typing land in the real form, and nothing a person or a screen reader finds changes.
 */

const tweet = (id: number, selected = true) =>
  tweetItemRecord.parse({
    id,
    tweetId: `t-${id}`,
    twitterUserName: `user${id}`,
    detectTime: '2024-01-01T08:05:59',
    selected,
  });

afterEach(() => {
  setBridge(null);
  for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9]) dropDraft(`review-card:tweets:${id}`);
});

function renderCard(
  item: ReviewItem,
  answers: Parameters<typeof fakeBridge>[0] = {},
  density: { compact?: boolean; focused?: boolean } = {},
) {
  const bridge = fakeBridge(answers);
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  const handle = createRef<ItemCardHandle>();
  const ui = (shown: ReviewItem) => (
    <TestProviders store={store}>
      <LoneCard key="slot-1" handle={handle} item={shown} {...density} />
    </TestProviders>
  );
  const view = render(ui(item));
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { view, handle, sent, show: (next: ReviewItem) => view.rerender(ui(next)) };
}

const card = (id: number) => screen.getByRole('region', { name: `Item ${id}` });
/** The real form is an Ant Design Form: a `<form>`; the stand-in draws none. */
const isLive = (id: number) => card(id).querySelector('form') !== null;
const box = (id: number, name: string) =>
  within(card(id)).getByRole('combobox', { name }) as HTMLInputElement;
/** What a person or a screen reader finds in the keyword row: every box and every button. */
function namesIn(id: number): string[] {
  const row = within(card(id)).getByRole('form', { name: `Keyword form ${id}` });
  return [
    ...within(row)
      .getAllByRole('combobox')
      .map((b) => `combobox ${b.getAttribute('aria-label')} ${b.getAttribute('aria-required')}`),
    ...within(row)
      .getAllByRole('button')
      .map((b) => `button ${b.getAttribute('aria-label') ?? b.textContent}`),
  ];
}

describe('a review card before the reviewer reaches it', () => {
  it('shows the stand-in with every name, role and value the real form has', () => {
    renderCard(tweet(1));
    expect(isLive(1)).toBe(false);
    const before = namesIn(1);
    expect(before).toEqual([
      'combobox Keyword true',
      'combobox Keyword Type true',
      'combobox Unwanted Usage null',
      'button Clear',
      'button Add Keyword',
      'button Select',
      'button Eliminate',
      'button Review',
    ]);
    // The type shows NO_FILTER, as the form starts (SPEC.md 4); the others their placeholders.
    expect(within(card(1)).getByTitle('NO_FILTER')).toBeTruthy();
    const placeholders = () =>
      Array.from(card(1).querySelectorAll('.ant-select-placeholder'), (p) => p.textContent);
    expect(placeholders()).toEqual(['Keyword', 'Unwanted Usage']);

    reachCard(card(1));
    expect(isLive(1)).toBe(true);
    expect(namesIn(1)).toEqual(before);
    expect(placeholders()).toEqual(['Keyword', 'Unwanted Usage']);
    expect(within(card(1)).getByTitle('NO_FILTER')).toBeTruthy();
  });

  it('moves a focus that reaches a stand-in box to the same box of the real form, which keeps what is typed', async () => {
    renderCard(tweet(2));
    act(() => box(2, 'Keyword').focus());
    expect(isLive(2)).toBe(true);
    const real = document.activeElement as HTMLInputElement;
    expect(real.getAttribute('aria-label')).toBe('Keyword');
    expect(real.closest('form')).not.toBeNull();
    await userEvent.type(real, 'airdrop');
    expect(box(2, 'Keyword').value).toBe('airdrop');
    expect(readDraft('review-card:tweets:2')).toMatchObject({ keyword: 'airdrop' });

    act(() => box(2, 'Keyword Type').focus());
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Keyword Type');
  });

  it('brings back what was typed before the session ended into a form drawn at once', () => {
    const first = renderCard(tweet(3));
    reachCard(card(3));
    fireEvent.change(box(3, 'Keyword'), { target: { value: 'halving' } });
    expect(readDraft('review-card:tweets:3')).toMatchObject({ keyword: 'halving' });
    first.view.unmount();
    // The screens come back after signing in again (drafts.ts): the card is drawn awake.
    renderCard(tweet(3));
    expect(isLive(3)).toBe(true);
    expect(box(3, 'Keyword').value).toBe('halving');
  });

  it('takes Tab through the same stops, woken on the first, and keeps the focus where it is', async () => {
    renderCard(tweet(4));
    // From the page before the card, as a keyboard reaches it.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(isLive(4)).toBe(false);
    const stops: string[] = [];
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      const at = document.activeElement as HTMLElement;
      stops.push(at.getAttribute('aria-label') ?? at.textContent ?? '');
    }
    expect(isLive(4)).toBe(true);
    expect(stops).toEqual([
      'History of tweet 4',
      'Keyword',
      'Keyword Type',
      'Clear',
      'Unwanted Usage',
      'Add Keyword',
      'Select',
      'Eliminate',
    ]);
  });

  it('keeps the focus on a decision focused on a sleeping card', async () => {
    renderCard(tweet(4));
    const select = within(card(4)).getByRole('button', { name: 'Select' });
    act(() => select.focus());
    await waitFor(() => expect(isLive(4)).toBe(true));
    // The same element: a decision's button is not drawn anew when the card wakes.
    expect(document.activeElement).toBe(select);
    expect(select.isConnected).toBe(true);
  });

  it('takes a click on a decision of a card the pointer has only just reached', async () => {
    const { sent } = renderCard(tweet(6), {
      'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
    });
    // One gesture: the pointer comes onto the card and presses Eliminate.
    await userEvent.click(within(card(6)).getByRole('button', { name: 'Eliminate' }));
    await waitFor(() => expect(sent('review.manualChange')).toHaveLength(1));
    expect(isLive(6)).toBe(true);
  });

  it("takes the 'a' shortcut into the real keyword box", () => {
    const { handle } = renderCard(tweet(5));
    act(() => handle.current?.addKeyword());
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.getAttribute('aria-label')).toBe('Keyword');
    expect(focused.closest('form')).not.toBeNull();
  });

  it('asks for a keyword when Add Keyword is pressed with the form unseen, and sends nothing', async () => {
    const { sent } = renderCard(tweet(6), {
      'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
    });
    fireEvent.click(within(card(6)).getByRole('button', { name: 'Add Keyword' }));
    expect(await within(card(6)).findByText('Please enter a keyword')).toBeTruthy();
    expect(sent('review.manualChange')).toEqual([]);
  });

  it('decides with the form as it starts: Eliminate on an untouched card sends no keyword', async () => {
    const { sent } = renderCard(tweet(7), {
      'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
    });
    fireEvent.click(within(card(7)).getByRole('button', { name: 'Eliminate' }));
    await waitFor(() => expect(sent('review.manualChange')).toHaveLength(1));
    expect(sent('review.manualChange')[0]).toMatchObject({ case: 'manually-eliminate' });
    expect(JSON.stringify(sent('review.manualChange')[0])).not.toContain('eliminatedKeyword');
    expect(isLive(7)).toBe(false);
  });

  it('goes back to its stand-in for the next item unless the pointer is still on it', () => {
    const { show } = renderCard(tweet(8));
    reachCard(card(8));
    expect(isLive(8)).toBe(true);
    // The pointer still on it: the next item's form is drawn at once.
    show(tweet(9));
    expect(isLive(9)).toBe(true);
    fireEvent.pointerOut(card(9));
    show(tweet(8, false));
    expect(isLive(8)).toBe(false);
  });

  it('in Compact density, wakes the focused row, the only one with actions, on the pointer', () => {
    renderCard(tweet(3), {}, { compact: true, focused: true });
    expect(isLive(3)).toBe(false);
    expect(namesIn(3)).toContain('combobox Keyword true');
    reachCard(card(3));
    expect(isLive(3)).toBe(true);
  });

  it('has no serious or critical axe violation with its stand-in', async () => {
    renderCard(tweet(1));
    const { violations } = await axe.run(card(1), { resultTypes: ['violations'] });
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
  });
});
