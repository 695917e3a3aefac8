import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { ConnectionIndicator } from '../../../src/renderer/domain/outbox/ConnectionIndicator';
import { connectionTextOf } from '../../../src/renderer/domain/outbox/connectionText';
import { OutboxDrawer } from '../../../src/renderer/domain/outbox/OutboxDrawer';
import {
  dropItemAtom,
  outboxAtom,
  useOutboxFeed,
} from '../../../src/renderer/domain/outbox/outboxState';
import {
  StaleListNotice,
  useReloadWhenBack,
} from '../../../src/renderer/domain/outbox/StaleListNotice';
import { useSignOutQuestion } from '../../../src/renderer/domain/outbox/useSignOutQuestion';
import { withWaiting } from '../../../src/renderer/domain/outbox/waitingItem';
import { appInfoAtom, sessionAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import { OUTBOX_TEXTS, type OutboxView, type WaitingWriteView } from '../../../src/shared/outbox';
import { appInfo, fakeBridge, ok, signedIn } from './fakeBridge';
import { LoneCard, TestProviders } from './testProviders';

/**
 * What the page shows of the outbox (issue 50): the top bar's word on the connection, the Outbox
 * with Cancel, Keep theirs, Apply mine and Dismiss, a waiting decision made on its card and marked,
 * a list that could not be read again left usable, and sign-out's question.
 */

afterEach(() => setBridge(null));

let serial = 0;
function write(over: Partial<WaitingWriteView> = {}): WaitingWriteView {
  serial += 1;
  return {
    id: `w${serial}`,
    filterType: 'tweets',
    itemId: 7,
    target: 'tweet 7',
    decision: 'Eliminate',
    selected: false,
    reviewed: false,
    madeAt: '2026-12-02T10:00:00.000Z',
    state: 'waiting',
    message: null,
    ...over,
  };
}
const view = (over: Partial<OutboxView> = {}): OutboxView => ({
  writes: [],
  connection: 'reachable',
  torn: null,
  ...over,
});

function Feed() {
  useOutboxFeed();
  return null;
}

function renderShell(first: OutboxView, answers: Parameters<typeof fakeBridge>[0] = {}) {
  const bridge = fakeBridge({ 'outbox.view': () => ok(first), ...answers });
  setBridge(bridge);
  const store = createStore();
  render(
    <TestProviders store={store}>
      <Feed />
      <ConnectionIndicator />
      <OutboxDrawer />
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { bridge, store, sent };
}

describe('the top bar’s word on the connection', () => {
  it('says nothing while all is well, and what waits otherwise', () => {
    expect(connectionTextOf(null)).toBeNull();
    expect(connectionTextOf(view())).toBeNull();
    expect(connectionTextOf(view({ connection: 'unreachable' }))).toEqual({
      text: 'Reconnecting',
      offline: true,
    });
    expect(
      connectionTextOf(view({ connection: 'unreachable', writes: [write(), write(), write()] })),
    ).toEqual({ text: 'Offline: 3 decisions waiting', offline: true });
    expect(connectionTextOf(view({ writes: [write()] }))?.text).toBe(
      '1 decision waiting to be sent',
    );
    expect(connectionTextOf(view({ connection: 'slow' }))?.text).toBe('Slow connection');
  });

  it('follows core’s events, and opens the Outbox, where a waiting decision is cancelled', async () => {
    const t = renderShell(view(), {
      'outbox.cancel': () => ok({ message: OUTBOX_TEXTS.cancelled('tweet 7') }),
    });
    expect(screen.queryByRole('button', { name: /waiting|Reconnecting/ })).toBeNull();
    const waiting = write();
    act(() =>
      t.bridge.push({
        type: 'outbox.changed',
        outbox: view({ connection: 'unreachable', writes: [waiting, write({ itemId: 8 })] }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Offline: 2 decisions waiting' }));
    const dialog = (await screen.findByText(OUTBOX_TEXTS.title)).closest('[role="dialog"]')!;
    const rows = within(dialog as HTMLElement).getAllByRole('row');
    expect(rows).toHaveLength(3);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Cancel Eliminate on tweet 7' }));
    await waitFor(() => expect(t.sent('outbox.cancel')).toEqual([{ id: waiting.id }]));
    expect(
      await screen.findByText('Cancelled: the decision on tweet 7 will not be sent.'),
    ).toBeTruthy();
  });

  it('offers Keep theirs and Apply mine on a conflict, Dismiss on a refusal, and says when the file was torn', async () => {
    const conflict = write({
      state: 'conflict',
      message: 'tweet 7 changed since its card was drawn',
    });
    const refused = write({
      itemId: 9,
      target: 'tweet 9',
      state: 'refused',
      message: 'Bad keyword.',
    });
    const t = renderShell(view({ writes: [conflict, refused], torn: OUTBOX_TEXTS.torn }), {
      'outbox.cancel': () => ok({ message: 'done' }),
      'outbox.applyMine': () => ok(view({ writes: [{ ...conflict, state: 'waiting' }, refused] })),
    });
    fireEvent.click(await screen.findByRole('button', { name: '2 decisions waiting to be sent' }));
    await screen.findByText(OUTBOX_TEXTS.torn);
    expect(screen.getByText('tweet 7 changed since its card was drawn')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply mine on tweet 7' }));
    await waitFor(() => expect(t.sent('outbox.applyMine')).toEqual([{ id: conflict.id }]));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Eliminate on tweet 9' }));
    await waitFor(() => expect(t.sent('outbox.cancel')).toEqual([{ id: refused.id }]));
    expect(t.store.get(outboxAtom)?.writes[0]?.state).toBe('waiting');
  });
});

const keptTweet = tweetItemRecord.parse({
  id: 7,
  tweetId: '7',
  twitterUserName: 'someone',
  message: 'hello',
  selected: true,
  reviewedBy: 'reviewer2',
});

/** A signed-in store whose outbox holds `writes`, with a bridge that answers nothing. */
function signedInStore(writes: WaitingWriteView[]) {
  setBridge(fakeBridge({}));
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  store.set(sessionAtom, signedIn);
  store.set(outboxAtom, view({ writes }));
  return store;
}

describe('a waiting decision on its card', () => {
  it('is shown made, marked waiting; the item as the server has it otherwise', () => {
    expect(withWaiting(keptTweet, [write()], 'reviewer1')).toMatchObject({
      selected: false,
      manuallyChanged: true,
    });
    expect(
      withWaiting(keptTweet, [write({ selected: null, reviewed: true })], 'reviewer1'),
    ).toMatchObject({ selected: true, reviewedBy: 'reviewer1' });
    // A conflict is not made: the item stays as the server has it.
    expect(withWaiting(keptTweet, [write({ state: 'conflict' })], 'reviewer1')).toBe(keptTweet);
    expect(withWaiting(keptTweet, [], 'reviewer1')).toBe(keptTweet);
  });

  it('a waiting Add Keyword leaves the decision as it is, and forgets the version', () => {
    const versioned = { ...keptTweet, version: 3 };
    const shown = withWaiting(versioned, [write({ selected: null })], 'reviewer1');
    expect(shown.selected).toBe(true);
    expect('version' in shown).toBe(false);
  });

  it('draws the card eliminated with its Waiting mark', () => {
    setBridge(fakeBridge({}));
    const store = createStore();
    store.set(appInfoAtom, appInfo);
    store.set(sessionAtom, signedIn);
    store.set(outboxAtom, view({ connection: 'unreachable', writes: [write()] }));
    render(
      <TestProviders store={store}>
        <LoneCard item={keptTweet} />
      </TestProviders>,
    );
    const mark = document.querySelector('[data-waiting="waiting"]');
    expect(mark?.textContent).toBe(OUTBOX_TEXTS.waitingMark);
    expect(mark?.getAttribute('title')).toBe(OUTBOX_TEXTS.waitingMarkHelp);
    expect(screen.getByText('Eliminated')).toBeTruthy();
  });

  it('taken out of the outbox unsent, it is no longer shown made, and the list is read again', () => {
    const waiting = write();
    const store = signedInStore([waiting]);
    const onChanged = vi.fn();
    render(
      <TestProviders store={store}>
        <LoneCard item={keptTweet} onChanged={onChanged} />
      </TestProviders>,
    );
    expect(screen.getByText('Eliminated')).toBeTruthy();
    act(() => {
      store.set(outboxAtom, view());
      store.set(dropItemAtom, waiting);
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Selected')).toBeTruthy();
    expect(document.querySelector('[data-waiting]')).toBeNull();
  });
});

describe('a card instance given another item (slotKeys.ts)', () => {
  it("follows the new item's waiting writes and drops, and none of the item before", () => {
    const waiting = write();
    const store = signedInStore([waiting]);
    const onChanged = vi.fn();
    const ui = (item: typeof keptTweet) => (
      <TestProviders store={store}>
        <LoneCard key="slot-1" item={item} onChanged={onChanged} />
      </TestProviders>
    );
    const { rerender } = render(ui(keptTweet));
    expect(document.querySelector('[data-waiting="waiting"]')).not.toBeNull();
    // One of the item's writes taken out unsent: the list is read again, once.
    act(() => store.set(dropItemAtom, waiting));
    expect(onChanged).toHaveBeenCalledTimes(1);
    const other = { ...keptTweet, id: 8 };
    rerender(ui(other));
    // The new item has had nothing dropped: no reading again for the card's change of item.
    expect(onChanged).toHaveBeenCalledTimes(1);
    act(() => store.set(outboxAtom, view()));
    expect(document.querySelector('[data-waiting]')).toBeNull();
    expect(screen.getByText('Selected')).toBeTruthy();
    // The item before is dropped again: not this card's business any more.
    act(() => store.set(dropItemAtom, waiting));
    expect(onChanged).toHaveBeenCalledTimes(1);
    act(() => store.set(outboxAtom, view({ writes: [write({ itemId: 8, target: 'tweet 8' })] })));
    expect(document.querySelector('[data-waiting="waiting"]')).not.toBeNull();
    act(() => store.set(dropItemAtom, write({ itemId: 8, target: 'tweet 8' })));
    expect(onChanged).toHaveBeenCalledTimes(2);
  });
});

describe('a list that could not be read again', () => {
  function Stale({ stale, reload }: { stale: boolean; reload(): void }) {
    useReloadWhenBack(stale, reload);
    return null;
  }

  it('is read again once the server answers again, and only then', () => {
    const store = createStore();
    const reload = vi.fn();
    store.set(outboxAtom, view({ connection: 'unreachable' }));
    const { rerender } = render(
      <TestProviders store={store}>
        <Stale stale reload={reload} />
      </TestProviders>,
    );
    expect(reload).not.toHaveBeenCalled();
    act(() => store.set(outboxAtom, view({ connection: 'reachable' })));
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => store.set(outboxAtom, view({ connection: 'unreachable' })));
    rerender(
      <TestProviders store={store}>
        <Stale stale={false} reload={reload} />
      </TestProviders>,
    );
    act(() => store.set(outboxAtom, view({ connection: 'reachable' })));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says the page is what was loaded before, with Try Again', () => {
    const retry = vi.fn();
    const { rerender } = render(
      <StaleListNotice
        stale={{ httpStatus: 0, message: 'Cannot reach the server.' }}
        onRetry={retry}
      />,
    );
    expect(screen.getByText(OUTBOX_TEXTS.pageOffline)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender(<StaleListNotice stale={{ httpStatus: 500, message: 'It broke.' }} onRetry={retry} />);
    expect(screen.getByText(`${OUTBOX_TEXTS.pageStale} It broke.`)).toBeTruthy();
  });
});

describe('sign-out with decisions waiting', () => {
  function Asker({ signOut }: { signOut(): void }) {
    const { ask, question } = useSignOutQuestion(signOut);
    return (
      <>
        <button onClick={ask}>Log Out</button>
        {question}
      </>
    );
  }

  function renderAsker(waiting: number) {
    const bridge = fakeBridge({
      'outbox.discardAll': () => ok({ message: `${waiting} waiting decisions discarded.` }),
    });
    setBridge(bridge);
    const signOut = vi.fn();
    const store = createStore();
    store.set(outboxAtom, view({ writes: Array.from({ length: waiting }, () => write()) }));
    render(
      <TestProviders store={store}>
        <Asker signOut={signOut} />
      </TestProviders>,
    );
    const sent = (channel: string) =>
      bridge.invoke.mock.calls.filter(([called]) => called === channel).length;
    return { signOut, sent };
  }

  it('signs out at once when nothing waits', async () => {
    const t = renderAsker(0);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(t.signOut).toHaveBeenCalledTimes(1));
  });

  it('asks, and Stay signed in does nothing', async () => {
    const t = renderAsker(2);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText(OUTBOX_TEXTS.signOutTitle(2))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: OUTBOX_TEXTS.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(t.signOut).not.toHaveBeenCalled();
    expect(t.sent('outbox.discardAll')).toBe(0);
  });

  it('Keep signs out and keeps them; Discard discards them first', async () => {
    const t = renderAsker(2);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    fireEvent.click(await screen.findByRole('button', { name: OUTBOX_TEXTS.signOutKeep }));
    await waitFor(() => expect(t.signOut).toHaveBeenCalledTimes(1));
    expect(t.sent('outbox.discardAll')).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    fireEvent.click(await screen.findByRole('button', { name: OUTBOX_TEXTS.signOutDiscard }));
    await waitFor(() => expect(t.signOut).toHaveBeenCalledTimes(2));
    expect(t.sent('outbox.discardAll')).toBe(1);
  });
});
