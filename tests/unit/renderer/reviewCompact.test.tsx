import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { DEFAULT_PREFS } from '../../../src/shared/prefs';
import { fail, ok } from './fakeBridge';
import { IDS, renderReview } from './reviewHarness';
import { reachCard } from './testProviders';

afterEach(() => setBridge(null));

const rows = () => document.querySelectorAll('.dqc-row');
const actionGroups = () => document.querySelectorAll('[role="group"][aria-label="Actions"]');
const rowOf = (id: number) => screen.getByRole('region', { name: `Item ${id}` });

describe('compact density on Review', () => {
  it('shows one row per item with the full card names; the focused row has the actions', async () => {
    renderReview({ url: '/filter?keyword=bitcoin', prefs: { density: 'compact' } });
    await waitFor(() => expect(rows()).toHaveLength(IDS.length));
    expect(document.querySelectorAll('.dqc-card')).toHaveLength(0);
    for (const id of IDS) {
      expect(rowOf(id)).toBeTruthy();
      expect(within(rowOf(id)).getByRole('checkbox', { name: `Choose item ${id}` })).toBeTruthy();
    }
    // The message on one line, with the filter's keyword marked.
    expect(rowOf(101).querySelector('mark')?.textContent).toBe('bitcoin');
    expect(within(rowOf(101)).getByText('@user101')).toBeTruthy();
    expect(within(rowOf(101)).getByText('Eliminated')).toBeTruthy();
    expect(within(rowOf(101)).getByTitle('NLP decision ratio').textContent).toBe('0.25');
    // Only the focused row carries the actions, History among them.
    expect(actionGroups()).toHaveLength(1);
    expect(within(rowOf(101)).getByRole('group', { name: 'Actions' })).toBeTruthy();
    expect(within(rowOf(101)).getByRole('button', { name: 'History of tweet 101' })).toBeTruthy();
    act(() => rowOf(104).focus());
    await waitFor(() =>
      expect(
        within(rowOf(104))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(expect.arrayContaining(['Add Keyword', 'Select', 'Eliminate', 'Review'])),
    );
    expect(actionGroups()).toHaveLength(1);
    expect(within(rowOf(104)).getByRole('combobox', { name: 'Keyword' })).toBeTruthy();
  });

  it('Select on a compact row sends the decision', async () => {
    const { sent } = renderReview({
      prefs: { density: 'compact' },
      answers: { 'review.manualChange': () => ok({ undoId: null, cannotUndo: null }) },
    });
    await waitFor(() => expect(rows()).toHaveLength(IDS.length));
    reachCard(rowOf(101));
    await userEvent.click(within(rowOf(101)).getByRole('button', { name: 'Select' }));
    await waitFor(() =>
      expect(sent('review.manualChange')).toEqual([
        expect.objectContaining({
          case: 'manually-select',
          shown: expect.objectContaining({ id: 101 }),
        }),
      ]),
    );
  });

  it('the Density toggle switches at once and asks core to keep it', async () => {
    let density: 'comfortable' | 'compact' = 'comfortable';
    const { sent } = renderReview({
      answers: {
        'prefs.setDensity': (payload) => {
          density = (payload as { density: typeof density }).density;
          return ok({ ...DEFAULT_PREFS, density });
        },
      },
    });
    await waitFor(() => expect(document.querySelectorAll('.dqc-card')).toHaveLength(IDS.length));
    const toggle = screen.getByRole('radiogroup', { name: 'Density' });
    await userEvent.click(within(toggle).getByText('Compact'));
    await waitFor(() => expect(rows()).toHaveLength(IDS.length));
    expect(sent('prefs.setDensity')).toEqual([{ density: 'compact' }]);
  });

  it('a density core cannot keep comes back with why', async () => {
    renderReview({
      answers: { 'prefs.setDensity': () => fail(500, 'DISK', 'the disk is full') },
    });
    await waitFor(() => expect(document.querySelectorAll('.dqc-card')).toHaveLength(IDS.length));
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Density' })).getByText('Compact'),
    );
    expect(await screen.findByText('The density could not be kept: the disk is full')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.dqc-card')).toHaveLength(IDS.length));
  });
});
