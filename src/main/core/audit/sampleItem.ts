import { z } from 'zod';
import type { ReviewItem } from '../../../shared/api/records';
import type { AuditAnswer, AuditSource } from '../../../shared/quality/auditRecord';
import { blindCardOf, blindCardSchema, type BlindCard } from '../../../shared/quality/blindCard';
import { isLeftOut, keyOf, type ItemKey } from '../runs/reviewItemState';

/**
 * One drawn item as core keeps it (in the user's audit-sample.json): what the classifier had
 * decided and what the conflict check needs, taken when it was drawn; the groups the estimates
 * use; and the blind card, the only part served before the answer.
 */
export interface SampleItem {
  source: AuditSource;
  itemId: number;
  /** The classifier's decision when drawn: the item's `selected`. */
  classifierKept: boolean;
  /** nlpDecisionRatio when drawn, where the provider sent one: shown after the answer. */
  ratio: number | null;
  /** What a card would have shown of it: the answer's decision is checked against it. */
  reviewedBy: string | null;
  /** Our server's version of the item (conditional-writes), where it sent one. */
  version: number | null;
  /** The fields SPEC.md 7's manual change names the item by. */
  key: ItemKey;
  groups: AuditAnswer['groups'];
  card: BlindCard;
}

export const sampleItemSchema = z.object({
  source: z.enum(['tweets', 'news']),
  itemId: z.number().int(),
  classifierKept: z.boolean(),
  ratio: z.number().nullable(),
  reviewedBy: z.string().nullable(),
  version: z.number().int().nullable(),
  key: z.union([
    z.object({ tweetId: z.string(), twitterUserName: z.string() }),
    z.object({ newsId: z.string(), website: z.string(), accountName: z.string().nullable() }),
  ]),
  groups: z.object({
    keywords: z.array(z.string()),
    origin: z.string(),
    day: z.string(),
    modelRun: z.number().nullable(),
  }),
  card: blindCardSchema,
}) satisfies z.ZodType<SampleItem>;

/** The day of a detect time, YYYY-MM-DD in UTC ('-' when there is none to read). */
export function detectDayOf(detectTime: string | undefined): string {
  if (!detectTime) return '-';
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(detectTime);
  const time = Date.parse(zoned ? detectTime : `${detectTime}Z`);
  if (!Number.isNaN(time)) return new Date(time).toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}/.test(detectTime) ? detectTime.slice(0, 10) : '-';
}

/**
 * The item as the sample keeps it, or null when no ordinary decision can be sent to it: no data
 * id, no provider id to name it by, or eliminated by similarity or by quoted post (SPEC.md 4:
 * such an item has no actions). `stratumKept` is the decision its filter asked for; an item that
 * says otherwise moved since the count and is not taken.
 */
export function sampleItemOf(
  source: AuditSource,
  stratumKept: boolean,
  item: ReviewItem,
): SampleItem | null {
  if (item.id === undefined || !Number.isSafeInteger(item.id) || item.id < 1) return null;
  if (isLeftOut(item)) return null;
  if (item.selected !== undefined && item.selected !== stratumKept) return null;
  const key = keyOf(source, item);
  const named =
    'tweetId' in key
      ? key.tweetId !== '' && key.twitterUserName !== ''
      : key.newsId !== '' && key.website !== '';
  if (!named) return null;
  const origin = 'tweetId' in key ? key.twitterUserName : key.website;
  return {
    source,
    itemId: item.id,
    classifierKept: stratumKept,
    ratio: item.nlpDecisionRatio ?? null,
    reviewedBy: item.reviewedBy ?? null,
    version: item.version ?? null,
    key,
    groups: {
      keywords: [...item.detectedKeyword],
      origin,
      day: detectDayOf(item.detectTime),
      // The model run that decided an item is our server's (the model-runs extension); SPEC.md 7's
      // items do not say it, and the team sample of our server's audit extension fills it.
      modelRun: null,
    },
    card: blindCardOf(source, item.id, item),
  };
}
