import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { extensionsAtom } from '../../../src/renderer/domain/insight/extensionsState';
import { prefsViewAtom } from '../../../src/renderer/domain/prefs/prefsState';
import ReviewPage from '../../../src/renderer/features/review/ReviewPage';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import type { Envelope } from '../../../src/shared/bridge';
import type { StoryMembers, StoryView } from '../../../src/shared/responses/stories';
import type { RunView } from '../../../src/shared/runs';
import { appInfo, fail, fakeBridge, ok } from './fakeBridge';
import { runView } from './runViewFixture';
import { storiesUnavailable } from '../../../src/renderer/features/review/StoriesSwitch';
import { DEFAULT_PREFS } from '../../../src/shared/prefs';
import { TestProviders } from './testProviders';

afterEach(() => setBridge(null));

const ITEMS = [201, 202, 203].map((id) =>
  tweetItemRecord.parse({ id, tweetId: `t-${id}`, twitterUserName: `user${id}`, selected: true }),
);

const STORY: StoryView = {
  id: 77,
  leadId: 201,
  members: 3,
  firstTime: '2026-11-21T10:00:00.000Z',
  lastTime: '2026-11-21T12:00:00.000Z',
  decision: null,
  decidedBy: null,
  decidedAt: null,
  inherit: true,
  version: 4,
};

const MEMBERS: StoryMembers = {
  story: STORY,
  members: [
    {
      id: 201,
      source: 'zentra_labs',
      detectTime: STORY.firstTime,
      selected: true,
      manuallyChanged: false,
      reviewedBy: null,
      inherited: false,
    },
    {
      id: 901,
      source: 'fan_one',
      detectTime: STORY.firstTime,
      selected: false,
      manuallyChanged: true,
      reviewedBy: null,
      inherited: true,
    },
    {
      id: 902,
      source: 'fan_two',
      detectTime: STORY.lastTime,
      selected: true,
      manuallyChanged: true,
      reviewedBy: 'reviewer2',
      inherited: false,
    },
  ],
};

const run = (over: Partial<RunView>): RunView =>
  runView({ id: 'run-00000077', createdAt: '2026-11-21T10:00:00Z', ...over });

