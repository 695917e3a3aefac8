import { Faker, en } from '@faker-js/faker';
import type { Market } from '../../shared/constants';
import type { Queryable } from '../db/database';

/**
 * Demo Twitter accounts (SPEC.md 3): coins' official accounts (the best-known coins under their
 * real handles, then catalogue coins under the handle of their socials), news sites' accounts and
 * markets' accounts. Each table is filled only when empty, from a fixed seed.
 */

export const ACCOUNT_SEED = 20230316;

/** Official handles of the best-known coins, by catalogue unique name; some have two. */
const COIN_HANDLES: readonly [uniqueName: string, handles: string[]][] = [
  ['bitcoin', ['Bitcoin', 'bitcoincoreorg']],
  ['ethereum', ['ethereum', 'ethdotorg']],
  ['tether', ['Tether_to']],
  ['binancecoin', ['BNBCHAIN']],
  ['solana', ['solana', 'SolanaFndn']],
  ['ripple', ['Ripple']],
  ['usd-coin', ['circle']],
  ['cardano', ['Cardano', 'InputOutputHK']],
  ['dogecoin', ['dogecoin']],
  ['tron', ['trondao']],
  ['avalanche-2', ['avax', 'avalancheavax']],
  ['the-open-network', ['ton_blockchain']],
  ['chainlink', ['chainlink', 'ChainlinkLabs']],
  ['polkadot', ['Polkadot', 'Web3foundation']],
  ['matic-network', ['0xPolygon']],
  ['shiba-inu', ['Shibtoken']],
  ['litecoin', ['litecoin']],
  ['bitcoin-cash', ['BitcoinCashOrg']],
  ['uniswap', ['Uniswap']],
  ['cosmos', ['cosmos', 'interchain_io']],
  ['stellar', ['StellarOrg']],
  ['near', ['NEARProtocol']],
  ['aptos', ['Aptos']],
  ['arbitrum', ['arbitrum']],
  ['optimism', ['Optimism']],
  ['filecoin', ['Filecoin']],
  ['internet-computer', ['dfinity']],
  ['hedera-hashgraph', ['hedera']],
  ['vechain', ['vechainofficial']],
  ['injective-protocol', ['injective']],
];

const NEWS_HANDLES = [
  'CoinDesk',
  'Cointelegraph',
  'TheBlock__',
  'decryptmedia',
  'BitcoinMagazine',
  'CryptoSlate',
  'beincrypto',
  'Utoday_en',
  'Crypto_Potato',
  'BTCTN',
  'newsbtc',
  'Blockworks_',
  'DLNews',
  'DefiantNews',
  'CoinGapeMedia',
  'CryptoBriefing',
  'cryptonews',
  'AMBCrypto',
  'coinspeaker',
  'finbold',
  'WatcherGuru',
  'Protos',
  'Unchained_pod',
  'BanklessHQ',
  'MessariCrypto',
  'glassnode',
  'whale_alert',
  'WuBlockchain',
  'CoinMarketCap',
  'coingecko',
];

/** Markets' accounts: the main ones, those that announce listings, and a retired one (Huobi is HTX now). */
const MARKET_HANDLES: readonly [
  Market,
  uniqueName: string,
  handles: [string, 'main' | 'listings' | 'retired'][],
][] = [
  [
    'BINANCE',
    'binance',
    [
      ['binance', 'main'],
      ['BinanceWallet', 'main'],
      ['BinanceResearch', 'main'],
      ['Binance_Listings', 'listings'],
    ],
  ],
  [
    'BITFINEX',
    'bitfinex',
    [
      ['bitfinex', 'main'],
      ['BitfinexStatus', 'listings'],
    ],
  ],
  ['BITSTAMP', 'bitstamp', [['Bitstamp', 'main']]],
  [
    'BYBIT',
    'bybit',
    [
      ['Bybit_Official', 'main'],
      ['Bybit_Listings', 'listings'],
    ],
  ],
  [
    'COINBASE',
    'coinbase',
    [
      ['coinbase', 'main'],
      ['CoinbaseAssets', 'listings'],
      ['CoinbaseMarkets', 'listings'],
      ['CoinbaseSupport', 'main'],
    ],
  ],
  ['COINLIST', 'coinlist', [['coinlist', 'main']]],
  [
    'CRYPTOCOM',
    'crypto-com',
    [
      ['cryptocom', 'main'],
      ['CryptoComListings', 'listings'],
    ],
  ],
  [
    'GATE_IO',
    'gate-io',
    [
      ['gate_io', 'main'],
      ['gateio_listings', 'listings'],
    ],
  ],
  [
    'HUOBI',
    'huobi',
    [
      ['HuobiGlobal', 'retired'],
      ['HTX_Global', 'listings'],
    ],
  ],
  [
    'KRAKEN',
    'kraken',
    [
      ['krakenfx', 'main'],
      ['KrakenSupport', 'main'],
      ['KrakenPro', 'listings'],
    ],
  ],
  [
    'KUCOIN',
    'kucoin',
    [
      ['kucoincom', 'main'],
      ['KuCoinUpdates', 'listings'],
    ],
  ],
  [
    'MEXC',
    'mexc',
    [
      ['MEXC_Official', 'main'],
      ['MEXC_Listings', 'listings'],
    ],
  ],
  [
    'OKEX',
    'okex',
    [
      ['okx', 'main'],
      ['OKXListings', 'listings'],
      ['OKXStatus', 'main'],
    ],
  ],
];

