import { FOLD_FROM, FOLD_TO, SPACE_CLASS, WORD_CLASS } from './wordCharacters';

/**
 * Whole-word matching of a keyword in an item's text, any case (keyword impact, DESIGN.md,
 * Extensions):
 * - the keyword's spaces (any run of them) match any run of spaces, so a keyword of several words
 *   is a phrase;
 * - every other character matches itself in either case (wordCharacters.ts folds letters);
 * - a match is neither preceded nor followed by a word character: 'eth' is not found in
 *   'Ethereum', '$BTC' is found in 'Buy $BTC!' and '#$BTC' but not in 'US$BTC', 'pump-and-dump'
 *   is found in 'a pump-and-dump?' but not in 'pump-and-dumps'.
 * The same regular expression runs in PostgreSQL (matching the items, with the trigram index to
 * narrow what it reads) and in JavaScript (the offsets of each match, for highlighting).
 */

const SPACES = new RegExp(`[${SPACE_CLASS}]+`, 'gu');
/** One word as insight_words keeps it: a run of word characters, maybe after one other character. */
const WORD_TOKEN = `(?:[${WORD_CLASS}]+|[^${WORD_CLASS}${SPACE_CLASS}][${WORD_CLASS}]+)`;
const COUNTED = new RegExp(`^${WORD_TOKEN}(?: ${WORD_TOKEN})?$`, 'u');
/** A run of digits alone, which insight_words does not count. */
const DIGITS_ALONE = new RegExp(`(?:^|[^${WORD_CLASS}])[0-9]+(?:$|[^${WORD_CLASS}])`, 'u');

const FOLD = new Map<string, string>();
const VARIANTS = new Map<string, string[]>();
{
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  from.forEach((upper, i) => FOLD.set(upper, to[i]!));
  for (let c = 0x41; c <= 0x5a; c++) FOLD.set(String.fromCharCode(c), String.fromCharCode(c + 32));
  for (const [upper, lower] of FOLD) VARIANTS.set(lower, [...(VARIANTS.get(lower) ?? []), upper]);
}

/** A character as insight_fold writes it: one case for the letters wordCharacters.ts pairs. */
export const foldChar = (c: string): string => FOLD.get(c) ?? c;
export const fold = (text: string): string => [...text].map(foldChar).join('');

/** The keyword as matched: without spaces at either end, each run of them one space. */
export const normalizeKeyword = (keyword: string): string => keyword.replace(SPACES, ' ').trim();

/**
 * The keyword as insight_words counts it (migration 9), or null. It counts, in an item's text:
 * each run of word characters; each such run after one other character that no word character
 * precedes ('$btc', '#eth', '@user', but not the '$btc' of 'US$btc'); and each pair of those
 * apart by spaces only, where the first ends its stretch of text and the second begins the next
 * ('bitcoin etf', 'buy $btc'); but not a run of digits alone ('2024', '$100', 'tweet 5'). A
 * keyword of that shape, at most 100 characters, matches exactly the items whose text holds it,
 * so its figures are read, not searched.
 */
export function keywordToken(keyword: string): string | null {
  const folded = fold(normalizeKeyword(keyword));
  return COUNTED.test(folded) && !DIGITS_ALONE.test(folded) && [...folded].length <= 100
    ? folded
    : null;
}

/** One character of the keyword as a pattern: its case variants, or itself escaped. */
function charPattern(c: string, escape: (c: string) => string): string {
  const lower = foldChar(c);
  const variants = [lower, ...(VARIANTS.get(lower) ?? [])];
  return variants.length > 1 ? `[${variants.join('')}]` : escape(c);
}

function patternOf(keyword: string, escape: (c: string) => string): string {
  const body = [...normalizeKeyword(keyword)]
    .map((c) => (c === ' ' ? `[${SPACE_CLASS}]+` : charPattern(c, escape)))
    .join('');
  return `(?<![${WORD_CLASS}])${body}(?![${WORD_CLASS}])`;
}

/**
 * PostgreSQL's form (an ARE, for `~`): an ASCII character that is not a letter or a digit is
 * escaped with a backslash, which makes any such character literal there.
 */
export const sqlPattern = (keyword: string): string =>
  patternOf(keyword, (c) => (/^[\x20-\x7e]$/.test(c) && !/^[0-9A-Za-z]$/.test(c) ? `\\${c}` : c));

/** JavaScript's form: only its syntax characters are escaped (the u flag refuses other escapes). */
const jsPattern = (keyword: string): RegExp =>
  new RegExp(
    patternOf(keyword, (c) => c.replace(/[\\^$.*+?()[\]{}|/]/g, (s) => `\\${s}`)),
    'gu',
  );

/** Where the keyword matches a text: UTF-16 start and length of each match, left to right. */
export function matchesIn(text: string, keyword: string): { start: number; length: number }[] {
  return [...text.matchAll(jsPattern(keyword))].map((m) => ({
    start: m.index,
    length: m[0].length,
  }));
}
