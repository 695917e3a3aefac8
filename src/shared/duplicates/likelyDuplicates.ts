import { bigramsOfSquashed, dice, domainOf, fingerprint, handleOf, squashed } from './recordKeys';

/**
 * Likely duplicates (issue 49): for a detected currency or market, the catalogue records it most
 * likely is, ranked, each with the evidence that matched and the evidence that speaks against it.
 * Evidence is weighed, not counted: a symbol or a name word is shared by many different tokens
 * ("a name match is not identity"), a website domain or a social handle rarely is, and two records
 * that both name a website and share none are most likely two projects. A suggestion is a hint for
 * a person; nothing here acts on it.
 */

/** The fields of SPEC.md 3's Currency (and Market) that evidence is read from; all optional. */
export interface ReferenceRecord {
  uniqueName?: string | undefined;
  name?: string | undefined;
  /** A currency's symbol (SPEC.md 3's `currency`). */
  currency?: string | undefined;
  website?: readonly string[] | undefined;
  socials?: Readonly<Record<string, string | undefined>> | undefined;
  marketTradingPairs?:
    | readonly {
        market?: string | undefined;
        tradingPairs?: readonly { otherCurrency?: string | undefined }[] | undefined;
      }[]
    | undefined;
}

export type EvidenceKind =
  'unique name' | 'name' | 'similar name' | 'symbol' | 'website' | 'social' | 'trading pairs';

export interface Evidence {
  kind: EvidenceKind;
  /** True: it says the two are one; false: it speaks against. */
  matches: boolean;
  /** What a person reads: "same website domain bitcoin.org", "different symbol (BCH, BTC)". */
  text: string;
  weight: number;
}

export interface Suggestion {
  /** The catalogue record's position in the list the index was built from. */
  index: number;
  score: number;
  /** At or above LIKELY_SCORE: worth a look before saving the detected record as new. */
  likely: boolean;
  evidence: Evidence[];
}

/** The score from which a suggestion is "likely" (a name and a symbol, or a website alone). */
export const LIKELY_SCORE = 6;
/** Names at least this alike (Dice's coefficient of their bigrams) count as similar. */
export const SIMILAR_NAME = 0.75;
const SUGGESTED = 5;

const WEIGHTS = {
  uniqueName: 6,
  name: 4,
  similarName: 4,
  symbol: 2,
  otherSymbol: -2,
  website: 5,
  otherWebsite: -4,
  social: 5,
  otherSocial: -3,
  pairs: 2,
} as const;

/** What one record is compared on, worked out once. */
interface Keys {
  unique: string;
  fingerprint: string;
  squashed: string;
  grams: Set<string>;
  symbol: string;
  domains: Set<string>;
  handles: Map<string, string>;
  pairs: Set<string>;
}

function keysOf(record: ReferenceRecord): Keys {
  const domains = new Set<string>();
  for (const url of record.website ?? []) {
    const domain = domainOf(url);
    if (domain) domains.add(domain);
  }
  const handles = new Map<string, string>();
  for (const [network, value] of Object.entries(record.socials ?? {})) {
    const handle = handleOf(value);
    if (handle) handles.set(network, handle);
  }
  const pairs = new Set<string>();
  for (const market of record.marketTradingPairs ?? [])
    for (const pair of market.tradingPairs ?? [])
      if (market.market && pair.otherCurrency)
        pairs.add(`${market.market.toLowerCase()}:${pair.otherCurrency.toLowerCase()}`);
  const name = squashed(record.name);
  return {
    unique: squashed(record.uniqueName),
    fingerprint: fingerprint(record.name),
    squashed: name,
    grams: bigramsOfSquashed(name),
    symbol: (record.currency ?? '').trim().toLowerCase(),
    domains,
    handles,
    pairs,
  };
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * A catalogue ready to be asked: its records' keys and where each key is found, built once (a
 * 20,000-currency catalogue in well under a second), then asked for any number of detected records.
 */
export class DuplicateIndex {
  readonly #keys: Keys[];
  readonly #byKey = new Map<string, number[]>();
  readonly #byGram = new Map<string, number[]>();
  /** Bigrams each record shares with the name being asked about, reset after each question. */
  readonly #shared: Uint16Array;