/** Fills each empty account table; returns the tables filled. */
export async function seedDemoAccounts(
  tx: Queryable,
  options: { coinAccounts?: number } = {},
): Promise<string[]> {
  const faker = new Faker({ locale: [en], seed: ACCOUNT_SEED });
  const usedIds = new Set<string>();
  // Twitter user ids: long numbers, older accounts shorter.
  const userId = () => {
    let id = faker.string.numeric({ length: { min: 8, max: 19 }, allowLeadingZeros: false });
    while (usedIds.has(id)) id = `${id}1`.slice(-19);
    usedIds.add(id);
    return id;
  };
  // The ids are drawn in the same order whatever is filled, so each table is always the same.
  const coinIds = Array.from({ length: 200 }, userId);
  const newsIds = NEWS_HANDLES.map(userId);
  const marketIds = MARKET_HANDLES.flatMap(([, , handles]) => handles.map(userId));
  const filled: string[] = [];

  const empty = async (table: string) =>
    !(await tx.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`))[0]!.any;

  if (await empty('coin_accounts')) {
    const coins = await coinAccounts(
      tx,
      faker,
      Math.min(options.coinAccounts ?? 60, coinIds.length),
    );
    if (coins.length > 0) {
      await tx.query(
        `INSERT INTO coin_accounts (user_id, currency_code, twitter_account_name, unique_name, account_type, active)
         SELECT r.user_id, r.code, r.handle, r.unique_name, 'COIN', r.active
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bool[])
             AS r(user_id, code, handle, unique_name, active)`,
        [
          coins.map((_, i) => coinIds[i]),
          coins.map((c) => c.code),
          coins.map((c) => c.handle),
          coins.map((c) => c.uniqueName),
          coins.map((c) => c.active),
        ],
      );
      filled.push('coin_accounts');
    }
  }

  if (await empty('news_accounts')) {
    const news = new Faker({ locale: [en], seed: ACCOUNT_SEED + 1 });
    await tx.query(
      `INSERT INTO news_accounts (user_id, twitter_account_name, account_type, active)
       SELECT r.user_id, r.handle, 'NEWS', r.active
         FROM unnest($1::text[], $2::text[], $3::bool[]) AS r(user_id, handle, active)`,
      [newsIds, NEWS_HANDLES, NEWS_HANDLES.map(() => news.datatype.boolean({ probability: 0.85 }))],
    );
    filled.push('news_accounts');
  }

  if (await empty('market_accounts')) {
    const markets = new Faker({ locale: [en], seed: ACCOUNT_SEED + 2 });
    const rows = MARKET_HANDLES.flatMap(([market, uniqueName, handles]) =>
      handles.map(([handle, kind]) => ({
        market,
        uniqueName,
        handle,
        active: kind !== 'retired' && markets.datatype.boolean({ probability: 0.9 }),
        listing: kind === 'listings' || markets.datatype.boolean({ probability: 0.2 }),
        announcement: kind === 'listings' ? markets.datatype.boolean() : kind === 'main',
      })),
    );
    await tx.query(
      `INSERT INTO market_accounts (user_id, market, twitter_account_name, unique_name, account_type,
          active, listing_active, market_announcement_active)
       SELECT r.user_id, r.market, r.handle, r.unique_name, 'MARKET', r.active, r.listing, r.announcement
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bool[], $6::bool[], $7::bool[])
           AS r(user_id, market, handle, unique_name, active, listing, announcement)`,
      [
        marketIds,
        rows.map((r) => r.market),
        rows.map((r) => r.handle),
        rows.map((r) => r.uniqueName),
        rows.map((r) => r.active),
        rows.map((r) => r.listing),
        rows.map((r) => r.announcement),
      ],
    );
    filled.push('market_accounts');
  }
  return filled;
}

interface SeedCoin {
  code: string;
  handle: string;
  uniqueName: string;
  active: boolean;
}

/** The known coins' real handles, then other catalogue coins under their socials' handle. */
async function coinAccounts(tx: Queryable, faker: Faker, count: number): Promise<SeedCoin[]> {
  const catalogue = await tx.query<{ symbol: string; unique_name: string; twitter: string | null }>(
    `SELECT symbol, unique_name, socials->>'twitter' AS twitter FROM currencies
      WHERE rank <= 600 ORDER BY rank, id`,
  );
  const bySymbol = new Map(catalogue.map((c) => [c.unique_name, c.symbol]));
  const out: SeedCoin[] = COIN_HANDLES.flatMap(([uniqueName, handles]) => {
    const code = bySymbol.get(uniqueName);
    return code ? handles.map((handle) => ({ code, handle, uniqueName, active: true })) : [];
  });
  const known = new Set(COIN_HANDLES.map(([u]) => u));
  const others = catalogue.filter((c) => !known.has(c.unique_name) && c.twitter);
  for (const c of faker.helpers.arrayElements(others, Math.max(0, count - out.length))) {
    out.push({
      code: c.symbol,
      handle: c.twitter!.replace(/^https:\/\/x\.com\//, ''),
      uniqueName: c.unique_name,
      active: faker.datatype.boolean({ probability: 0.8 }),
    });
  }
  return out.slice(0, count);
}