function renderPage(
  offered: boolean,
  answers: Record<string, (payload: unknown) => Envelope<unknown>> = {},
  options: { storiesKept?: boolean; extensionsLater?: boolean } = {},
) {
  const bridge = fakeBridge({
    'review.list': () => ok({ items: ITEMS, total: ITEMS.length, reviewed: 0 }),
    'review.getKeywords': () => ok([]),
    'runs.discard': () => ok(null),
    // 201 leads a story of three; 203 is a story of its own.
    'stories.ofItems': () =>
      ok([
        { itemId: 201, story: STORY },
        { itemId: 203, story: { ...STORY, id: 78, leadId: 203, members: 1 } },
      ]),
    'stories.members': () => ok(MEMBERS),
    ...answers,
  });
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  const offeredList = offered ? [{ name: 'stories', version: 2 }] : [];
  store.set(extensionsAtom, options.extensionsLater ? null : offeredList);
  if (options.storiesKept)
    store.set(prefsViewAtom, {
      prefs: { ...DEFAULT_PREFS, stories: true },
      sessionStartedAt: null,
    });
  render(
    <TestProviders store={store}>
      <MemoryRouter initialEntries={['/filter']}>
        <ReviewPage />
      </MemoryRouter>
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { bridge, sent, answerExtensions: () => store.set(extensionsAtom, offeredList) };
}

const openStory = async () => {
  await userEvent.click(
    await screen.findByRole('button', { name: '+2 similar: open the story of 3 items' }),
  );
  return screen.findByRole('dialog', { name: 'Story 77: 3 items' });
};

describe('stories on Review (the stories extension)', () => {
  it('marks a card whose story has copies with "+2 similar", and no other card', async () => {
    const { sent } = renderPage(true);
    const button = await screen.findByRole('button', {
      name: '+2 similar: open the story of 3 items',
    });
    expect(button.textContent).toBe('+2 similar');
    expect(screen.getAllByRole('button', { name: /similar: open the story/ })).toHaveLength(1);
    expect(sent('stories.ofItems')).toEqual([{ filterType: 'tweets', ids: [201, 202, 203] }]);
  });

  it('asks nothing and shows no mark against a server without stories', async () => {
    const { sent } = renderPage(false);
    await screen.findByRole('region', { name: 'Item 201' });
    expect(sent('stories.ofItems')).toEqual([]);
    expect(screen.queryByRole('button', { name: /similar: open the story/ })).toBeNull();
  });

  it('opens the story: its members with account, time and state, and no serious axe violation', async () => {
    renderPage(true);
    const drawer = await openStory();
    await within(drawer).findByText('zentra_labs');
    // The lead (the card Review shows with Stories on) is marked, and only it.
    expect(within(drawer).getAllByText('Lead')).toHaveLength(1);
    expect(within(drawer).getByText('Lead').closest('td')?.textContent).toBe('zentra_labs Lead');
    expect(
      within(drawer).getByText('Not decided yet: each copy waits for a reviewer.'),
    ).toBeTruthy();
    expect(within(drawer).getByText('Eliminated, from the story')).toBeTruthy();
    expect(within(drawer).getByText('Selected, reviewed by reviewer2')).toBeTruthy();
    const results = await axe.run(drawer, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);
  });

  it('decides the story as one run over its members, as shown (its version)', async () => {
    const { sent } = renderPage(true, {
      'runs.prepare': () => ok(run({ status: 'ready' })),
      'runs.start': () => ok(run({ status: 'running' })),
    });
    const drawer = await openStory();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Eliminate all 3' }));
    await waitFor(() => expect(sent('runs.start')).toEqual([{ id: 'run-00000077' }]));
    expect(sent('runs.prepare')).toEqual([
      {
        filterType: 'tweets',
        action: 'eliminate',
        scope: { kind: 'story', storyId: 77, version: 4 },
      },
    ]);
    expect(
      await screen.findByText('Eliminating 3 items of the story: progress is in the top bar.'),
    ).toBeTruthy();
  });

  it('says why when the story changed since it was shown, and starts nothing', async () => {
    const { sent } = renderPage(true, {
      'runs.prepare': () =>
        fail(409, 'STORY_CHANGED', 'Story 77 changed since it was shown: nothing was written.'),
    });
    const drawer = await openStory();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Select all 3' }));
    expect(await screen.findByText(/Select all: Story 77 changed since it was shown/)).toBeTruthy();
    expect(sent('runs.start')).toEqual([]);
  });

  it('splits a member off and turns inheritance off, each sent with what was shown', async () => {
    const { sent } = renderPage(true, {
      'stories.split': () => ok({ from: STORY, to: { ...STORY, id: 79 } }),
      'stories.inherit': () => ok({ ...STORY, inherit: false }),
    });
    const drawer = await openStory();
    await userEvent.click(
      await within(drawer).findByRole('button', {
        name: 'Split off item 902 into a story of its own',
      }),
    );
    await waitFor(() =>
      expect(sent('stories.split')).toEqual([{ filterType: 'tweets', id: 77, itemId: 902 }]),
    );
    expect(await screen.findByText('Item 902 is now a story of its own.')).toBeTruthy();
    await userEvent.click(
      within(drawer).getByRole('switch', { name: 'Later copies take the story’s decision' }),
    );
    await waitFor(() =>
      expect(sent('stories.inherit')).toEqual([
        { filterType: 'tweets', id: 77, inherit: false, version: 4 },
      ]),
    );
  });

  it('lists one card per story with Stories on, kept per user, and says so in the header', async () => {
    const { sent } = renderPage(true, {
      'review.list': (payload) =>
        (payload as { stories?: boolean }).stories
          ? ok({ items: [ITEMS[0]], total: 41, reviewed: 5, view: 'stories' })
          : ok({ items: ITEMS, total: ITEMS.length, reviewed: 0, view: 'items' }),
      'prefs.setStories': (payload) => ok({ ...DEFAULT_PREFS, ...(payload as object) }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Stories' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(await screen.findByRole('status', { name: 'Result range' })).toHaveProperty(
      'textContent',
      'You see ( 0 - 3 ) of 3 results',
    );
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Result range' }).textContent).toBe(
        'You see ( 0 - 1 ) of 41 stories',
      ),
    );
    expect(screen.getAllByRole('region', { name: /^Item / })).toHaveLength(1);
    expect(sent('prefs.setStories')).toEqual([{ stories: true }]);
    expect(sent('review.list').at(-1)).toMatchObject({ filterType: 'tweets', stories: true });
    expect(screen.getByRole('switch', { name: 'Stories' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('with Stories kept on, waits for the server’s extensions before the first list', async () => {
    const { sent, answerExtensions } = renderPage(
      true,
      {
        'review.list': (payload) =>
          ok({
            items: [ITEMS[0]],
            total: 9,
            reviewed: 0,
            view: (payload as { stories?: boolean }).stories ? 'stories' : 'items',
          }),
      },
      { storiesKept: true, extensionsLater: true },
    );
    await screen.findByRole('form', { name: 'Review filter' });
    expect(sent('review.list')).toEqual([]);
    act(() => answerExtensions());
    expect(await screen.findByRole('status', { name: 'Result range' })).toHaveProperty(
      'textContent',
      'You see ( 0 - 1 ) of 9 stories',
    );
    expect(sent('review.list')).toEqual([expect.objectContaining({ stories: true })]);
  });

  it('shows no Stories switch against a server without stories, and never asks for stories', async () => {
    const { sent } = renderPage(false);
    await screen.findByRole('region', { name: 'Item 201' });
    expect(screen.queryByRole('switch', { name: 'Stories' })).toBeNull();
    expect(sent('review.list').every((p) => !(p as { stories?: boolean }).stories)).toBe(true);
  });

  it('says why Stories cannot list: My queue, a data-id search, the insight filters', () => {
    expect(storiesUnavailable({ queue: false, searchWithDataId: true, insight: false })).toBe(
      'A search by data id shows one item: Stories does not apply.',
    );
    expect(storiesUnavailable({ queue: true, searchWithDataId: false, insight: true })).toMatch(
      /^My queue/,
    );
    expect(storiesUnavailable({ queue: false, searchWithDataId: false, insight: true })).toMatch(
      /Borderline first, Ratio between or a model run’s items/,
    );
    expect(storiesUnavailable({ queue: false, searchWithDataId: false, insight: false })).toBe(
      null,
    );
  });
});
