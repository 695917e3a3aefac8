/**
 * The Disagreements list of the team audit (the audit extension): drawn only for a team sample the
 * server offers it for; each item with its message, both answers and the classifier's decision;
 * Keep or Eliminate settles it at the version listed; a refusal says why on the item.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  DISAGREEMENT_TEXTS,
  DisagreementsPanel,
} from '../../../src/renderer/features/quality/DisagreementsPanel';
import type { Envelope } from '../../../src/shared/bridge';
import type { AuditProgress } from '../../../src/shared/quality/auditChannels';
import {
  SETTLE_CODES,
  type AuditDisagreement,
  type AuditDisagreements,
} from '../../../src/shared/quality/teamAuditChannels';
import { fail, fakeBridge, ok } from './fakeBridge';
import { TestProviders } from './testProviders';

afterEach(() => setBridge(null));

const progress = (source: 'team' | 'own'): AuditProgress => ({
  sample: null,
  answeredToday: 0,
  source,
});

const DISAGREEMENT: AuditDisagreement = {
  sampleItemId: 41,
  source: 'tweets',
  itemId: 7,
  classifierKept: true,
  ratio: 0.81,
  answers: [
    { reviewer: 'reviewer1', answerKept: true, answeredAt: '2026-01-01T10:00:00.000Z' },
    { reviewer: 'reviewer2', answerKept: false, answeredAt: '2026-01-01T10:05:00.000Z' },
  ],
  version: 5,
  card: {
    source: 'tweets',
    itemId: 7,
    message: 'BTC giveaway, click now',
    url: null,
    detectTime: null,
    tweetTime: null,
    twitterUserName: 'spam_bot',
    website: null,
    accountName: null,
    detectedKeyword: ['btc'],
    currencies: [],
    markets: [],
    tags: [],
  },
};

function renderPanel(
  source: 'team' | 'own',
  lists: AuditDisagreements[],
  settle: (payload: unknown) => Envelope<unknown> = () => fail(500, 'NO_FAKE', 'none'),
) {
  let read = 0;
  const bridge = fakeBridge({
    'audit.disagreements': () => ok(lists[Math.min(read++, lists.length - 1)]),
    'audit.settle': settle,
  });
  setBridge(bridge);
  render(
    <TestProviders store={createStore()}>
      <DisagreementsPanel progress={progress(source)} />
    </TestProviders>,
  );
  const sent = (channel: string) =>
    bridge.invoke.mock.calls.filter(([called]) => called === channel).map(([, payload]) => payload);
  return { sent };
}

const OPEN: AuditDisagreements = { offered: true, disagreements: [DISAGREEMENT] };
const NONE: AuditDisagreements = { offered: true, disagreements: [] };

describe('the Disagreements list', () => {
  it("is not drawn for the user's own sample, nor when the server does not offer it", async () => {
    const own = renderPanel('own', [OPEN]);
    expect(screen.queryByText(DISAGREEMENT_TEXTS.title)).toBeNull();
    expect(own.sent('audit.disagreements')).toEqual([]);
    setBridge(null);

    const absent = renderPanel('team', [{ offered: false, disagreements: [] }]);
    await waitFor(() => expect(absent.sent('audit.disagreements')).toHaveLength(1));
    expect(screen.queryByText(DISAGREEMENT_TEXTS.title)).toBeNull();
  });

  it('shows both answers and the classifier, and settles at the version listed', async () => {
    const { sent } = renderPanel('team', [OPEN, NONE], (payload) =>
      ok({ ...(payload as object), source: 'tweets', itemId: 7, finalKept: false }),
    );
    const item = await screen.findByRole('listitem', { name: 'tweet 7' });
    expect(within(item).getByText('BTC giveaway, click now')).toBeTruthy();
    expect(item.textContent).toContain(
      'reviewer1: Keep · reviewer2: Eliminate · Classifier: Kept (ratio 0.81)',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Eliminate' }));
    await screen.findByText(DISAGREEMENT_TEXTS.settled(false));
    expect(sent('audit.settle')).toEqual([{ sampleItemId: 41, decision: 'eliminate', version: 5 }]);
    // Read again: the settled item has left the list.
    await screen.findByText(DISAGREEMENT_TEXTS.none);
  });

  it.each([
    [403, SETTLE_CODES.ownAnswer, DISAGREEMENT_TEXTS.ownAnswer],
    [412, SETTLE_CODES.changed, DISAGREEMENT_TEXTS.changed],
    [409, SETTLE_CODES.notOpen, DISAGREEMENT_TEXTS.notOpen],
  ])('says why a settlement was refused (%i)', async (status, code, text) => {
    const { sent } = renderPanel('team', [OPEN], () => fail(status, code, 'the server said no'));
    const item = await screen.findByRole('listitem', { name: 'tweet 7' });
    await userEvent.click(within(item).getByRole('button', { name: 'Keep' }));
    await screen.findByText(text);
    if (status === 412) {
      const reads = sent('audit.disagreements').length;
      await userEvent.click(screen.getByRole('button', { name: DISAGREEMENT_TEXTS.reload }));
      await waitFor(() => expect(sent('audit.disagreements').length).toBe(reads + 1));
      await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    }
  });
});
