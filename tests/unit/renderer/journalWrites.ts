import type { JournalEntry } from '../../../src/shared/journal';

let seq = 0;

/**
 * A journalled write as core records a card's Select (decisions.ts), at an ISO time; `over` makes
 * it another kind of write. Each gets the next seq and a target of its own.
 */
export function journalledWrite(at: string, over: Partial<JournalEntry> = {}): JournalEntry {
  seq += 1;
  return {
    seq,
    at,
    channel: 'review.manualChange',
    call: 'PUT /twitter-service/manually-select',
    area: 'review',
    target: `tweet ${seq}`,
    summary: 'tweetId=1',
    before: null,
    outcome: 'ok',
    status: 200,
    message: null,
    runId: null,
    ...over,
  };
}
