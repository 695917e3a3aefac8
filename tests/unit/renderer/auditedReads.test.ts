import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { readAudited } from '../../../src/renderer/features/review/useAuditedItems';
import { tweetItemRecord } from '../../../src/shared/api/records';
import type { Envelope, PreloadBridge } from '../../../src/shared/bridge';
import { fail, ok } from './fakeBridge';

afterEach(() => setBridge(null));

describe('reading the audited items by id', () => {
  it('reads each id once, at most four at a time, in the ids order, 404 as missing', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const waiting: (() => void)[] = [];
    const bridge: PreloadBridge = {
      invoke: async (_channel, payload) => {
        const { id } = payload as { id: number };
        asked.push(id);
        inFlight += 1;
        most = Math.max(most, inFlight);
        // Each read waits until the test lets it go: the reads overlap as they would.
        await new Promise<void>((resolve) => waiting.push(resolve));
        inFlight -= 1;
        const answer: Envelope<unknown> =
          id === 13
            ? fail(404, 'NOT_FOUND', 'not found')
            : id === 15
              ? fail(502, 'BAD_GATEWAY', 'the provider did not answer')
              : ok(tweetItemRecord.parse({ id }));
        return answer;
      },
      onEvent: () => () => undefined,
    };
    setBridge(bridge);
    const ids = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
    const reads = readAudited('tweets', ids);
    // Let the reads go one by one as they arrive, until all ten are answered.
    while (asked.length < ids.length || waiting.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      waiting.shift()?.();
    }
    const result = await reads;
    expect(most).toBe(4);
    expect([...asked].sort((a, b) => a - b)).toEqual(ids);
    expect(result.map((read) => [read.id, read.status])).toEqual(
      ids.map((id) => [id, id === 13 ? 'missing' : id === 15 ? 'failed' : 'found']),
    );
    expect(result[5]).toEqual({ id: 15, status: 'failed', message: 'the provider did not answer' });
  });
});
