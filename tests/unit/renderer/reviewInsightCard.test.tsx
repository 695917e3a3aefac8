import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { extensionsAtom } from '../../../src/renderer/domain/insight/extensionsState';
import { KEYWORD_IMPACT_LABEL } from '../../../src/renderer/domain/insight/keywordImpactText';
import { appInfoAtom, sessionAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import type { ExtensionName } from '../../../src/shared/insight';
import type { JournalEntry, JournalPage } from '../../../src/shared/journal';
import type {
  HistoryEntryView,
  KeywordImpactView,
  WhyView,
} from '../../../src/shared/responses/insight';
import { appInfo, fail, fakeBridge, ok, signedIn } from './fakeBridge';
import type { Answers } from './reviewHarness';
import { LoneCard, reachCard, TestProviders } from './testProviders';

afterEach(() => setBridge(null));

const tweet = tweetItemRecord.parse({
  id: 7,
  tweetId: '7',
  twitterUserName: 'a',
  selected: true,
  nlpDecisionRatio: 0.612,
});
const ELIMINATE = 'PUT /twitter-service/manually-eliminate';
const localTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

const page = (entries: JournalEntry[]): JournalPage => ({
  entries,
  total: entries.length,
  folder: null,
  retentionDays: 90,
});

function journalEntry(over: Partial<JournalEntry>): JournalEntry {
  return {
    seq: 1,
    at: '2024-03-01T10:00:01Z',
    channel: 'review.decide',
    call: ELIMINATE,
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

const state = (over: Partial<HistoryEntryView['before']> = {}): HistoryEntryView['before'] => ({
  selected: true,
  manuallyChanged: false,
  reviewedBy: null,
  eliminatedKeyword: null,
  nlpDecisionRatio: 0.612,
  ...over,
});

function renderCard(offered: ExtensionName[], answers: Answers = {}) {
  const bridge = fakeBridge({
    'journal.list': () => ok(page([])),
    ...answers,
  });
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  store.set(sessionAtom, signedIn);
  store.set(
    extensionsAtom,
    offered.map((name) => ({ name, version: 1 })),
  );
  render(
    <TestProviders store={store}>
      <LoneCard item={tweet} />
    </TestProviders>,
  );
  // The pointer is on the card, as before any click on it (useLateKeywordForm.ts).
  reachCard(screen.getByRole('region', { name: `Item ${tweet.id}` }));
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { bridge, sent };
}

const WHY: WhyView = {
  itemId: 7,
  runId: 12,
  ratio: 0.612,
  towardKept: [
    { word: 'etf', weight: 0.4 },
    { word: 'bitcoin', weight: 1.236 },
  ],
  towardEliminated: [{ word: 'giveaway', weight: -2.5 }],
};

describe('Why? on a card', () => {
  it('is absent when the server does not offer model-runs', async () => {
    renderCard(['borderline', 'item-history', 'keyword-impact']);
    await screen.findByRole('button', { name: 'History of tweet 7' });
    expect(screen.queryByRole('button', { name: /^Why\?/ })).toBeNull();
  });

  it('shows the words toward kept and toward eliminated, strongest first, and the ratio', async () => {
    const { sent } = renderCard(['model-runs'], { 'insight.why': () => ok(WHY) });
    await userEvent.click(screen.getByRole('button', { name: 'Why? tweet 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why? tweet 7' });
    expect(sent('insight.why')).toEqual([{ filterType: 'tweets', id: 7 }]);
    await within(dialog).findByText(/The latest model \(run #12\) gives this item a ratio of/);
    expect(within(dialog).getByText('0.612')).toBeTruthy();
    const kept = within(dialog).getByRole('list', { name: 'Toward kept' });
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['bitcoin+1.24', 'etf+0.40']);
    const eliminated = within(dialog).getByRole('list', { name: 'Toward eliminated' });
    expect(
      within(eliminated)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['giveaway−2.50']);
  });

  it("says the server's message when no model has been trained yet", async () => {
    const message = 'No tweets model has been trained yet: press Model on Review.';
    renderCard(['model-runs'], { 'insight.why': () => fail(404, 'NOT_FOUND', message) });
    await userEvent.click(screen.getByRole('button', { name: 'Why? tweet 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why? tweet 7' });
    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', message);
    expect(within(dialog).queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('offers Try Again when the call failed otherwise', async () => {
    let calls = 0;
    renderCard(['model-runs'], {
      'insight.why': () => ((calls += 1) === 1 ? fail(502, 'BAD_GATEWAY', 'no answer') : ok(WHY)),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Why? tweet 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why? tweet 7' });
    expect(await within(dialog).findByText('no answer')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByRole('list', { name: 'Toward kept' })).toBeTruthy();
  });
});

describe("a card's History with and without item-history", () => {
  it('without it: the journal alone, and a sentence saying the server keeps none', async () => {
    const { sent } = renderCard([], {
      'journal.list': () => ok(page([journalEntry({})])),
    });
    await userEvent.click(screen.getByRole('button', { name: 'History of tweet 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of tweet 7' });
    await within(dialog).findByText('manually-eliminate');
    expect(
      within(dialog).getByText(
        'This server does not keep item history: these are your own writes from this computer.',
      ),
    ).toBeTruthy();
    expect(sent('insight.history')).toEqual([]);
  });

  it("with it: the server's writes merged with the journal, a write in both shown once", async () => {
    const server: HistoryEntryView[] = [
      {
        at: '2024-03-01T09:00:00Z',
        actor: 'reviewer3',
        call: 'POST /nlp-service/create-tweet-model',
        source: 'model',
        bulkRunId: null,
        modelRunId: 12,
        before: state({ nlpDecisionRatio: 0.4 }),
        after: state(),
      },
      {
        at: '2024-03-01T10:00:00Z',
        actor: 'reviewer1',
        call: ELIMINATE,
        source: 'single',
        bulkRunId: null,
        modelRunId: null,
        before: state(),
        after: state({ selected: false, manuallyChanged: true, reviewedBy: 'reviewer1' }),
      },
      {
        at: '2024-03-01T11:00:00Z',
        actor: 'reviewer2',
        call: 'PUT /twitter-service/manually-select',
        source: 'bulk',
        bulkRunId: 'feedbeef-1234',
        modelRunId: null,
        before: state({ selected: false, manuallyChanged: true, reviewedBy: 'reviewer1' }),
        after: state({ manuallyChanged: true, reviewedBy: 'reviewer2' }),
      },
    ];
    const mine = journalEntry({ seq: 3 });
    const refused = journalEntry({
      seq: 4,
      at: '2024-03-01T10:30:00Z',
      outcome: 'failed',
      status: 409,
      message: 'changed by someone else',
    });
    const { bridge, sent } = renderCard(['item-history'], {
      'journal.list': () => ok(page([refused, mine])),
      'insight.history': () => ok(server),
    });
    await userEvent.click(screen.getByRole('button', { name: 'History of tweet 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of tweet 7' });
    await within(dialog).findByText('manually-select');
    expect(sent('insight.history')).toEqual([{ filterType: 'tweets', id: 7 }]);
    const rows = within(dialog)
      .getAllByRole('row')
      .filter((row) => row.querySelector('td'));
    expect(
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).toEqual([
      [
        localTime(server[2]!.at),
        'reviewer2',
        'manually-select',
        'eliminated → kept; reviewed by reviewer1 → reviewer2',
        'Bulk run feedbeef',
        'Server',
      ],
      [
        localTime(refused.at),
        'You',
        'manually-eliminate',
        'failedchanged by someone else',
        'Single write',
        'This computer',
      ],
      [
        localTime(mine.at),
        'reviewer1',
        'manually-eliminate',
        'kept → eliminated; reviewed by none → reviewer1; manually changed no → yes',
        'Single write',
        'Server and this computer',
      ],
      [
        localTime(server[0]!.at),
        'reviewer3',
        'create-tweet-model',
        'ratio 0.400 → 0.612',
        'Model run #12',
        'Server',
      ],
    ]);
    expect(within(dialog).queryByText(/This server does not keep item history/)).toBeNull();

    // A new write of the user's to this item: both are read again.
    act(() => bridge.push({ type: 'journal.appended', entry: journalEntry({ seq: 9 }) }));
    await waitFor(() => expect(sent('insight.history')).toHaveLength(2));
    expect(sent('journal.list')).toHaveLength(2);
  });

  it("still shows the journal when the server's history cannot be read", async () => {
    renderCard(['item-history'], {
      'journal.list': () => ok(page([journalEntry({})])),
      'insight.history': () => fail(500, 'SERVER', 'database down'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'History of tweet 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of tweet 7' });
    expect(
      await within(dialog).findByText(
        "The server's history of this item could not be read: database down",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('manually-eliminate')).toBeTruthy();
  });
});

describe("the card's keyword preview", () => {
  const impact: KeywordImpactView = {
    keyword: 'bitcoin',
    services: [
      { service: 'tweets', total: 3, kept: 2, eliminated: 1, reviewed: 0, recent: [] },
      { service: 'news', total: 0, kept: 0, eliminated: 0, reviewed: 0, recent: [] },
    ],
  };

  it('shows under the keyword box while typing when offered', async () => {
    const { sent } = renderCard(['keyword-impact'], {
      'insight.keywordImpact': () => ok(impact),
    });
    const form = screen.getByRole('form', { name: 'Keyword form 7' });
    // A draft another test typed may be back (drafts.ts): start from an empty box.
    await userEvent.clear(within(form).getByLabelText('Keyword'));
    await userEvent.type(within(form).getByLabelText('Keyword'), 'bitcoin');
    expect(await within(form).findByRole('region', { name: KEYWORD_IMPACT_LABEL })).toBeTruthy();
    await waitFor(() => expect(sent('insight.keywordImpact')).toEqual([{ keyword: 'bitcoin' }]));
  });

  it('is absent without keyword-impact', async () => {
    renderCard([]);
    const form = screen.getByRole('form', { name: 'Keyword form 7' });
    // A draft another test typed may be back (drafts.ts): start from an empty box.
    await userEvent.clear(within(form).getByLabelText('Keyword'));
    await userEvent.type(within(form).getByLabelText('Keyword'), 'bitcoin');
    expect((within(form).getByLabelText('Keyword') as HTMLInputElement).value).toBe('bitcoin');
    expect(within(form).queryByRole('region', { name: KEYWORD_IMPACT_LABEL })).toBeNull();
  });
});
