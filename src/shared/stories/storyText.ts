/**
 * What an item says, read for grouping into stories (issue 48): the words that carry its content,
 * the coins and the numbers it names, its sentences (to tell a website's boilerplate from the
 * story), and what a tweet repeats or quotes. Pure and shared: the reference server groups with
 * it as items arrive, and `npm run eval -- stories` measures the same code.
 */

/** Only what grouping reads of an item: SPEC.md 3's fields, kind by kind. */
export interface StoryInput {
  kind: 'tweet' | 'news';
  message: string;
  /** The tweet's account (twitterUserName) or the news item's website. */
  source: string;
  /** The news item's cryptoCurrencyList symbols; none for a tweet. */
  symbols?: readonly string[];
}

export interface StoryText {
  /** What the item itself says, sentence by sentence (see StorySentence). */
  sentences: StorySentence[];
  /** A retweet's or a quote's own account, when the message names it ("RT @x:", "QT @x:"). */
  repeats: string | null;
  /** Words the item adds before a quote ("QT @x: ..."); empty for everything else. */
  added: string[];
  /** Tweets the message links to (the ids in twitter.com/x.com status links): what it quotes. */
  quotes: string[];
  /** The message ends cut short ("…"), as long retweets arrive. */
  cut: boolean;
}

/** One sentence: its content words joined by one space (its key), and what it names. */
export interface StorySentence {
  key: string;
  /** The sentence whole, its figures and coins too: what a source's boilerplate repeats. */
  whole: string;
  coins: string[];
  numbers: string[];
  /** The names it gives (capitalised words inside the sentence): who and where. */
  names: string[];
  /** Its first word, when capitalised only perhaps because it starts the sentence. */
  first: string | null;
}

/** Words too common to say what a story is about; dropped from every sentence. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by for from has have had he her his in into is it its of on ' +
    'or our she so than that the their them then there these they this those to was were will ' +
    'with we you your i me my us after before over about amid just now new says said also more ' +
    'than up out via per all any can could would should may might not no yes do does did being ' +
    'which who whom what when where why how here today'
  ).split(' '),
);

/**
 * Coins a message names in words or by their usual symbol. A cashtag ($XYZ) or a symbol in
 * parentheses ("Solana (SOL)") names any other coin; the news item's own cryptoCurrencyList is read
 * too. Names map to one symbol, so that "Bitcoin" in one copy and "BTC" in another agree.
 */
const COIN_NAMES: Readonly<Record<string, string>> = {
  bitcoin: 'BTC',
  btc: 'BTC',
  ethereum: 'ETH',
  ether: 'ETH',
  eth: 'ETH',
  solana: 'SOL',
  sol: 'SOL',
  ripple: 'XRP',
  xrp: 'XRP',
  cardano: 'ADA',
  ada: 'ADA',
  dogecoin: 'DOGE',
  doge: 'DOGE',
  polkadot: 'DOT',
  litecoin: 'LTC',
  ltc: 'LTC',
  chainlink: 'LINK',
  avalanche: 'AVAX',
  avax: 'AVAX',
  tron: 'TRX',
  trx: 'TRX',
  polygon: 'MATIC',
  matic: 'MATIC',
  shiba: 'SHIB',
  shib: 'SHIB',
  tether: 'USDT',
  usdt: 'USDT',
  usdc: 'USDC',
  bnb: 'BNB',
  toncoin: 'TON',
  xlm: 'XLM',
  monero: 'XMR',
  xmr: 'XMR',
  uniswap: 'UNI',
  aptos: 'APT',
  arbitrum: 'ARB',
  pepe: 'PEPE',
  sui: 'SUI',
  filecoin: 'FIL',
  hedera: 'HBAR',
  hbar: 'HBAR',
  kaspa: 'KAS',
  injective: 'INJ',
  celestia: 'TIA',
  algorand: 'ALGO',
};

const STATUS_LINK = /(?:twitter|x)\.com\/\w+\/status(?:es)?\/(\d+)/gi;
const URL = /\b(?:https?:\/\/|www\.)\S+/gi;
const REPEAT_PREFIX = /^\s*(?:RT|rt)\s+@(\w+)\s*:?\s*/;
const QUOTE_MARK = /\bQT\s+@(\w+)\s*:?\s*/;
const CASHTAG = /(?:^|[^\w$])\$([A-Za-z][A-Za-z0-9]{1,9})\b/g;
const PAREN_SYMBOL = /\(([A-Z][A-Z0-9]{1,9})\)/g;
/** A number with its unit: $45,000, 45k, 5.2%, 1.5 billion, 2,000 BTC (the unit read apart). */
const NUMBER =
  /(\$)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(%|percent\b|k\b|m\b|mn\b|b\b|bn\b|thousand\b|million\b|billion\b|trillion\b)?/gi;
const SCALE: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  trillion: 1e12,
};
/** "BREAKING:", "JUST IN:": a headline's flag, in capitals before a colon. */
const FLAG = /^\s*\p{Lu}[\p{Lu} ]{2,}:\s*/u;
/** A word, with a dot inside it kept (Gate.io). */
const NAME_TOKEN = /[\p{L}\p{N}]+(?:\.[\p{L}]+)*/gu;
/** A capitalised word that no sentence starts with by grammar: capitals inside it, or a dot. */
const ONLY_A_NAME = /^\p{Lu}[\p{L}\p{N}]*(?:\p{Lu}|\.\p{L})/u;
const TIME_OF_DAY = /\b(\d{1,2}):(\d{2})\b/g;
const SENTENCE_END = /(?<=[.!?…])\s+|\n+|\s[|•·–—]\s/;
const WORD = /[\p{L}\p{N}]+/gu;

