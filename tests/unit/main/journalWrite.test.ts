import { describe, expect, it } from 'vitest';
import { callContext } from '../../../src/main/core/bridge/callContext';
import { BridgeFailure } from '../../../src/main/core/bridgeFailure';
import { silentLogger } from '../../../src/main/core/log';
import { Decisions } from '../../../src/main/core/runs/decisions';
import type { ReviewCalls } from '../../../src/main/core/runs/reviewCalls';
import { journalWrite } from '../../../src/main/core/writes/journalWrite';
import { UserJournals } from '../../../src/main/core/writes/userJournals';
import type { JournalEntry } from '../../../src/shared/journal';
import { CANNOT_UNDO } from '../../../src/shared/runs';

/** The outbox is outbox.ts's (tests/unit/main/outbox/): here every decision is sent at once. */
const passThroughOutbox = { decide: <T>(_made: unknown, first: () => Promise<T>) => first() };

/**
 * The one wrapper of every write (writes/journalWrite.ts): a card's decision is its declared call
 * with what the card showed, journalled with that state before and offered for undo; the same call
 * without it is a screen's plain write.
 */

const tweetChange = {
  filterType: 'tweets',
  case: 'manually-eliminate',
  tweetId: '1234567890',
  twitterUserName: 'satoshi',
  keyword: null,
  keywordType: 'NO_FILTER',
  unwantedUsage: null,
};

/** Journals kept in memory; each appended entry is pushed to `appended`. */
function memoryJournals(appended: JournalEntry[] = []) {
  return new UserJournals({
    root: null,
    apiUrl: 'http://127.0.0.1:1',
    retentionDays: 30,
    log: silentLogger,
    onAppended: (entry) => appended.push(entry),
  });
}

function setUp(answer: (fields: Record<string, unknown>) => Promise<unknown> = async () => null) {
  const appended: JournalEntry[] = [];
  const journals = memoryJournals(appended);
  // Undo's own calls are not asked here (tests/unit/main/bulkRuns.test.ts undoes against a provider).
  const decisions = new Decisions({ calls: {} as ReviewCalls, journals });
  const sent: Record<string, unknown>[] = [];
  /** The reviewer each sent write named. */
  const names: string[] = [];
  const user = { name: 'reviewer1' as string | null };
  const handler = (channel: 'review.manualChange' | 'review.addEliminatedKeyword') =>
    journalWrite(
      channel,
      async (fields, session, onStatus) => {
        names.push(session('username'));
        sent.push(fields);
        const answered = await answer(fields);
        onStatus(200);
        return answered;
      },
      // The check against what the card showed is conflictCheck's (tests/unit/main/conflictCheck.test.ts): here every item is as shown.
      {
        journals,
        decisions,
        conflicts: { send: (_type, _shown, _user, send) => send() },
        outbox: passThroughOutbox,
      },
    );
  const context = callContext(() => user.name);
  return { handler, appended, sent, names, user, context };
}

