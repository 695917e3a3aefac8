/**
 * The spec provider's small deterministic demo data: the same on every start, built from index
 * arithmetic only. Where a record leaves a field out, sends `null`, or sends a number id is
 * decided here, so the state is exactly what the provider answers.
 */
import {
  CONFIGURATION_CATEGORIES,
  DEFAULT_REVIEWERS,
  KEYWORD_TYPES,
  MARKETS,
  type KeywordType,
} from '../../../src/shared/constants';
import type {
  CoinAccount,
  Configuration,
  CryptoTag,
  Currency,
  EcosystemTag,
  Keyword,
  Market,
  MarketAccount,
  MismatchExplorerUrl,
  MismatchTradingPair,
  NewCurrency,
  NewMarket,
  NewsAccount,
  NewsItem,
  NewVersion,
  ProviderState,
  Tweet,
} from './types';

export const DEMO_SIZES = {
  tweets: 45,
  news: 30,
  keywords: 12,
  currencies: 60,
  newCurrencies: 30,
  newVersions: 5,
  markets: 10,
} as const;

function pick<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/** 'YYYY-MM-DDTHH:mm:ss' (no zone), `hours` after 2024-01-01T08:00:00. */
export function demoTime(hours: number): string {
  return new Date(Date.UTC(2024, 0, 1, 8) + hours * 3_600_000).toISOString().slice(0, 19);
}

const TWEET_KEYWORDS: [string, KeywordType, string[] | null][] = [
  ['bitcoin', 'IMPORTANT', ['bitcoin pizza']],
  ['ethereum', 'IMPORTANT', null],
  ['etf', 'RELATIVE', []],
  ['airdrop', 'DEFINITELY_NOT_CONTAINS', ['giveaway', 'free tokens']],
  ['listing', 'IMPORTANT', []],
  ['hack', 'IMPORTANT', ['hackathon']],
  ['partnership', 'RELATIVE', null],
  ['mainnet', 'RELATIVE', []],
  ['halving', 'NO_FILTER', []],
  ['staking', 'RELATIVE', ['steak']],
  ['whale', 'NO_FILTER', null],
  ['elon', 'INFLUENCER', []],
];

const NEWS_KEYWORDS: [string, KeywordType, string[] | null][] = [
  ['sec', 'IMPORTANT', ['second']],
  ['regulation', 'IMPORTANT', []],
  ['bitcoin', 'IMPORTANT', null],
  ['exploit', 'IMPORTANT', []],
  ['stablecoin', 'RELATIVE', []],
  ['lawsuit', 'RELATIVE', null],
  ['upgrade', 'RELATIVE', ['upgrade your wallet']],
  ['price prediction', 'DEFINITELY_NOT_CONTAINS', []],
  ['sponsored', 'DEFINITELY_NOT_CONTAINS', ['sponsored by']],
  ['delisting', 'IMPORTANT', []],
  ['token unlock', 'NO_FILTER', null],
  ['saylor', 'INFLUENCER', []],
];

function keywords(source: [string, KeywordType, string[] | null][], firstId: number): Keyword[] {
  return source.map(([keyword, type, unwantedUsages], index) => ({
    id: firstId + index,
    keyword,
    type,
    unwantedUsages,
    // An extra field on every third keyword.
    ...(index % 3 === 0 ? { createdBy: 'import' } : {}),
  }));
}

const COINS = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'ADA', 'LINK', 'ARB', 'OP', 'TON'];
const TWEET_USERS = ['whale_alert', 'CoinDesk', 'solana', 'arbitrum', 'santimentfeed', 'glassnode'];

function tweets(): Tweet[] {
  return Array.from({ length: DEMO_SIZES.tweets }, (_, i) => {
    const [keyword] = pick(TWEET_KEYWORDS, i);
    const user = pick(TWEET_USERS, i);
    const similarity = i % 11 === 5;
    const quoted = i % 13 === 7;
    const selected = i % 3 !== 0 && !similarity && !quoted;
    const tweetNumber = 1_760_000_000_000 + i * 7919;
    const tweet: Tweet = {
      id: 1000 + i,
      twitterUserName: user,
      // A number on even tweets, a string of digits on odd ones.
      tweetId: i % 2 === 0 ? tweetNumber : String(tweetNumber),
      // One tweet without text.
      message: i === 13 ? null : `${pick(COINS, i)} ${keyword} update #${i} from @${user}`,
      tweetTime: demoTime(i * 3 - 1),
      detectTime: demoTime(i * 3),
      nlpDecisionRatio: ((i * 37) % 100) / 100 + 0.00321,
      detectedKeyword: i % 9 === 8 ? null : [keyword],
      unwantedUsage: i % 4 === 0 ? null : i % 4 === 1 ? ['giveaway'] : [],
      reviewedBy: i % 5 === 2 ? pick(DEFAULT_REVIEWERS, i) : null,
      eliminatedKeyword: selected ? null : keyword,
      eliminatedBySimilarity: similarity,
      eliminatedByQuotedPost: quoted,
      selected,
      manuallyChanged: i % 8 === 4,
      lang: 'en',
    };
    // Some tweets come without accountName or url.
    if (i % 5 !== 1) tweet.accountName = user.toLowerCase();
    if (i % 7 !== 2) tweet.url = `https://x.com/${user}/status/${tweetNumber}`;
    return tweet;
  });
}