  constructor(records: readonly ReferenceRecord[]) {
    this.#keys = records.map(keysOf);
    this.#shared = new Uint16Array(records.length);
    this.#keys.forEach((k, i) => {
      if (k.unique) push(this.#byKey, `u:${k.unique}`, i);
      if (k.fingerprint) push(this.#byKey, `f:${k.fingerprint}`, i);
      if (k.squashed) push(this.#byKey, `s:${k.squashed}`, i);
      if (k.symbol) push(this.#byKey, `y:${k.symbol}`, i);
      for (const d of k.domains) push(this.#byKey, `d:${d}`, i);
      for (const [network, h] of k.handles) push(this.#byKey, `h:${network}:${h}`, i);
      for (const g of k.grams) push(this.#byGram, g, i);
    });
  }

  /**
   * The records most likely to be `detected`, best first: at most five, each with something in
   * common with it. One the evidence against outweighs is still listed (below those it does not),
   * so that a person sees the namesake and why it is another; only `likely` ones are urged.
   */
  suggest(detected: ReferenceRecord, limit = SUGGESTED): Suggestion[] {
    const keys = keysOf(detected);
    const candidates = new Set<number>();
    const add = (key: string) => this.#byKey.get(key)?.forEach((i) => candidates.add(i));
    if (keys.unique) add(`u:${keys.unique}`);
    if (keys.fingerprint) add(`f:${keys.fingerprint}`);
    if (keys.squashed) add(`s:${keys.squashed}`);
    if (keys.symbol) add(`y:${keys.symbol}`);
    for (const d of keys.domains) add(`d:${d}`);
    for (const [network, h] of keys.handles) add(`h:${network}:${h}`);
    for (const i of this.#similarNames(keys.grams)) candidates.add(i);
    const suggestions: Suggestion[] = [];
    for (const index of candidates) {
      const evidence = compare(keys, this.#keys[index]!);
      const score = evidence.reduce((sum, e) => sum + e.weight, 0);
      if (evidence.some((e) => e.matches))
        suggestions.push({ index, score, likely: score >= LIKELY_SCORE, evidence });
    }
    return suggestions.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit);
  }

  /** Records whose names share enough bigrams to be SIMILAR_NAME alike, from the bigram lists. */
  #similarNames(grams: ReadonlySet<string>): number[] {
    if (grams.size === 0) return [];
    // Counted in a typed array, not a map: a common bigram ("in", "co") lists thousands of names.
    const shared = this.#shared;
    const touched: number[] = [];
    for (const g of grams)
      for (const i of this.#byGram.get(g) ?? []) {
        if (shared[i] === 0) touched.push(i);
        shared[i] = (shared[i] ?? 0) + 1;
      }
    const found: number[] = [];
    for (const i of touched) {
      // Dice = 2n / (|a| + |b|) >= SIMILAR_NAME, checked on the counts before the sets.
      if ((2 * shared[i]!) / (grams.size + this.#keys[i]!.grams.size) >= SIMILAR_NAME)
        found.push(i);
      shared[i] = 0;
    }
    return found;
  }
}

/** What speaks for and against `a` and `b` being one record. */
function compare(a: Keys, b: Keys): Evidence[] {
  const evidence: Evidence[] = [];
  const say = (kind: EvidenceKind, matches: boolean, text: string, weight: number) =>
    evidence.push({ kind, matches, text, weight });
  if (a.unique && a.unique === b.unique)
    say('unique name', true, 'same unique name', WEIGHTS.uniqueName);
  if (a.fingerprint && (a.fingerprint === b.fingerprint || a.squashed === b.squashed))
    say('name', true, 'same name, written otherwise', WEIGHTS.name);
  else {
    const alike = dice(a.grams, b.grams);
    if (alike >= SIMILAR_NAME)
      say(
        'similar name',
        true,
        `similar name (${alike.toFixed(2)} alike)`,
        WEIGHTS.similarName * alike,
      );
  }
  if (a.symbol && b.symbol) {
    if (a.symbol === b.symbol)
      say('symbol', true, `same symbol ${a.symbol.toUpperCase()}`, WEIGHTS.symbol);
    else
      say(
        'symbol',
        false,
        `different symbol (${a.symbol.toUpperCase()}, ${b.symbol.toUpperCase()})`,
        WEIGHTS.otherSymbol,
      );
  }
  if (a.domains.size > 0 && b.domains.size > 0) {
    const same = [...a.domains].find((d) => b.domains.has(d));
    if (same) say('website', true, `same website domain ${same}`, WEIGHTS.website);
    else say('website', false, 'different websites', WEIGHTS.otherWebsite);
  }
  for (const [network, handle] of a.handles) {
    const other = b.handles.get(network);
    if (other === undefined) continue;
    if (other === handle) say('social', true, `same ${network} handle ${handle}`, WEIGHTS.social);
    else say('social', false, `different ${network} handle`, WEIGHTS.otherSocial);
  }
  if (a.pairs.size > 0 && b.pairs.size > 0) {
    const shared = [...a.pairs].filter((p) => b.pairs.has(p)).length;
    if (shared >= 2) say('trading pairs', true, `${shared} trading pairs in common`, WEIGHTS.pairs);
  }
  return evidence;
}
