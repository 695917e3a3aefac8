import { describe, expect, it } from 'vitest';
import {
  areaOf,
  callText,
  isWriteChannel,
  summaryOf,
  targetOf,
} from '../../../src/main/core/writes/writeChannels';
import { BRIDGE_CHANNELS, CHANNELS, callOfChannel } from '../../../src/shared/bridge';

describe('which channels the journal records', () => {
  it("every declared call but a GET, the three posted review reads, the keyword-impact preview, a page's stories and the work queue's leases is a write", () => {
    const writes = BRIDGE_CHANNELS.filter(isWriteChannel);
    for (const channel of BRIDGE_CHANNELS) {
      const declared = CHANNELS[channel].kind === 'local' ? null : callOfChannel(channel, 'tweets');
      const expected =
        declared !== null &&
        declared.method !== 'GET' &&
        !channel.startsWith('claims.') &&
        ![
          'review.filter',
          'review.count',
          'review.findById',
          'insight.keywordImpact',
          'stories.ofItems',
        ].includes(channel);
      expect(isWriteChannel(channel), channel).toBe(expected);
    }
    expect(writes).toContain('review.manualChange');
    expect(writes).toContain('currencies.saveNewCurrency');
    expect(writes).toContain('accounts.deleteMarketAccount');
    expect(writes).not.toContain('review.decide'); // no such channel: a decision is its own call
    expect(writes).not.toContain('insight.keywordImpact'); // a POST that saves nothing
    expect(BRIDGE_CHANNELS).toContain('claims.renew');
    expect(writes).not.toContain('claims.renew'); // a lease, renewed every few minutes
    expect(writes).not.toContain('claims.queue');
    // A story's split and inheritance change what happens to its items; which stories a page's
    // items are in is a question.
    expect(writes).toContain('stories.split');
    expect(writes).toContain('stories.inherit');
    expect(writes).not.toContain('stories.ofItems');
    expect(areaOf('stories.split')).toBe('review');
  });

  it('names the area, the call with its path filled and the target', () => {
    expect(areaOf('review.addKeyword')).toBe('keywords');
    expect(areaOf('review.createModel')).toBe('model');
    expect(areaOf('review.reviewed')).toBe('review');
    expect(areaOf('mismatches.matchMismatchTradingPair')).toBe('mismatches');
    expect(callText('review.reviewed', { filterType: 'news', id: 7 })).toBe(
      'PUT /news-service/7/reviewed',
    );
    expect(callText('review.manualChange', { filterType: 'tweets', case: 'manually-select' })).toBe(
      'PUT /twitter-service/manually-select',
    );
    expect(targetOf('review.reviewed', { filterType: 'news', id: 7 })).toBe('news 7');
    expect(targetOf('review.deleteKeyword', { filterType: 'tweets', id: 3 })).toBe('keyword #3');
    expect(targetOf('currencies.updateCurrency', { uniqueName: 'bitcoin', name: 'Bitcoin' })).toBe(
      'bitcoin',
    );
    expect(
      targetOf('mismatches.deleteMismatchTradingPair', { market: 'KRAKEN', pair: 'BTC/USD' }),
    ).toBe('BTC/USD');
  });

  it('summarises what was sent in a short line: short fields, lists counted, long text cut', () => {
    expect(
      summaryOf({
        filterType: 'tweets',
        case: 'manually-eliminate',
        tweetId: '12',
        keyword: null,
        tags: ['a', 'b'],
        name: 'x'.repeat(80),
      }),
    ).toBe(`manually-eliminate, tweetId=12, tags=[2], name=${'x'.repeat(57)}…`);
    expect(summaryOf({ text: 'y'.repeat(1000), a: 'b'.repeat(300) }).length).toBeLessThanOrEqual(
      240,
    );
  });
});