const WEBSITES = [
  'coindesk.com',
  'theblock.co',
  'decrypt.co',
  'cointelegraph.com',
  'blockworks.co',
];

function news(): NewsItem[] {
  return Array.from({ length: DEMO_SIZES.news }, (_, i) => {
    const [keyword] = pick(NEWS_KEYWORDS, i);
    const website = pick(WEBSITES, i);
    const selected = i % 4 !== 0;
    const item: NewsItem = {
      id: 5000 + i,
      // A number on even items, a string on odd ones.
      newsId: i % 2 === 0 ? 880_000 + i : `${880_000 + i}`,
      website,
      // One news item without text.
      message: i === 7 ? null : `${pick(COINS, i + 3)}: ${keyword} story number ${i}`,
      detectTime: demoTime(i * 5 + 1),
      nlpDecisionRatio: ((i * 53) % 100) / 100 + 0.00456,
      cryptoCurrencyList: [{ symbol: pick(COINS, i + 3) }],
      cryptoMarketList: i % 6 === 3 ? null : [{ name: pick(MARKETS, i) }],
      detectedKeyword: [keyword],
      unwantedUsage: i % 5 === 0 ? null : [],
      reviewedBy: i % 6 === 1 ? pick(DEFAULT_REVIEWERS, i + 1) : null,
      eliminatedKeyword: selected ? null : keyword,
      selected,
      manuallyChanged: i % 7 === 3,
      source: 'rss',
    };
    // cryptoTagsList: left out on i%4==1, null on i%4==3.
    if (i % 4 === 0 || i % 4 === 2) item.cryptoTagsList = i % 8 === 0 ? ['defi'] : [];
    if (i % 4 === 3) item.cryptoTagsList = null;
    if (i % 3 !== 2) item.accountName = website.split('.')[0];
    item.url = `https://${website}/news/${880_000 + i}`;
    return item;
  });
}

const REAL_CURRENCIES: [string, string][] = [
  ['BTC', 'Bitcoin'],
  ['ETH', 'Ethereum'],
  ['USDT', 'Tether'],
  ['BNB', 'BNB'],
  ['SOL', 'Solana'],
  ['XRP', 'XRP'],
  ['USDC', 'USD Coin'],
  ['ADA', 'Cardano'],
  ['DOGE', 'Dogecoin'],
  ['TRX', 'TRON'],
  ['AVAX', 'Avalanche'],
  ['DOT', 'Polkadot'],
  ['LINK', 'Chainlink'],
  ['TON', 'Toncoin'],
  ['LTC', 'Litecoin'],
  ['UNI', 'Uniswap'],
  ['ATOM', 'Cosmos'],
  ['NEAR', 'NEAR Protocol'],
  ['ARB', 'Arbitrum'],
  ['OP', 'Optimism'],
];
const SYLLABLES = ['Aur', 'Bel', 'Cor', 'Dex', 'Eon', 'Fyr', 'Gal', 'Hex'];
const ENDINGS = ['ion', 'ara', 'eum', 'ix', 'oka'];

