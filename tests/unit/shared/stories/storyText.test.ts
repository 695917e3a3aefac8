import { describe, expect, it } from 'vitest';
import { storyText } from '../../../../src/shared/stories/storyText';

const tweet = (message: string) => storyText({ kind: 'tweet', message, source: 'someone' });
const news = (message: string, symbols: string[] = []) =>
  storyText({ kind: 'news', message, source: 'site.example', symbols });
const all = <K extends 'coins' | 'numbers' | 'names'>(text: ReturnType<typeof storyText>, k: K) =>
  new Set(text.sentences.flatMap((s) => s[k]));

describe('storyText: what an item says, read for grouping', () => {
  it('reads a retweet as its tweet, and says whose it repeats', () => {
    const rt = tweet('RT @WhaleAlert: 🐋 2,500 #BTC moved to Binance https://t.co/abc');
    expect(rt.repeats).toBe('whalealert');
    expect(rt.sentences.map((s) => s.key)).toEqual(
      tweet('🐋 2,500 #BTC moved to Binance').sentences.map((s) => s.key),
    );
  });

  it('keeps a quote’s own words apart from what it quotes, and the tweets it links to', () => {
    const quote = tweet('Huge news today QT @binance: New listing $ZNT');
    expect(quote.repeats).toBe('binance');
    expect(quote.added).toEqual(['huge', 'news']);
    expect(tweet('look https://x.com/binance/status/1800000000123').quotes).toEqual([
      '1800000000123',
    ]);
  });

  it('marks a retweet cut short', () => {
    expect(tweet('RT @a: Bitcoin breaks out above the weekly resista…').cut).toBe(true);
    expect(tweet('RT @a: Bitcoin breaks out above the weekly resistance').cut).toBe(false);
  });

  it('reads one figure written several ways as one, and leaves years out', () => {
    expect(all(news('BTC hits $45,000. Bitcoin at $45K in 2026.'), 'numbers')).toEqual(
      new Set(['$45000']),
    );
    expect(all(news('Up 5.2% today, or 5.2 percent.'), 'numbers')).toEqual(new Set(['5.2%']));
    expect(all(news('Raised $1.5 billion, that is $1,500,000,000.'), 'numbers')).toEqual(
      new Set(['$1500000000']),
    );
    expect(all(news('Trading opens at 8:00 UTC.'), 'numbers')).toEqual(new Set(['8:00']));
  });

  it('names coins by name, symbol, cashtag and the item’s own list, as one symbol', () => {
    expect(all(news('Bitcoin and ether rally'), 'coins')).toEqual(new Set(['BTC', 'ETH']));
    expect(all(news('Zentra (ZNT) lists, $KOV too'), 'coins')).toEqual(new Set(['ZNT', 'KOV']));
    expect(all(news('A new token lists', ['lmr']), 'coins')).toEqual(new Set(['LMR']));
  });

  it('finds names inside sentences, and a first word only when it could be nothing else', () => {
    expect(all(news('Analysts at Bernstein raise targets.'), 'names')).toEqual(
      new Set(['bernstein']),
    );
    expect(all(news('KuCoin lists a token.'), 'names')).toEqual(new Set(['kucoin']));
    // "Coinbase" starts a sentence here and is a name elsewhere in the item: it counts in both.
    expect(
      all(
        news('Coinbase wins a license. Regulators in Kenya licensed Coinbase after a long review.'),
        'names',
      ),
    ).toEqual(new Set(['kenya', 'coinbase']));
    // A headline in title case gives no names; "BREAKING:" is a flag, not a name.
    expect(all(news('Coinbase Wins Kenya License For Crypto Trading'), 'names')).toEqual(new Set());
    expect(all(news('BREAKING: the exchange lists a token'), 'names')).toEqual(new Set());
  });

  it('splits sentences, each kept whole (figures too) for boilerplate to be learned from', () => {
    const text = news('Bitcoin rose 5% to $45,000. Subscribe to our newsletter!\nRead more here');
    expect(text.sentences.map((s) => s.key)).toEqual([
      'bitcoin rose',
      'subscribe newsletter',
      'read',
    ]);
    expect(text.sentences[0]?.whole).toBe('bitcoin rose BTC 5% $45000');
  });
});
