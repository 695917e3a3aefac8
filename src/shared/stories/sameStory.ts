import type { StoryText } from './storyText';

/** One item as grouping compares it: what it says without its source's boilerplate. */
export interface StoryFacts {
  kind: 'tweet' | 'news';
  /** The account (lower case) or website. */
  source: string;
  /** The tweet's own id (tweetId), which a quote links to; null for news. */
  ownId: string | null;
  repeats: string | null;
  added: ReadonlySet<string>;
  quotes: readonly string[];
  cut: boolean;
  /** Whether the message says anything of its own, boilerplate or not (a bare link says nothing). */
  saysAnything: boolean;
  words: ReadonlySet<string>;
  coins: ReadonlySet<string>;
  numbers: ReadonlySet<string>;
  /** Its sentences' words and names, to tell a name the story gives from one its page adds. */
  sentences: readonly { words: readonly string[]; names: readonly string[] }[];
}

/**
 * The thresholds, chosen on the labelled corpus (tests/fixtures/stories/, `npm run eval --
 * stories`): a retweet or a quote without text of its own repeats its tweet word for word, so
 * tweets must share nearly all their words; wire copies edit headlines, reorder sentences and
 * drop one, so news may share less, or one copy may hold nearly all of the other.
 */
export const STORY_THRESHOLDS = {
  tweetJaccard: 0.9,
  /** A retweet cut short, against its tweet or another retweet of it: how much of it is there. */
  repeatContainment: 0.8,
  newsJaccard: 0.5,
  newsContainment: 0.8,
  /** Fewer shared words than this is a coincidence ("gm", "LFG"), unless one repeats the other. */
  minSharedWords: 4,
  /** Names (who, where) both sides give, of all they give, when each gives some of its own. */
  names: 0.6,
  /** Sentences of some length one news item retells from the other nearly word for word. */
  newsSentences: 2,
} as const;

/**
 * A sentence seen this often from one source (website or account) is that source's boilerplate
 * (a newsletter line, a disclaimer, an account's signature hashtags), not the story.
 */
export const BOILERPLATE_SEEN = 3;

/** The facts of an item, its source's boilerplate sentences left out. */
export function storyFacts(
  kind: 'tweet' | 'news',
  source: string,
  ownId: string | null,
  text: StoryText,
  isBoilerplate: (sentenceKey: string) => boolean,
): StoryFacts {
  const words = new Set<string>();
  const coins = new Set<string>();
  const numbers = new Set<string>();
  const sentences: { words: string[]; names: string[] }[] = [];
  for (const sentence of text.sentences) {
    if (sentence.whole !== '' && isBoilerplate(sentence.whole)) continue;
    for (const w of sentence.key.split(' ')) if (w) words.add(w);
    for (const c of sentence.coins) coins.add(c);
    for (const n of sentence.numbers) numbers.add(n);
    sentences.push({ words: sentence.key.split(' ').filter(Boolean), names: sentence.names });
  }
  return {
    kind,
    source: source.toLowerCase(),
    ownId,
    repeats: text.repeats,
    added: new Set(text.added),
    quotes: text.quotes,
    cut: text.cut,
    saysAnything: text.sentences.some((s) => s.key !== ''),
    words,
    coins,
    numbers,
    sentences,
  };
}

/**
 * Whether two items tell the same story. A different coin or a different figure on each side
 * (a price alert for another coin, the same coin at another price) is another story however alike
 * the words; so is a quote with words of its own, which is a new post about the one it quotes.
 */
