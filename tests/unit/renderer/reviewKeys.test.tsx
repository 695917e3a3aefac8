import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { SHORTCUT_IDS } from '../../../src/shared/keys';
import type { UserPrefs } from '../../../src/shared/prefs';
import { ok } from './fakeBridge';
import { renderReview } from './reviewHarness';

afterEach(() => setBridge(null));

/** The user's own key for every action, none of them a default key of any action. */
const OWN: Required<UserPrefs['keys']> = {
  next: ['l'],
  previous: ['h'],
  select: ['q'],
  eliminate: ['d'],
  review: ['v'],
  addKeyword: ['w'],
  choose: ['c'],
  chooseRange: ['shift+c'],
  undo: ['ctrl+u'],
  nextPage: ['m'],
  previousPage: ['b'],
  help: ['shift+h'],
  recordSave: ['ctrl+shift+s'],
  recordMerge: ['ctrl+m'],
  recordMatch: ['ctrl+t'],
  recordDelete: ['ctrl+d'],
  recordCompare: ['ctrl+k'],
  recordHistory: ['ctrl+i'],
  openView1: ['ctrl+1'],
  openView2: ['ctrl+2'],
  openView3: ['ctrl+3'],
  openView4: ['ctrl+4'],
  openView5: ['ctrl+5'],
  openView6: ['ctrl+6'],
  openView7: ['ctrl+7'],
  openView8: ['ctrl+8'],
  openView9: ['ctrl+9'],
};

const focusedItem = () =>
  document.querySelector('.dqc-card-focused, .dqc-row-focused')?.getAttribute('data-item-id');
const chosen = (id: number) =>
  (screen.getByRole('checkbox', { name: `Choose item ${id}` }) as HTMLInputElement).checked;
const address = () => screen.getByLabelText('Location').textContent;

describe('the Review page binds every shortcut from the key map', () => {
  it('covers every action of shared/keys.ts', () => {
    expect(Object.keys(OWN).sort()).toEqual([...SHORTCUT_IDS].sort());
  });

  it("each of the user's keys does its action, and the default key does nothing", async () => {
    const { sent } = renderReview({
      prefs: { keys: OWN },
      answers: {
        'review.manualChange': () => ok({ undoId: null, cannotUndo: null }),
        'undo.last': () => ok({ restored: false, message: 'Nothing to undo.' }),
      },
    });
    await screen.findByRole('region', { name: 'Item 101' });
    // The map is read from core after the page shows: wait until the overlay lists the new keys.
    await waitFor(async () => {
      await userEvent.keyboard('{Shift>}h{/Shift}');
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Keyboard shortcuts' },
        { timeout: 200 },
      );
      expect(within(dialog).getByRole('row', { name: /^d Eliminate/ })).toBeTruthy();
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // jsdom leaves the focus in the hidden dialog, where the page's keys are not heard.
    act(() => screen.getByRole('region', { name: 'Item 101' }).focus());
    // help: '?' no longer opens it.
    await userEvent.keyboard('?');
    expect(screen.queryByRole('dialog')).toBeNull();

    // next / previous
    expect(focusedItem()).toBe('101');
    await userEvent.keyboard('j');
    expect(focusedItem()).toBe('101');
    await userEvent.keyboard('l');
    expect(focusedItem()).toBe('102');
    await userEvent.keyboard('k');
    expect(focusedItem()).toBe('102');
    await userEvent.keyboard('h');
    expect(focusedItem()).toBe('101');

    // choose / chooseRange
    await userEvent.keyboard('x');
    expect(chosen(101)).toBe(false);
    await userEvent.keyboard('c');
    expect(chosen(101)).toBe(true);
    await userEvent.keyboard('ll{Shift>}x{/Shift}');
    expect(chosen(102)).toBe(false);
    await userEvent.keyboard('{Shift>}c{/Shift}');
    expect([101, 102, 103].map(chosen)).toEqual([true, true, true]);
    await userEvent.keyboard('hh');
    expect(focusedItem()).toBe('101');

    // select / eliminate (item 101 is eliminated: Select keeps it, Eliminate confirms it)
    await userEvent.keyboard('se');
    expect(sent('review.manualChange')).toEqual([]);
    await userEvent.keyboard('q');
    await waitFor(() => expect(sent('review.manualChange')).toHaveLength(1));
    expect(sent('review.manualChange')[0]).toMatchObject({
      case: 'manually-select',
      shown: { id: 101 },
    });
    await screen.findByText('Select: saved');
    await userEvent.keyboard('d');
    await waitFor(() => expect(sent('review.manualChange')).toHaveLength(2));
    expect(sent('review.manualChange')[1]).toMatchObject({
      case: 'manually-eliminate',
      shown: { id: 101 },
    });

    // review: the WARNING confirm
    await userEvent.keyboard('r');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.keyboard('v');
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => screen.getByRole('region', { name: 'Item 101' }).focus());

    // addKeyword, on the kept item 102
    await userEvent.keyboard('l');
    expect(focusedItem()).toBe('102');
    const keywordBox = within(screen.getByRole('region', { name: 'Item 102' })).getByRole(
      'combobox',
      { name: 'Keyword' },
    );
    await userEvent.keyboard('a');
    expect(document.activeElement).not.toBe(keywordBox);
    await userEvent.keyboard('w');
    await waitFor(() => expect(document.activeElement).toBe(keywordBox));
    act(() => screen.getByRole('region', { name: 'Item 102' }).focus());

    // undo
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(sent('undo.last')).toEqual([]);
    await userEvent.keyboard('{Control>}u{/Control}');
    await waitFor(() => expect(sent('undo.last')).toHaveLength(1));

    // nextPage / previousPage
    await userEvent.keyboard('n]');
    expect(address()).toBe('/filter');
    await userEvent.keyboard('m');
    await waitFor(() => expect(address()).toBe('/filter?page=2'));
    await userEvent.keyboard('p[[');
    expect(address()).toBe('/filter?page=2');
    await userEvent.keyboard('b');
    await waitFor(() => expect(address()).toBe('/filter'));
  });
});