describe("a card's decision, journalled by the one write wrapper", () => {
  it('journals the state the card showed and offers undo when it flipped the item', async () => {
    const { handler, appended, sent, names, context } = setUp();
    const shown = { id: 7, selected: true, reviewedBy: null };
    const result = await handler('review.manualChange')({ ...tweetChange, shown }, context);
    expect(result).toEqual({ undoId: expect.any(String), cannotUndo: CANNOT_UNDO.manuallyChanged });
    // What the card showed is core's to read: it is not sent. The reviewer is the signed-in user.
    expect(sent).toEqual([tweetChange]);
    expect(names).toEqual(['reviewer1']);
    expect(appended).toEqual([
      expect.objectContaining({
        channel: 'review.manualChange',
        call: 'PUT /twitter-service/manually-eliminate',
        area: 'review',
        target: 'tweet 7',
        before: { selected: true, reviewedBy: null },
        outcome: 'ok',
        status: 200,
        runId: null,
      }),
    ]);
  });

  it('offers no undo for a decision that left the item as it was, and says a keyword stays', async () => {
    const { handler, context } = setUp();
    const kept = { id: 7, selected: false, reviewedBy: 'reviewer3' };
    expect(await handler('review.manualChange')({ ...tweetChange, shown: kept }, context)).toEqual({
      undoId: null,
      cannotUndo: null,
    });
    const flipped = await handler('review.manualChange')(
      { ...tweetChange, keyword: 'scam', shown: { ...kept, selected: true } },
      context,
    );
    expect(flipped).toMatchObject({
      cannotUndo: `${CANNOT_UNDO.keyword} ${CANNOT_UNDO.manuallyChanged}`,
    });
  });

  it('the same call without what a card showed is a plain write: its answer, no state before', async () => {
    const { handler, appended, context } = setUp();
    expect(await handler('review.manualChange')(tweetChange, context)).toBeNull();
    expect(appended).toEqual([
      expect.objectContaining({ target: 'tweetId 1234567890', before: null, outcome: 'ok' }),
    ]);
  });

  it('a failed decision is journalled as failed and thrown on; nothing is offered', async () => {
    const { handler, appended, context } = setUp(async () => {
      throw new BridgeFailure(502, 'DOWN', 'the service is down');
    });
    const shown = { id: 7, selected: true, reviewedBy: null };
    await expect(
      handler('review.manualChange')({ ...tweetChange, shown }, context),
    ).rejects.toThrow('the service is down');
    expect(appended).toEqual([
      expect.objectContaining({ target: 'tweet 7', outcome: 'failed', status: 502 }),
    ]);
  });

  it('a decision signed out is refused with 401 before anything is sent or journalled', async () => {
    const { handler, appended, sent, user, context } = setUp();
    user.name = null;
    const shown = { id: 7, selected: true, reviewedBy: null };
    await expect(
      handler('review.addEliminatedKeyword')({ ...tweetChange, shown }, context),
    ).rejects.toMatchObject({
      status: 401,
      code: 'SESSION_ENDED',
      message: 'You are not signed in.',
    });
    expect(sent).toEqual([]);
    expect(appended).toEqual([]);
  });

  it('a write names the user whose journal it goes to: once someone else is signed in, it is not sent', async () => {
    const { handler, appended, sent } = setUp();
    // reviewer1 when the decision arrives; reviewer2 signed in by the time it would be sent.
    const signedIn = ['reviewer1'];
    const switching = callContext(() => signedIn.shift() ?? 'reviewer2');
    const shown = { id: 7, selected: true, reviewedBy: null };
    await expect(
      handler('review.manualChange')({ ...tweetChange, shown }, switching),
    ).rejects.toMatchObject({ status: 401, code: 'SESSION_ENDED' });
    expect(sent).toEqual([]);
    expect(appended).toEqual([]);
  });
});

describe('a reference write with the record its screen showed (issue 49)', () => {
  it('journals the record as shown as the state before, names it by its target, and keeps the body sent', async () => {
    const appended: JournalEntry[] = [];
    const journals = memoryJournals(appended);
    const sent: Record<string, unknown>[] = [];
    const handler = journalWrite(
      'mismatches.deleteMismatchExplorerUrl',
      async (fields, _session, onStatus) => {
        sent.push(fields);
        onStatus(200);
        return null;
      },
      {
        journals,
        decisions: new Decisions({ calls: {} as ReviewCalls, journals }),
        conflicts: { send: (_type, _shown, _user, send) => send() },
        outbox: passThroughOutbox,
      },
    );
    const body = { uniqueName: 'coin-1', url: 'https://x1.io', name: 'Coin 1', isSpecific: false };
    await handler(
      {
        ...body,
        runId: 'run-9',
        shownRecord: { target: 'https://x1.io', fields: { url: 'https://x1.io', specific: false } },
      },
      callContext(() => 'operator1'),
    );
    // Neither the record shown nor the run id is sent.
    expect(sent).toEqual([body]);
    expect(appended).toEqual([
      expect.objectContaining({
        channel: 'mismatches.deleteMismatchExplorerUrl',
        target: 'https://x1.io',
        before: { url: 'https://x1.io', specific: false },
        body,
        runId: 'run-9',
        outcome: 'ok',
      }),
    ]);
  });

  it('a read sent as POST carries neither the record shown nor a run id to the server', async () => {
    const sent: Record<string, unknown>[] = [];
    const journals = memoryJournals();
    const read = journalWrite(
      'insight.keywordImpact',
      async (fields) => {
        sent.push(fields);
        return null;
      },
      {
        journals,
        decisions: new Decisions({ calls: {} as ReviewCalls, journals }),
        conflicts: { send: (_type, _shown, _user, send) => send() },
        outbox: passThroughOutbox,
      },
    );
    await read(
      { keyword: 'moon', runId: 'x', shownRecord: { target: 't' } },
      callContext(() => 'operator1'),
    );
    expect(sent).toEqual([{ keyword: 'moon' }]);
  });
});
