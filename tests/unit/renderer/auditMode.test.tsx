import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  AUDIT_COMPLETE_TEXT,
  AUDIT_CONFLICT_TEXT,
} from '../../../src/renderer/features/review/auditTexts';
import ReviewPage from '../../../src/renderer/features/review/ReviewPage';
import { ANSWER_STAYS_COUNTED } from '../../../src/renderer/features/review/useAuditMode';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import type { Envelope } from '../../../src/shared/bridge';
import type { ItemConflict } from '../../../src/shared/conflict';
import {
  AUDIT_MESSAGES,
  type AuditProgress,
  type AuditReveal,
} from '../../../src/shared/quality/auditChannels';
import type { BlindCard } from '../../../src/shared/quality/blindCard';
import { appInfo, fail, fakeBridge, ok } from './fakeBridge';
import { TestProviders } from './testProviders';

afterEach(() => setBridge(null));

const strata = (answered: number) =>
  (['tweets', 'news'] as const).flatMap((source) =>
    [true, false].map((classifierKept) => ({
      key: `${source}:${classifierKept ? 'kept' : 'eliminated'}`,
      source,
      classifierKept,
      population: 500,
      drawn: 50,
      answered: source === 'tweets' && classifierKept ? answered : 0,
    })),
  );

function progress(answered: number): AuditProgress {
  return {
    sample: {
      id: 'sample-1',
      window: { from: '2024-04-24T00:00', to: '2024-05-01T00:00' },
      drawnAt: '2024-05-01T00:00:00Z',
      size: 200,
      drawn: 200,
      answered,
      strata: strata(answered),
      emptyStrata: [],
    },
    answeredToday: answered,
  };
}

const card = (itemId: number): BlindCard => ({
  source: 'tweets',
  itemId,
  message: `Bitcoin rallies again ${itemId}`,
  url: 'https://example.com/t',
  detectTime: '2024-04-30T08:05:59',
  tweetTime: '2024-04-30T08:00:00',
  twitterUserName: `coinfan${itemId}`,
  website: null,
  accountName: null,
  detectedKeyword: ['bitcoin'],
  currencies: [],
  markets: [],
  tags: [],
});

/** The classifier kept the item with ratio 0.93; `keep` is the answer. */
function reveal(keep: boolean, decision: Partial<AuditReveal['decision']> = {}): AuditReveal {
  return {
    answer: {
      itemId: 7,
      stratum: { source: 'tweets', classifierKept: true },
      answerKept: keep,
      reviewer: 'reviewer1',
      answeredAt: '2024-05-01T10:00:00Z',
      groups: { keywords: ['bitcoin'], origin: 'coinfan7', day: '2024-04-30', modelRun: null },
    },
    classifierKept: true,
    ratio: 0.93,
    agreed: keep,
    decision: { sent: true, undoId: 'undo-1', cannotUndo: null, conflict: null, ...decision },
    progress: progress(1),
  };
}

type Answers = Record<string, (payload: unknown) => Envelope<unknown>>;

