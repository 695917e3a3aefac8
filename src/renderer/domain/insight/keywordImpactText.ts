import type { FilterType } from '../../../shared/bodies/review';
import type { KeywordImpactView } from '../../../shared/responses/insight';

/**
 * How the keyword-impact preview (KeywordImpact.tsx) tells its figures and cuts its matches:
 * plain functions, so that the words and the highlighting are tested apart from the component.
 */

type ServiceImpact = KeywordImpactView['services'][number];
type Match = ServiceImpact['recent'][number]['matches'][number];

/**
 * The preview's accessible name. It leaves out the word "keyword": forms find their Keyword box by
 * its label, and a region named "Keyword …" beside it would match that search as well.
 */
export const KEYWORD_IMPACT_LABEL = 'Impact before saving';

/** The longest keyword the server counts (its body's bound): a longer one is not sent. */
export const KEYWORD_IMPACT_MAX = 100;

export const SERVICE_NAMES: Record<FilterType, string> = { tweets: 'Tweets', news: 'News' };

const count = (value: number) => value.toLocaleString('en-US');

/** "Tweets: 1,204 items (800 kept, 404 eliminated, 120 reviewed)"; "News: no items". */
export function serviceFiguresText(figures: ServiceImpact): string {
  const name = SERVICE_NAMES[figures.service];
  if (figures.total === 0) return `${name}: no items`;
  const items = `${count(figures.total)} item${figures.total === 1 ? '' : 's'}`;
  return `${name}: ${items} (${count(figures.kept)} kept, ${count(figures.eliminated)} eliminated, ${count(figures.reviewed)} reviewed)`;
}

/** The services with the form's own first, the others in the server's order. */
export function servicesFirst(view: KeywordImpactView, first: FilterType): ServiceImpact[] {
  return [
    ...view.services.filter((s) => s.service === first),
    ...view.services.filter((s) => s.service !== first),
  ];
}

/** A piece of a message: plain, or the keyword as matched. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * A message cut into plain and matched parts from the server's offsets (UTF-16, as JavaScript
 * indexes strings). Offsets outside the text or overlapping an earlier match are left out, so a
 * wrong offset can never repeat or lose a character of the message.
 */
export function highlightParts(message: string, matches: readonly Match[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const sorted = [...matches].sort((a, b) => a.start - b.start);
  for (const { start, length } of sorted) {
    const end = start + length;
    if (length <= 0 || start < at || end > message.length) continue;
    if (start > at) parts.push({ text: message.slice(at, start), match: false });
    parts.push({ text: message.slice(start, end), match: true });
    at = end;
  }
  if (at < message.length) parts.push({ text: message.slice(at), match: false });
  return parts;
}

/** How much of a long message a match shows, and how much of it before the first match. */
const SNIPPET = 180;
const LEAD = 60;

/**
 * A long message cut around its first match (with "…" where it was cut), its offsets moved to
 * match, so that the highlighted word is in view in a compact preview.
 */
export function snippetOf(
  message: string,
  matches: readonly Match[],
): { message: string; matches: Match[] } {
  if (message.length <= SNIPPET) return { message, matches: [...matches] };
  const first = Math.min(...matches.map((m) => m.start), message.length);
  const from = first === message.length ? 0 : Math.max(0, first - LEAD);
  const to = Math.min(message.length, from + SNIPPET);
  const before = from > 0 ? '…' : '';
  const after = to < message.length ? '…' : '';
  return {
    message: `${before}${message.slice(from, to)}${after}`,
    matches: matches
      .filter((m) => m.start >= from && m.start + m.length <= to)
      .map((m) => ({ start: m.start - from + before.length, length: m.length })),
  };
}