function syntheticCurrency(index: number): [string, string] {
  const name = `${pick(SYLLABLES, index)}${pick(ENDINGS, Math.floor(index / SYLLABLES.length))}`;
  return [name.slice(0, 3).toUpperCase() + (index % 4 === 3 ? String(index % 10) : ''), name];
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

const TAGS = ['defi', 'layer-1', 'layer-2', 'meme', 'stablecoin', 'nft', 'gaming', 'ai'];

function currencies(): Currency[] {
  return Array.from({ length: DEMO_SIZES.currencies }, (_, i) => {
    const [symbol, name] =
      i < REAL_CURRENCIES.length
        ? pick(REAL_CURRENCIES, i)
        : syntheticCurrency(i - REAL_CURRENCIES.length);
    const uniqueName = slug(name);
    const currency: Currency = {
      id: 10_000 + i,
      currencyId: 1 + i,
      currencyIds: i % 3 === 0 ? null : [],
      rank: i + 1,
      currency: symbol,
      name,
      uniqueName,
      active: i % 9 !== 8,
      searchWithCurrency: i % 2 === 0,
      tags: i % 5 === 4 ? null : [pick(TAGS, i)],
      unwantedUsages: i % 6 === 5 ? null : [],
      lastUpdated: demoTime(-i),
    };
    // Some currencies come without websites, socials or trading pairs.
    if (i % 4 !== 1) currency.website = i % 4 === 3 ? null : [`https://${uniqueName}.org`];
    if (i % 3 !== 2) {
      currency.socials = {
        twitter: `https://x.com/${uniqueName}`,
        reddit: i % 2 === 0 ? `https://reddit.com/r/${uniqueName}` : null,
        telegram: null,
      };
    }
    if (i < 12) {
      currency.marketTradingPairs = [
        {
          market: pick(MARKETS, i),
          tradingPairs: [
            {
              id: 70_000 + i,
              otherCurrency: 'USDT',
              otherCurrencyUniqueName: 'tether',
              pairActive: true,
            },
          ],
        },
      ];
    }
    return currency;
  });
}

function newCurrencies(catalogue: Currency[]): NewCurrency[] {
  return Array.from({ length: DEMO_SIZES.newCurrencies }, (_, i) => {
    // Every third shares its symbol with a catalogue currency.
    const [symbol, name] =
      i % 3 === 0
        ? [pick(catalogue, i).currency, `${pick(catalogue, i).name} Classic`]
        : syntheticCurrency(40 + i);
    return {
      id: 20_000 + i,
      currencyId: 9001 + i,
      rank: 500 + i,
      currency: symbol,
      name,
      uniqueName: `${slug(name)}-${9001 + i}`,
      active: i % 4 !== 2,
      searchWithCurrency: i % 2 === 1,
      detectTime: demoTime(100 + i * 2),
    };
  });
}

function newVersions(catalogue: Currency[]): NewVersion[] {
  return Array.from({ length: DEMO_SIZES.newVersions }, (_, i) => {
    const old = pick(catalogue, 3 + i * 4);
    return {
      id: 30_000 + i,
      currencyId: 9501 + i,
      rank: old.rank,
      currency: old.currency,
      name: `${old.name} 2.0`,
      uniqueName: `${old.uniqueName}-2`,
      active: true,
      searchWithCurrency: old.searchWithCurrency,
      tags: i % 2 === 0 ? ['migration'] : null,
      unwantedUsages: [],
      detectTime: demoTime(200 + i),
      oldVersionUniqueName: old.uniqueName,
    };
  });
}

function markets(): Market[] {
  return MARKETS.slice(0, DEMO_SIZES.markets).map((code, i) => {
    const name = code.charAt(0) + code.slice(1).toLowerCase().replace('_io', '.io');
    const market: Market = {
      id: 300 + i,
      marketId: 1 + i,
      uniqueName: code.toLowerCase(),
      name,
      search: i % 3 !== 2,
      active: i !== 8,
      unwantedUsages: i % 4 === 1 ? null : i === 0 ? ['binance smart chain'] : [],
      tags: i % 3 === 1 ? null : ['cex'],
    };
    if (i % 2 === 0) market.exchangeType = 'CEX';
    return market;
  });
}

function newMarkets(): NewMarket[] {
  return ['Binance US', 'Bitget', 'Kraken Futures', 'Hyperliquid'].map((name, i) => ({
    marketId: 101 + i,
    name,
    uniqueName: slug(name),
    search: i % 2 === 0,
    active: true,
    detectTime: demoTime(300 + i),
  }));
}

function cryptoTags(): CryptoTag[] {
  return TAGS.map((uniqueName, i) => ({
    name: uniqueName.replace(
      /(^|-)(\w)/g,
      (_, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`,
    ),
    uniqueName,
    usages: i % 3 === 2 ? null : [uniqueName, `${uniqueName} token`],
    search: i % 2 === 0,
    displayOnApps: i % 4 !== 3,
  }));
}

function ecosystemTags(): EcosystemTag[] {
  return ['ethereum', 'solana', 'cosmos', 'polkadot', 'avalanche', 'ton'].map((chain) => ({
    name: `${chain.charAt(0).toUpperCase()}${chain.slice(1)} Ecosystem`,
    uniqueName: `${chain}-ecosystem`,
  }));
}

function configurations(catalogue: Currency[]): Configuration[] {
  return Array.from({ length: 8 }, (_, i) => {
    const currency = pick(catalogue, i * 2);
    return {
      currency: currency.currency,
      name: currency.name,
      uniqueName: currency.uniqueName,
      market: pick(MARKETS, i * 3),
      category: pick(CONFIGURATION_CATEGORIES, i),
    };
  });
}

function mismatchTradingPairs(): MismatchTradingPair[] {
  const pairs: [string, string, string][] = [
    ['BINANCE', 'AUR', 'USDT'],
    ['KRAKEN', 'BEL', 'USD'],
    ['KUCOIN', 'HEX', 'USDT'],
    ['OKEX', 'COR', 'BTC'],
    ['BINANCE', 'DEX', 'ETH'],
    ['MEXC', 'GAL', 'USDT'],
  ];
  return pairs.map(([market, base, other], i) => ({
    pair: `${base}${other}`,
    market,
    baseCurrency: base,
    otherCurrency: other,
    // One mismatch without a message.
    message: i === 2 ? null : `${base} matches ${i % 2 === 0 ? 'no' : 'several'} currencies`,
  }));
}

function mismatchExplorerUrls(): MismatchExplorerUrl[] {
  return [
    'etherscan.io/token/0xa1',
    'solscan.io/token/B2',
    'bscscan.com/token/0xc3',
    'tronscan.org/#/token20/T4',
  ].map((path, i) => ({
    url: `https://${path}`,
    uniqueName: `unknown-token-${i + 1}`,
    name: `Explorer ${i + 1}`,
    specific: i % 2 === 1,
  }));
}

function coinAccounts(catalogue: Currency[]): CoinAccount[] {
  return Array.from({ length: 5 }, (_, i) => {
    const currency = pick(catalogue, i);
    return {
      currencyCode: currency.currency,
      twitterAccountName: currency.name.replace(/\s+/g, ''),
      uniqueName: currency.uniqueName,
      accountType: 'COIN',
      active: i !== 3,
      userId: i % 2 === 0 ? 4_000_000 + i : `${4_000_000 + i}`,
    };
  });
}

function newsAccounts(): NewsAccount[] {
  return ['CoinDesk', 'TheBlock__', 'decryptmedia'].map((twitterAccountName, i) => ({
    twitterAccountName,
    accountType: 'NEWS',
    active: true,
    userId: 5_000_000 + i,
  }));
}

function marketAccounts(list: Market[]): MarketAccount[] {
  return list.slice(0, 4).map((market, i) => ({
    market: MARKETS[i] ?? 'BINANCE',
    twitterAccountName: market.name.replace(/\W/g, ''),
    uniqueName: market.uniqueName,
    accountType: 'MARKET',
    active: true,
    listingActive: i % 2 === 0,
    marketAnnouncementActive: i === 1,
    userId: `${6_000_000 + i}`,
  }));
}

export function createDemoState(): ProviderState {
  const catalogue = currencies();
  const queue = newCurrencies(catalogue);
  const versions = newVersions(catalogue);
  const marketList = markets();
  return {
    tweets: tweets(),
    news: news(),
    keywords: { tweets: keywords(TWEET_KEYWORDS, 1), news: keywords(NEWS_KEYWORDS, 101) },
    modelRuns: { tweets: 0, news: 0 },
    currencies: catalogue,
    newCurrencies: queue,
    newVersions: versions,
    // Every catalogue currency and new version has its image; every other queued one does.
    currencyImages: [
      ...catalogue.map((c) => c.uniqueName),
      ...versions.map((v) => v.uniqueName),
      ...queue.filter((_, i) => i % 2 === 0).map((c) => c.uniqueName),
    ],
    marketImages: ['binance-us', 'kraken-futures'],
    markets: marketList,
    newMarkets: newMarkets(),
    cryptoTags: cryptoTags(),
    ecosystemTags: ecosystemTags(),
    configurations: configurations(catalogue),
    mismatchTradingPairs: mismatchTradingPairs(),
    mismatchExplorerUrls: mismatchExplorerUrls(),
    explorerUrls: [],
    coinAccounts: coinAccounts(catalogue),
    newsAccounts: newsAccounts(),
    marketAccounts: marketAccounts(marketList),
    nextId: 100_000,
  };
}

/** Keyword types the provider accepts. */
export function isKeywordType(value: string): value is KeywordType {
  return (KEYWORD_TYPES as readonly string[]).includes(value);
}