export function sameStory(a: StoryFacts, b: StoryFacts): boolean {
  if (a.kind !== b.kind) return false;
  if (eachHasItsOwn(a.coins, b.coins) || eachHasItsOwn(a.numbers, b.numbers, sameFigure))
    return false;
  const aNames = namesTold(a, b);
  const bNames = namesTold(b, a);
  if (eachHasItsOwn(aNames, bNames) && jaccardOf(aNames, bNames) < STORY_THRESHOLDS.names)
    return false;
  if (a.kind === 'tweet') {
    if (!sameAdded(a.added, b.added)) return false;
    // Quotes of two different tweets are two posts, however alike their own words.
    if (a.quotes.length > 0 && b.quotes.length > 0 && !a.quotes.some((q) => b.quotes.includes(q)))
      return false;
    // A quote that adds nothing to a link is the tweet it links to.
    if (!a.saysAnything && b.ownId !== null && a.quotes.includes(b.ownId)) return true;
    if (!b.saysAnything && a.ownId !== null && b.quotes.includes(a.ownId)) return true;
  }
  const shared = sharedCount(a.words, b.words);
  const repeat = a.repeats === b.source || b.repeats === a.source;
  const sameOrigin = repeat || (a.repeats !== null && a.repeats === b.repeats);
  // A short tweet ("🚨 $XRP just lost $0.65!") shares few words with its own retweets: all of them.
  const wordForWord = shared > 0 && shared === a.words.size && shared === b.words.size;
  if (shared < STORY_THRESHOLDS.minSharedWords && !(sameOrigin && wordForWord)) return false;
  const union = a.words.size + b.words.size - shared;
  const jaccard = union === 0 ? 0 : shared / union;
  const smaller = Math.min(a.words.size, b.words.size);
  if (a.kind === 'tweet') {
    // A retweet cut short ("…") holds every word of its tweet up to the cut, the cut word aside.
    const shorter = a.words.size <= b.words.size ? a : b;
    const cutShort =
      shorter.cut &&
      shared >= smaller - 1 &&
      shared / smaller >= STORY_THRESHOLDS.repeatContainment;
    return jaccard >= STORY_THRESHOLDS.tweetJaccard || (sameOrigin && cutShort);
  }
  const containment = shared / smaller;
  return (
    jaccard >= STORY_THRESHOLDS.newsJaccard ||
    containment >= STORY_THRESHOLDS.newsContainment ||
    Math.max(sentencesRetold(a, b), sentencesRetold(b, a)) >= STORY_THRESHOLDS.newsSentences
  );
}

/** Whether each side has something (a coin, a figure, a name) that the other does not. */
function eachHasItsOwn(
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  same: (x: string, y: string) => boolean = (x, y) => x === y,
): boolean {
  const ownOf = (from: ReadonlySet<string>, other: ReadonlySet<string>): boolean => {
    for (const x of from) {
      if (other.has(x)) continue;
      let found = false;
      for (const y of other)
        if (same(x, y)) {
          found = true;
          break;
        }
      if (!found) return true;
    }
    return false;
  };
  return ownOf(a, b) && ownOf(b, a);
}

/**
 * One figure written two ways: the same kind ($, %, plain) within 1% of each other, as a copy
 * rounds "$50,810" to "$50.8k".
 */
function sameFigure(x: string, y: string): boolean {
  const kind = (v: string): string =>
    v.startsWith('$') ? '$' : v.endsWith('%') ? '%' : v.includes(':') ? ':' : '';
  if (kind(x) !== kind(y) || kind(x) === ':') return false;
  const a = Number(x.replace(/[$%]/g, ''));
  const b = Number(y.replace(/[$%]/g, ''));
  return (
    Number.isFinite(a) &&
    Number.isFinite(b) &&
    Math.abs(a - b) <= 0.01 * Math.max(Math.abs(a), Math.abs(b))
  );
}

/**
 * The names `a` gives in sentences that tell what `b` tells too (half their words in `b`): a
 * page's own line ("Featured image from Unsplash") names nothing of the story.
 */
function namesTold(a: StoryFacts, b: StoryFacts): Set<string> {
  const names = new Set<string>();
  for (const sentence of a.sentences) {
    if (sentence.names.length === 0) continue;
    const inB = sentence.words.filter((w) => b.words.has(w)).length;
    if (inB * 2 >= sentence.words.length) for (const n of sentence.names) names.add(n);
  }
  return names;
}

/** A quote's own words: the same on both sides (both none, or a retweet of the same quote). */
function sameAdded(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 && b.size === 0) return true;
  if (a.size === 0 || b.size === 0) return false;
  const shared = sharedCount(a, b);
  return shared / (a.size + b.size - shared) >= 0.5;
}

/** How many of `a`'s sentences of five words or more `b` retells (nine words in ten). */
function sentencesRetold(a: StoryFacts, b: StoryFacts): number {
  let n = 0;
  for (const sentence of a.sentences) {
    if (sentence.words.length < 5) continue;
    const inB = sentence.words.filter((w) => b.words.has(w)).length;
    if (inB >= 0.9 * sentence.words.length) n += 1;
  }
  return n;
}

function jaccardOf(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const shared = sharedCount(a, b);
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const x of small) if (large.has(x)) n += 1;
  return n;
}
