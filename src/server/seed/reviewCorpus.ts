/**
 * Vocabulary of the demo review data: what crypto tweets and news that a monitoring service keeps
 * look like, and what the noise it eliminates looks like. The generator mixes these with a fixed
 * seed, so the demo data, and the tests that read it, are the same on every machine.
 */

export const COINS = [
  { symbol: 'BTC', name: 'bitcoin' },
  { symbol: 'ETH', name: 'ethereum' },
  { symbol: 'SOL', name: 'solana' },
  { symbol: 'XRP', name: 'ripple' },
  { symbol: 'ADA', name: 'cardano' },
  { symbol: 'DOGE', name: 'dogecoin' },
  { symbol: 'AVAX', name: 'avalanche' },
  { symbol: 'DOT', name: 'polkadot' },
  { symbol: 'LINK', name: 'chainlink' },
  { symbol: 'MATIC', name: 'polygon' },
  { symbol: 'ARB', name: 'arbitrum' },
  { symbol: 'TON', name: 'toncoin' },
] as const;

export const MARKET_NAMES = [
  'Binance',
  'Coinbase',
  'Kraken',
  'OKX',
  'Bybit',
  'KuCoin',
  'Bitstamp',
  'Gate.io',
] as const;

export const TAGS = [
  'DeFi',
  'Layer 2',
  'NFT',
  'Stablecoin',
  'Regulation',
  'ETF',
  'Security',
  'Staking',
] as const;

/** Sentences a reviewer keeps. {coin}, {COIN}, {market}, {n}, {tag} are filled in. */
export const KEEP_TEMPLATES = [
  '{market} will list {COIN} for spot trading starting tomorrow at 10:00 UTC',
  '{coin} network upgrade goes live after a successful testnet run, validators urged to update',
  'Spot {coin} ETF records ${n}M in net inflows as institutional demand grows',
  '{market} suspends {COIN} withdrawals during scheduled wallet maintenance',
  'Security alert: {coin} bridge exploit drains ${n}M, team pauses contracts',
  '{COIN} staking rewards change next epoch according to the governance vote',
  'SEC delays decision on the {coin} ETF application until next quarter',
  '{market} announces {COIN} perpetual futures with up to {n}x leverage',
  '{coin} foundation releases roadmap: sharding, fee market and {tag} integrations',
  'On-chain data shows {COIN} exchange reserves at a multi-year low',
  '{market} delists {COIN} trading pairs after a review of liquidity',
  'Mainnet launch of the {coin} {tag} hub confirmed by core developers',
] as const;

/** Sentences a reviewer eliminates. */
export const DROP_TEMPLATES = [
  'GIVEAWAY! Retweet and follow to win {n} ${COIN}, ends tonight',
  'gm fam, who is bullish on {COIN}? drop your bags below',
  'Join my VIP signals group, {n}x guaranteed on {COIN}, link in bio',
  'Free airdrop claim now, connect wallet to get {n} {COIN} tokens',
  '{COIN} to the moon!!! buy now before it is too late',
  'I just made {n}% on {COIN} with this one simple trick, DM me',
  'Send 0.1 {COIN} and receive {n} back, official promotion',
  'Pump incoming on {COIN}, everyone buy at the same time',
  'New meme coin launching, presale {n}x, not financial advice',
  'Like and share for a chance to win a {coin} hardware wallet',
] as const;

export const TWEET_KEYWORDS: readonly { keyword: string; type: string; unwanted: string[] }[] = [
  { keyword: 'bitcoin', type: 'IMPORTANT', unwanted: ['bitcoin giveaway', 'free bitcoin'] },
  { keyword: 'ethereum', type: 'IMPORTANT', unwanted: ['ethereum airdrop'] },
  { keyword: 'listing', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'delist', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'etf', type: 'RELATIVE', unwanted: [] },
  { keyword: 'exploit', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'staking', type: 'RELATIVE', unwanted: ['staking scam'] },
  { keyword: 'mainnet', type: 'RELATIVE', unwanted: [] },
  { keyword: 'withdrawals', type: 'RELATIVE', unwanted: [] },
  { keyword: 'giveaway', type: 'DEFINITELY_NOT_CONTAINS', unwanted: [] },
  { keyword: 'airdrop', type: 'DEFINITELY_NOT_CONTAINS', unwanted: ['airdrop claim'] },
  { keyword: 'signals', type: 'DEFINITELY_NOT_CONTAINS', unwanted: [] },
  { keyword: 'moon', type: 'NO_FILTER', unwanted: [] },
  { keyword: 'presale', type: 'DEFINITELY_NOT_CONTAINS', unwanted: [] },
  { keyword: 'vitalik', type: 'INFLUENCER', unwanted: [] },
  { keyword: 'saylor', type: 'INFLUENCER', unwanted: ['saylor parody'] },
];

export const NEWS_KEYWORDS: readonly { keyword: string; type: string; unwanted: string[] }[] = [
  { keyword: 'bitcoin', type: 'IMPORTANT', unwanted: ['bitcoin price prediction'] },
  { keyword: 'ethereum', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'listing', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'delist', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'etf', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'sec', type: 'RELATIVE', unwanted: ['sec filing template'] },
  { keyword: 'exploit', type: 'IMPORTANT', unwanted: [] },
  { keyword: 'regulation', type: 'RELATIVE', unwanted: [] },
  { keyword: 'airdrop', type: 'DEFINITELY_NOT_CONTAINS', unwanted: [] },
  { keyword: 'giveaway', type: 'DEFINITELY_NOT_CONTAINS', unwanted: [] },
  { keyword: 'sponsored', type: 'DEFINITELY_NOT_CONTAINS', unwanted: [] },
  { keyword: 'roadmap', type: 'NO_FILTER', unwanted: [] },
];

export const NEWS_SITES = [
  'coindesk.com',
  'theblock.co',
  'decrypt.co',
  'cointelegraph.com',
  'blockworks.co',
  'dlnews.com',
] as const;
