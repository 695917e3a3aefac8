/**
 * The hidden truth of the demo review data: what a careful reviewer decides for an item, so that
 * the quality estimates can be measured against it. A demo text is written from a template of
 * things a reviewer keeps or of noise a reviewer eliminates (reviewCorpus.ts); the careful
 * reviewer goes by that template. The demo's own labels (`keep` of createTextGenerator) differ on
 * a share of items on purpose, as real reviewers sometimes do, so the truth is read back from the
 * text instead: it needs no stored column, leaves the demo data exactly as it was, and works from
 * what a reviewer sees on the card (the message), in a unit test or an E2E test alike.
 *
 * A classifier or reviewer of chosen quality over this truth: src/shared/quality/simulation.ts.
 */
import { COINS, DROP_TEMPLATES, KEEP_TEMPLATES, MARKET_NAMES, TAGS } from './reviewCorpus';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (values: readonly string[]) => `(?:${values.map(escape).join('|')})`;

/** What each placeholder of a template is filled with (demoReview.ts, createTextGenerator). */
const PLACEHOLDERS = new Map([
  ['{coin}', anyOf(COINS.map((c) => c.name))],
  ['{COIN}', anyOf(COINS.map((c) => c.symbol))],
  ['{market}', anyOf(MARKET_NAMES)],
  ['{tag}', anyOf(TAGS)],
  ['{n}', '\\d+'],
]);

const patternOf = (template: string) =>
  new RegExp(
    `^${template
      .split(/(\{coin\}|\{COIN\}|\{market\}|\{tag\}|\{n\})/)
      .map((part) => PLACEHOLDERS.get(part) ?? escape(part))
      .join('')}$`,
  );

const KEEP_PATTERNS = KEEP_TEMPLATES.map(patternOf);
const DROP_PATTERNS = DROP_TEMPLATES.map(patternOf);

/**
 * The careful reviewer's decision on a demo message: true (keep) for a message written from a
 * keep template, false for one from a noise template, null for a message the demo generator did
 * not write (no truth is known for it).
 */
export function demoTruth(message: string): boolean | null {
  if (KEEP_PATTERNS.some((pattern) => pattern.test(message))) return true;
  if (DROP_PATTERNS.some((pattern) => pattern.test(message))) return false;
  return null;
}