function renderAt(path: string, answers: Answers) {
  const bridge = fakeBridge(answers);
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  render(
    <TestProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ReviewPage />
      </MemoryRouter>
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  const channels = () => new Set(bridge.invoke.mock.calls.map(([called]) => called as string));
  return { sent, channels };
}

/** Answers audit.next from a list, one card a call, then null. */
function cardsInTurn(...cards: BlindCard[]) {
  let index = 0;
  return () => ok(cards[index++] ?? null);
}

describe('Audit mode on Review', () => {
  it('shows a blind card, answers s as Keep, reveals both sides, and goes on by n and Enter', async () => {
    const answers: Envelope<unknown>[] = [
      ok(reveal(true)),
      fail(409, 'ALREADY_ANSWERED', AUDIT_MESSAGES.alreadyAnswered),
    ];
    const { sent, channels } = renderAt('/filter?audit=1', {
      'audit.current': () => ok(progress(0)),
      'audit.next': cardsInTurn(card(7), card(8)),
      'audit.answer': () => answers.shift()!,
    });
    const region = await screen.findByRole('region', { name: 'Audit card' });
    expect(region.textContent).toContain('Bitcoin rallies again 7');
    expect(region.textContent).toContain('@coinfan7');
    expect(screen.getByText('0 of 200 answered')).toBeTruthy();

    // Blind: the page holds neither the decision nor the ratio, and asked nothing that would
    // tell them (no item read, no live watch, no claim marks).
    const body = document.body.innerHTML;
    for (const revealing of ['0.93', 'ratio', 'classifier had', 'agreed', 'Selected'])
      expect(body).not.toContain(revealing);
    expect(region.textContent).not.toMatch(/kept|eliminated|reviewed|selected/i);
    expect([...channels()].sort()).toEqual(['audit.current', 'audit.next']);

    await userEvent.keyboard('s');
    expect(
      await screen.findByText('The classifier had kept it (ratio 0.93). You agreed.'),
    ).toBeTruthy();
    expect(sent('audit.answer')).toEqual([{ source: 'tweets', itemId: 7, keep: true }]);
    expect(screen.getByText('1 of 200 answered')).toBeTruthy();
    // The answer is a decision, offered for undo; undoing it leaves the answer counted.
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(screen.getAllByText(ANSWER_STAYS_COUNTED).length).toBeGreaterThan(0);
    // s again on an answered card sends nothing.
    await userEvent.keyboard('s');
    expect(sent('audit.answer')).toHaveLength(1);

    await userEvent.keyboard('n');
    expect(await screen.findByText('Bitcoin rallies again 8')).toBeTruthy();
    expect(screen.queryByText(/The classifier had/)).toBeNull();
    await userEvent.keyboard('e');
    expect(await screen.findByText(AUDIT_MESSAGES.alreadyAnswered)).toBeTruthy();
    expect(sent('audit.answer')).toEqual([
      { source: 'tweets', itemId: 7, keep: true },
      { source: 'tweets', itemId: 8, keep: false },
    ]);
    expect(screen.queryByText(/The classifier had/)).toBeNull();
    expect(channels().has('live.watch')).toBe(false);

    // Next has the focus; Enter goes on, and the sample is done.
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(AUDIT_COMPLETE_TEXT)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'See the estimates on the Quality screen' })
        .getAttribute('href'),
    ).toBe('/quality');

    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help.textContent).toContain(
      'In Audit mode: s answers Keep, e answers Eliminate, and n or ] or Enter goes to the next card once it is answered.',
    );
  });

  it('Eliminate by click is sent as such; a decision conflict is said with the answer counted, and Apply mine sends it', async () => {
    const conflict: ItemConflict = {
      filterType: 'tweets',
      id: 7,
      changes: [{ field: 'selected', shown: true, now: false }],
      by: 'reviewer2',
      at: null,
      foundAt: '2024-05-01T10:00:00Z',
      current: tweetItemRecord.parse({
        id: 7,
        tweetId: 't-7',
        twitterUserName: 'coinfan7',
        selected: false,
      }),
    };
    const { sent } = renderAt('/filter?audit=1', {
      'audit.current': () => ok(progress(0)),
      'audit.next': cardsInTurn(card(7)),
      'audit.answer': () => ok(reveal(false, { sent: false, undoId: null, conflict })),
      'review.manualChange': () => ok({ undoId: 'undo-2', cannotUndo: null }),
    });
    await screen.findByRole('region', { name: 'Audit card' });
    const main = document.body;
    const { violations } = await axe.run(main, { resultTypes: ['violations'] });
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminate' }));
    expect(
      await screen.findByText('The classifier had kept it (ratio 0.93). You disagreed.'),
    ).toBeTruthy();
    expect(sent('audit.answer')).toEqual([{ source: 'tweets', itemId: 7, keep: false }]);
    expect(screen.getByText(/^Eliminated by reviewer2/)).toBeTruthy();
    expect(screen.getByText(AUDIT_CONFLICT_TEXT)).toBeTruthy();
    // Nothing was sent, so nothing to undo.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();

    // Apply mine sends the answer's decision over the change, as a card's would.
    await userEvent.click(screen.getByRole('button', { name: 'Apply mine' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(sent('review.manualChange')).toEqual([
      {
        filterType: 'tweets',
        tweetId: 't-7',
        twitterUserName: 'coinfan7',
        keyword: null,
        keywordType: null,
        unwantedUsage: null,
        case: 'manually-eliminate',
        shown: { id: 7, selected: false, reviewedBy: null },
        applyAnyway: true,
      },
    ]);
    expect(screen.queryByText(/^Eliminated by reviewer2/)).toBeNull();
  });

  it('without a sample offers Start an audit with the defaults, and says why an empty window drew none', async () => {
    const empty = AUDIT_MESSAGES.emptyWindow('2024-04-24T00:00', '2024-05-01T00:00');
    const starts: Envelope<unknown>[] = [fail(409, 'AUDIT_EMPTY_WINDOW', empty), ok(progress(0))];
    const { sent } = renderAt('/filter?audit=1', {
      'audit.current': () => ok({ sample: null, answeredToday: 0 }),
      'audit.start': () => starts.shift()!,
      'audit.next': cardsInTurn(card(7)),
    });
    expect(await screen.findByText('There is no audit sample yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start an audit' }));
    expect(await screen.findByText(empty)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Audit card' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start an audit' }));
    expect(await screen.findByRole('region', { name: 'Audit card' })).toBeTruthy();
    expect(sent('audit.start')).toEqual([{}, {}]);
    expect(screen.getByText('0 of 200 answered')).toBeTruthy();
  });
});

describe('the audited items a Quality figure links to', () => {
  it('shows exactly the linked ids, marks a missing one, and leads back to the list and to Audit mode', async () => {
    const { sent } = renderAt('/filter?audited=tweets:7,8,9', {
      'review.findById': (payload) => {
        const { id } = payload as { id: number };
        return id === 8
          ? fail(404, 'NOT_FOUND', 'not found')
          : ok(tweetItemRecord.parse({ id, tweetId: `t-${id}`, twitterUserName: `user${id}` }));
      },
      'review.getKeywords': () => ok([]),
      'review.list': () => ok({ items: [], total: 0, reviewed: 0 }),
      'audit.current': () => ok({ sample: null, answeredToday: 0 }),
    });
    expect(await screen.findByRole('heading', { name: '3 audited items' })).toBeTruthy();
    expect(await screen.findByText('@user7')).toBeTruthy();
    expect(screen.getByText('@user9')).toBeTruthy();
    expect(screen.queryByText('@user8')).toBeNull();
    const notShown = screen.getByRole('list', { name: 'Audited items not shown' });
    expect(notShown.textContent).toContain('tweet 8: missing');
    expect(
      sent('review.findById').sort((a, b) => (a as { id: number }).id - (b as { id: number }).id),
    ).toEqual([7, 8, 9].map((id) => ({ filterType: 'tweets', id })));
    expect(sent('review.list')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByText('No items match this filter')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Audit$/ }));
    expect(await screen.findByRole('button', { name: 'Start an audit' })).toBeTruthy();
  });
});