/** Reads an item for grouping: see StoryText. */
export function storyText(input: StoryInput): StoryText {
  let message = input.message
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  let repeats: string | null = null;
  let added: string[] = [];
  for (let m = REPEAT_PREFIX.exec(message); m; m = REPEAT_PREFIX.exec(message)) {
    repeats ??= (m[1] ?? '').toLowerCase();
    message = message.slice(m[0].length);
  }
  const quote = QUOTE_MARK.exec(message);
  if (quote) {
    repeats ??= (quote[1] ?? '').toLowerCase();
    added = wordsOf(message.slice(0, quote.index).replace(URL, ' '));
    message = message.slice(quote.index + quote[0].length);
  }
  const quotes = [...message.matchAll(STATUS_LINK)].flatMap((m) => (m[1] ? [m[1]] : []));
  message = message.replace(URL, ' ');
  const listed = (input.symbols ?? []).map((s) => s.toUpperCase()).filter((s) => s.length > 0);
  const sentences = message
    .split(SENTENCE_END)
    .map((text) => {
      const key = wordsOf(text.replace(TIME_OF_DAY, ' ').replace(NUMBER, ' ')).join(' ');
      const coins = [...coinsOf(text)];
      const numbers = [...numbersOf(text)];
      return {
        key,
        whole: [key, ...coins, ...numbers].join(' '),
        coins,
        numbers,
        ...namesOf(text),
      };
    })
    .filter((s) => s.whole.length > 0);
  // A sentence's first word is a name too when the item writes it capitalised inside a sentence.
  const inside = new Set(sentences.flatMap((s) => s.names));
  for (const sentence of sentences)
    if (sentence.first !== null && inside.has(sentence.first)) sentence.names.push(sentence.first);
  // The news item's listed coins belong to what it says, whichever sentence names them.
  if (listed.length > 0)
    sentences.push({ key: '', whole: '', coins: listed, numbers: [], names: [], first: null });
  const cut = /(?:…|\.\.\.)\s*$/.test(message.trim());
  return { sentences, repeats, added, quotes, cut };
}

/** The content words of a text: lower case, stop words and one-letter words dropped, plurals folded. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const w = m[0];
    if (w.length < 2 || STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    words.push(w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return words;
}

/**
 * The names a sentence gives: its capitalised words, folded as words are. Its first word counts
 * only when it could be nothing but a name (KuCoin, OKX, Gate.io), since every sentence capitalises
 * its first word; a flag such as "BREAKING:" is not a name. A sentence in title case (a headline)
 * capitalises every word, so it gives none: its names are in the sentences that tell the story.
 */
function namesOf(sentence: string): { names: string[]; first: string | null } {
  const text = sentence.replace(FLAG, '');
  const tokens = [...text.matchAll(NAME_TOKEN)].map((m) => m[0]);
  const content = tokens.filter(
    (t) => t.length > 1 && !STOP_WORDS.has(t.toLowerCase()) && !/^\d/.test(t),
  );
  const capitalised = content.filter((t) => /^\p{Lu}/u.test(t));
  if (content.length >= 5 && capitalised.length / content.length >= 0.7)
    return { names: [], first: null };
  // A coin's name and its symbol are one name ("Avalanche", "AVAX").
  const fold = (t: string): string[] =>
    wordsOf(t.replace(/\./g, '')).map((w) => COIN_NAMES[w] ?? w);
  const head = capitalised[0];
  const startsIt = head !== undefined && head === tokens[0];
  const names = capitalised.filter((t, i) => i > 0 || !startsIt || ONLY_A_NAME.test(t));
  const first = startsIt && !ONLY_A_NAME.test(head) ? (fold(head)[0] ?? null) : null;
  return { names: [...new Set(names.flatMap(fold))], first };
}

function coinsOf(message: string): Set<string> {
  const coins = new Set<string>();
  for (const [, symbol] of message.matchAll(CASHTAG)) if (symbol) coins.add(symbol.toUpperCase());
  for (const [, symbol] of message.matchAll(PAREN_SYMBOL)) if (symbol) coins.add(symbol);
  for (const m of message.toLowerCase().matchAll(WORD)) {
    const symbol = COIN_NAMES[m[0]];
    if (symbol) coins.add(symbol);
  }
  return coins;
}

/**
 * The numbers a message states, each as one value with its kind ("45000", "$45000", "5.2%"), and
 * its times of day ("8:00").
 */
function numbersOf(message: string): Set<string> {
  const numbers = new Set<string>();
  for (const m of message.matchAll(TIME_OF_DAY)) numbers.add(`${Number(m[1])}:${m[2]}`);
  for (const m of message.replace(TIME_OF_DAY, ' ').matchAll(NUMBER)) {
    const [, dollar, digits = '', unitText] = m;
    const unit = unitText?.toLowerCase();
    const value = Number(digits.replace(/,/g, '')) * (unit ? (SCALE[unit] ?? 1) : 1);
    if (!Number.isFinite(value)) continue;
    // A year ("2026") dates the text, not the story: copies add and drop it freely.
    const percent = unit === '%' || unit === 'percent';
    if (!dollar && !percent && !unit && Number.isInteger(value) && value >= 1990 && value <= 2100)
      continue;
    numbers.add(`${dollar ? '$' : ''}${Number(value.toPrecision(6))}${percent ? '%' : ''}`);
  }
  return numbers;
}
