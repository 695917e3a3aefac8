import { describe, expect, it } from 'vitest';
import { sameStory, storyFacts } from '../../../../src/shared/stories/sameStory';
import { storyText } from '../../../../src/shared/stories/storyText';

let ids = 0;
const tweet = (source: string, message: string, ownId = String(++ids)) =>
  storyFacts('tweet', source, ownId, storyText({ kind: 'tweet', message, source }), () => false);
const news = (source: string, message: string, boilerplate: string[] = []) =>
  storyFacts('news', source, null, storyText({ kind: 'news', message, source }), (s) =>
    boilerplate.includes(s),
  );

const LISTING =
  'New listing: $ZNT (Zentra) is now available on Binance Spot. Trading opens at 10:00 UTC.';
const HACK =
  'Hackers drain $133 million from Orbiter Bridge. Attackers drained about $133 million from Orbiter Bridge, a lending protocol on Ethereum, security firm CertiK said. The team paused deposits while it investigates. Stolen funds were moved to a fresh wallet.';

describe('sameStory: whether two items tell the same story', () => {
  it('groups a retweet, a retweet cut short, and a quote that adds nothing', () => {
    const original = tweet('binance', LISTING, '777');
    expect(sameStory(original, tweet('reader1', `RT @binance: ${LISTING}`))).toBe(true);
    expect(sameStory(original, tweet('reader2', `RT @binance: ${LISTING.slice(0, 70)}…`))).toBe(
      true,
    );
    expect(sameStory(original, tweet('reader3', `QT @binance: ${LISTING}`))).toBe(true);
    expect(sameStory(tweet('reader4', 'https://x.com/binance/status/777'), original)).toBe(true);
  });

  it('keeps a quote with words of its own apart from what it quotes; its own retweets join it', () => {
    const original = tweet('binance', LISTING, '778');
    const quote = tweet('critic', `Told you so, called this last week QT @binance: ${LISTING}`);
    expect(sameStory(quote, original)).toBe(false);
    expect(
      sameStory(
        tweet('critic', 'Told you so, called this last week https://x.com/binance/status/778'),
        original,
      ),
    ).toBe(false);
    expect(
      sameStory(
        quote,
        tweet('fan', `RT @critic: Told you so, called this last week QT @binance: ${LISTING}`),
      ),
    ).toBe(true);
  });

  it('keeps near-identical alerts apart: another coin, another price, another exchange', () => {
    const alert = tweet('alerts', '🚨 $ETH just broke $3,000! +4.1% in 24h');
    expect(sameStory(alert, tweet('alerts', '🚨 $SOL just broke $150! +4.1% in 24h'))).toBe(false);
    expect(sameStory(alert, tweet('alerts', '🚨 $ETH just broke $3,100! +4.1% in 24h'))).toBe(
      false,
    );
    expect(
      sameStory(tweet('binance', LISTING), tweet('binance', LISTING.replace('Binance', 'Kraken'))),
    ).toBe(false);
  });

  it('groups wire copies: another headline, sentences reordered, one dropped, boilerplate around', () => {
    const [headline, ...body] = HACK.split('. ');
    const copy = [
      'BREAKING: Orbiter Bridge exploited for $133M in Ethereum attack',
      'Follow us on X for breaking crypto news.',
      body[2],
      body[0],
      'Disclaimer: This article is not investment advice.',
    ].join('. ');
    expect(headline).toContain('Hackers');
    expect(sameStory(news('a.example', HACK), news('b.example', copy))).toBe(true);
  });

  it('keeps another story about the same coin on the same day apart', () => {
    const other =
      'Spot Ethereum ETFs took in $400 million on Wednesday. BlackRock’s fund accounted for most of the inflows, data from Farside Investors showed.';
    expect(sameStory(news('a.example', HACK), news('b.example', other))).toBe(false);
  });

  it('keeps one template told about another protocol apart, however alike the words', () => {
    const other = HACK.replaceAll('Orbiter Bridge', 'Radiant Swap').replace('CertiK', 'PeckShield');
    expect(sameStory(news('a.example', HACK), news('b.example', other))).toBe(false);
  });

  it('reads past a source’s boilerplate once it is known', () => {
    const line = 'Subscribe to our newsletter for daily updates on the crypto market and more.';
    const withLine = `${HACK} ${line} Our team covers every exchange, token and regulator worldwide.`;
    const bare = HACK;
    const learned = [
      'subscribe newsletter daily update crypto market',
      'team cover every exchange token regulator worldwide',
    ];
    expect(sameStory(news('a.example', withLine, learned), news('b.example', bare))).toBe(true);
  });

  it('never groups a tweet with a news item, nor two unrelated one-word posts', () => {
    expect(sameStory(tweet('a', HACK), news('b.example', HACK))).toBe(false);
    expect(sameStory(tweet('a', 'gm'), tweet('b', 'gm'))).toBe(false);
  });
});
