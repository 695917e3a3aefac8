import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecisionNoticeHost } from '../../../src/renderer/features/review/DecisionNoticeHost';
import {
  decisionNoticeAtom,
  useShowDecisionNotice,
  type DecisionNoticeContent,
} from '../../../src/renderer/features/review/decisionNoticeAtom';

let show: (content: DecisionNoticeContent) => void = () => undefined;

function Shower() {
  const showNotice = useShowDecisionNotice();
  useEffect(() => {
    show = showNotice;
  }, [showNotice]);
  return null;
}

function renderHost() {
  const store = createStore();
  const view = render(
    <Provider store={store}>
      <Shower />
      <DecisionNoticeHost />
    </Provider>,
  );
  return { store, view };
}

const region = () => screen.getByRole('status', { name: 'Decision notice' });
/** The notice's text, found in its region (throws when it is not there). */
const shown = (text: string) => within(region()).getByText(text);
/** Lets `ms` of the notice's time pass. */
const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const eliminated = (run = vi.fn()): DecisionNoticeContent => ({
  text: 'Eliminate: saved',
  tone: 'success',
  subject: 'Eliminated tweet 7',
  note: 'the item stays marked as manually changed',
  action: { label: 'Undo', run },
  seconds: 10,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the decision notice', () => {
  it('is a polite status region that is there, empty, before any decision', () => {
    renderHost();
    expect(region().textContent).toBe('');
    act(() => show(eliminated()));
    expect(shown('Eliminate: saved')).toBeTruthy();
    expect(shown('Eliminated tweet 7')).toBeTruthy();
    expect(shown('the item stays marked as manually changed')).toBeTruthy();
  });

  it('shows one notice at a time: a newer decision’s replaces the one shown', () => {
    renderHost();
    act(() => show(eliminated()));
    act(() => show({ text: 'Select: saved', tone: 'success', seconds: 3 }));
    expect(shown('Select: saved')).toBeTruthy();
    expect(within(region()).queryByText('Eliminate: saved')).toBeNull();
    expect(within(region()).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(region().querySelectorAll('.dqc-decision-notice')).toHaveLength(1);
  });

  it('closes after its seconds, and a newer notice gets its own full time', () => {
    renderHost();
    act(() => show(eliminated()));
    pass(9_000);
    act(() => show(eliminated()));
    pass(9_000);
    expect(shown('Eliminate: saved')).toBeTruthy();
    pass(1_000);
    expect(region().textContent).toBe('');
  });

  it('stays while the pointer is over it or focus is in it, then takes the time it had left', () => {
    renderHost();
    act(() => show(eliminated()));
    pass(6_000);
    const notice = region();
    fireEvent.pointerEnter(notice);
    pass(60_000);
    expect(shown('Eliminate: saved')).toBeTruthy();
    fireEvent.pointerLeave(notice);
    pass(3_900);
    expect(shown('Eliminate: saved')).toBeTruthy();

    const undo = within(region()).getByRole('button', { name: 'Undo' });
    fireEvent.focus(undo);
    pass(60_000);
    expect(shown('Eliminate: saved')).toBeTruthy();
    fireEvent.blur(undo);
    pass(200);
    expect(region().textContent).toBe('');
  });

  it('holds for the pointer and for focus each on its own', () => {
    renderHost();
    act(() => show(eliminated()));
    const notice = region();
    const undo = within(notice).getByRole('button', { name: 'Undo' });
    fireEvent.pointerEnter(notice);
    fireEvent.focus(undo);
    fireEvent.pointerLeave(notice);
    pass(60_000);
    expect(shown('Eliminate: saved')).toBeTruthy();
    fireEvent.pointerEnter(notice);
    fireEvent.blur(undo);
    pass(60_000);
    expect(shown('Eliminate: saved')).toBeTruthy();
    fireEvent.pointerLeave(notice);
    pass(10_000);
    expect(region().textContent).toBe('');
  });

  it('a newer notice closes in its time although focus was on the older one’s button', () => {
    renderHost();
    act(() => show(eliminated()));
    const undo = within(region()).getByRole('button', { name: 'Undo' });
    act(() => undo.focus());
    pass(60_000);
    expect(shown('Eliminate: saved')).toBeTruthy();
    // The older notice's buttons leave with it, and no blur is sent for them.
    act(() => show({ text: 'Select: saved', tone: 'success', seconds: 3 }));
    pass(3_000);
    expect(region().textContent).toBe('');
  });

  it('says its tone with an icon, not with colour alone', () => {
    renderHost();
    act(() => show({ text: 'Left as is', tone: 'warning', seconds: 3 }));
    expect(region().querySelector('.anticon-exclamation-circle')).not.toBeNull();
    act(() => show({ text: 'Undone', tone: 'success', seconds: 3 }));
    expect(region().querySelector('.anticon-check-circle')).not.toBeNull();
  });

  it('runs its action once and closes; Close closes without it', () => {
    renderHost();
    const run = vi.fn();
    act(() => show(eliminated(run)));
    fireEvent.click(within(region()).getByRole('button', { name: 'Close' }));
    expect(region().textContent).toBe('');
    expect(run).not.toHaveBeenCalled();

    act(() => show(eliminated(run)));
    fireEvent.click(within(region()).getByRole('button', { name: 'Undo' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(region().textContent).toBe('');
  });

  it('leaves with its screen: a notice is not shown again on coming back', () => {
    const { store, view } = renderHost();
    act(() => show(eliminated()));
    view.unmount();
    expect(store.get(decisionNoticeAtom)).toBeNull();
  });

  it('does not show on coming back a notice that came while its screen was away', () => {
    const store = createStore();
    const host = () => (
      <Provider store={store}>
        <DecisionNoticeHost />
      </Provider>
    );
    render(host()).unmount();
    // A late answer, after the screen left.
    store.set(decisionNoticeAtom, { ...eliminated(), id: 99 });
    render(host());
    expect(region().textContent).toBe('');
  });
});
