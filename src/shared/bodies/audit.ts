import { z } from 'zod';
import { recordId, wholeNumber } from './fields';
import { dateTimeField } from './reviewFilter';

/** What the team audit extension (src/shared/api/audit.ts) is sent. */

/** A sample's size unless the draw names one, and the most one draw may ask for. */
export const AUDIT_SAMPLE_SIZE = 200;
export const AUDIT_SAMPLE_SIZE_MAX = 2000;
/** The share of a sample's items that go to two reviewers (agreement), unless the draw names one. */
export const AUDIT_DOUBLE_SHARE = 0.1;
/** A draw without a window samples the days up to now: this many of them. */
export const AUDIT_WINDOW_DAYS = 7;

/** An audit item, by the id the next-item answer gave it (not the tweet's or news item's id). */
const sampleItemId = recordId('sampleItemId', Number.MAX_SAFE_INTEGER);

/** Keep or eliminate, as a reviewer answers an audit item or settles a disagreement. */
const verdict = (field: string) =>
  z.enum(['keep', 'eliminate'], { message: `${field} must be keep or eliminate` });

const utcMs = (value: string) => Date.parse(value.endsWith('Z') ? value : `${value}Z`);

/**
 * Draw a team sample: the detect-time window (read as UTC, both ends included, as the Review
 * filter's dates are; either end left out is the last AUDIT_WINDOW_DAYS days up to now), its size
 * and the share of items that go to two reviewers.
 */
export const auditDrawBodySchema = z
  .object({
    from: dateTimeField().nullable().optional(),
    to: dateTimeField().nullable().optional(),
    size: z
      .number({ message: 'size must be a number' })
      .int('size must be a whole number')
      .min(1, 'size must be at least 1')
      .max(AUDIT_SAMPLE_SIZE_MAX, `size must be at most ${AUDIT_SAMPLE_SIZE_MAX}`)
      .default(AUDIT_SAMPLE_SIZE),
    doubleShare: z
      .number({ message: 'doubleShare must be a number' })
      .min(0, 'doubleShare must be between 0 and 1')
      .max(1, 'doubleShare must be between 0 and 1')
      .default(AUDIT_DOUBLE_SHARE),
  })
  .refine((body) => !body.from || !body.to || utcMs(body.from) <= utcMs(body.to), {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AuditDrawBody = z.infer<typeof auditDrawBodySchema>;

/** A reviewer's blind answer on an audit item assigned to them. */
export const auditAnswerBodySchema = z.object({
  sampleItemId,
  answer: verdict('answer'),
});
export type AuditAnswerBody = z.infer<typeof auditAnswerBodySchema>;

/**
 * A third reviewer's final decision on an item two reviewers answered differently, and the
 * version of the item it was decided on (the item's `version` in the disagreements answer): a
 * write to the item since is refused (412) with nothing settled.
 */
export const auditSettleBodySchema = z.object({
  sampleItemId,
  decision: verdict('decision'),
  version: z
    .number({ message: 'version must be a number' })
    .int('version must be a whole number')
    .min(0, 'version must be at least 0')
    .max(Number.MAX_SAFE_INTEGER, 'version is too large'),
});
export type AuditSettleBody = z.infer<typeof auditSettleBodySchema>;

/**
 * Which answers to read: one sample's, or those of the samples drawn between drawnFrom and
 * drawnTo (both included, UTC); nothing named is every sample's.
 */
export const auditAnswersQuerySchema = z.object({
  sampleId: wholeNumber('sampleId', 1, Number.MAX_SAFE_INTEGER).optional(),
  drawnFrom: dateTimeField().optional(),
  drawnTo: dateTimeField().optional(),
});
export type AuditAnswersQuery = z.infer<typeof auditAnswersQuerySchema>;
