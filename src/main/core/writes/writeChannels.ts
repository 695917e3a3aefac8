import { callOfChannel, CHANNELS, type BridgeChannel } from '../../../shared/bridge';
import type { FilterType } from '../../../shared/bodies/review';
import { recordTargetOf, reviewTarget, type JournalArea } from '../../../shared/journal';

/**
 * Which provider channels write, and how a write is told in the journal. Every declared call that
 * is not a GET writes, except the three review reads that SPEC.md 7 sends as POST (filter, count,
 * find by id), the keyword-impact preview (DESIGN.md, Extensions) and the work queue's leases:
 * tests/unit/main/writeChannels.test.ts walks every channel against this rule.
 */
export const POSTED_READS: ReadonlySet<BridgeChannel> = new Set<BridgeChannel>([
  'review.filter',
  'review.count',
  'review.findById',
  // The keyword-impact extension (DESIGN.md, Extensions) counts what a keyword would touch; it
  // saves nothing.
  'insight.keywordImpact',
  // Which stories a page's items are in (the stories extension): a question, not a change.
  'stories.ofItems',
]);

/**
 * The work queue's leases (the claims extension) change no item: they are not the user's writes,
 * and a renewal every few minutes while cards are on screen would bury the journal.
 */
export const isLeaseChannel = (channel: BridgeChannel): boolean => channel.startsWith('claims.');

export function isWriteChannel(channel: BridgeChannel): boolean {
  if (CHANNELS[channel].kind === 'local' || POSTED_READS.has(channel) || isLeaseChannel(channel))
    return false;
  return callOfChannel(channel, 'tweets')?.method !== 'GET';
}

const KEYWORD_CHANNELS = new Set([
  'review.addKeyword',
  'review.updateKeyword',
  'review.deleteKeyword',
  'review.deleteUnwantedUsage',
]);

/** The journal's area: the channel's group, with the review group's keyword and model calls apart. */
export function areaOf(channel: BridgeChannel): JournalArea {
  if (KEYWORD_CHANNELS.has(channel)) return 'keywords';
  if (channel === 'review.createModel') return 'model';
  // A story's inheritance and its split members are review decisions on its items.
  if (channel.startsWith('stories.')) return 'review';
  return channel.slice(0, channel.indexOf('.')) as JournalArea;
}

/** 'PUT /twitter-service/manually-eliminate': the call as SPEC.md 7 writes it, its path filled. */
export function callText(channel: BridgeChannel, payload: Record<string, unknown>): string {
  const declared = callOfChannel(channel, filterTypeOf(payload));
  if (!declared) return channel;
  const path = declared.path.replace(/\{(\w+)\}/g, (whole, name: string) =>
    payload[name] === undefined ? whole : String(payload[name]),
  );
  return `${declared.method} ${path}`;
}

export function filterTypeOf(payload: Record<string, unknown>): FilterType {
  return payload.filterType === 'news' ? 'news' : 'tweets';
}

/** What was written to: the review item's data id, else the record's telling name, else null. */
export function targetOf(channel: BridgeChannel, payload: Record<string, unknown>): string | null {
  const filterType = filterTypeOf(payload);
  if (channel === 'review.reviewed' && typeof payload.id === 'number')
    return reviewTarget(filterType, payload.id);
  if (channel === 'review.manualChange' || channel === 'review.addEliminatedKeyword') {
    const key = payload.tweetId ?? payload.newsId;
    return typeof key === 'string'
      ? `${filterType === 'tweets' ? 'tweetId' : 'newsId'} ${key}`
      : null;
  }
  if (KEYWORD_CHANNELS.has(channel)) {
    if (typeof payload.keyword === 'string' && payload.keyword) return `keyword ${payload.keyword}`;
    if (payload.id !== undefined) return `keyword #${String(payload.id)}`;
  }
  return recordTargetOf(payload);
}

const SUMMARY_LIMIT = 240;

/**
 * A short account of what was sent: the manual change's case, then the payload's short scalar
 * fields as key=value. Long texts are cut; lists are counted. Core adds nothing secret to a payload
 * (the session's fields are filled later, in sendCall), and the journal scrubs again on write.
 */
export function summaryOf(payload: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof payload.case === 'string') parts.push(payload.case);
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'case' || key === 'filterType' || value === null || value === undefined) continue;
    if (Array.isArray(value)) parts.push(`${key}=[${value.length}]`);
    else if (typeof value === 'object') continue;
    else {
      const text = String(value);
      parts.push(`${key}=${text.length > 60 ? `${text.slice(0, 57)}…` : text}`);
    }
  }
  const summary = parts.join(', ');
  return summary.length > SUMMARY_LIMIT ? `${summary.slice(0, SUMMARY_LIMIT - 1)}…` : summary;
}
