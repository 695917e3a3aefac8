import { z } from 'zod';
import { recordId, textField } from './fields';

/**
 * The Review filter (SPEC.md 3 and 7), and the fields the classifier-insight extensions add to
 * it (DESIGN.md, Extensions). Apart from review.ts so that both it and insight.ts read it without
 * a cycle.
 */

/** 'true', 'false', or the string 'null' meaning all (SPEC.md 3). */
export const triStateSchema = z.enum(['true', 'false', 'null']);
export type TriState = z.infer<typeof triStateSchema>;

/** Date-times as the pickers send them: 2022-01-01T00:00 (seconds optional), read as UTC. */
const localDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?$/,
    'must look like 2022-01-01T00:00',
  )
  .refine((v) => !Number.isNaN(Date.parse(v.endsWith('Z') ? v : `${v}Z`)), 'is not a real date');

/**
 * The filter's date-time field, for the other bodies that take a window (the audit sample's): a
 * function, so that the bodies' named components (src/server/openapi/namedSchemas.ts) do not take
 * the field for a body of its own.
 */
export const dateTimeField = () => localDateTime;

export const reviewFilterBodySchema = z.object({
  startDate: localDateTime.nullable().optional(),
  endDate: localDateTime.nullable().optional(),
  isEliminated: triStateSchema.default('null'),
  isManuallyChanged: triStateSchema.default('null'),
  isReviewed: triStateSchema.default('null'),
  /** null, '' or 'null' mean all reviewers. */
  reviewedBy: textField('reviewedBy', 100).nullable().optional(),
  sortBy: z.enum(['desc', 'asc']).default('desc'),
  startIndex: z.number().int().min(0).max(1_000_000).default(0),
  /** null or '' mean any keyword. */
  keyword: textField('keyword').nullable().optional(),
});
export type ReviewFilterBody = z.infer<typeof reviewFilterBodySchema>;

/** Review's sort orders; 'borderline' is |nlpDecisionRatio − 0.5| ascending, then detect time. */
export const INSIGHT_SORTS = ['desc', 'asc', 'borderline'] as const;

/** How a model run changed an item. ratioOnly: the ratio moved, the decision did not. */
export const CHANGE_DIRECTIONS = ['keptToEliminated', 'eliminatedToKept', 'ratioOnly'] as const;
export type ChangeDirection = (typeof CHANGE_DIRECTIONS)[number];

const ratioBound = z.number().min(0).max(1).nullable().optional();

/**
 * The Review filter with what the extensions add: the Borderline first sort, Ratio between
 * (inclusive), and the items a model run changed (Review these). A body without any of them is
 * SPEC.md 7's filter, sent with SPEC.md 7's calls (core's filterCallsOf).
 */
export const insightFilterBodySchema = reviewFilterBodySchema
  .extend({
    sortBy: z.enum(INSIGHT_SORTS).default('desc'),
    ratioFrom: ratioBound,
    ratioTo: ratioBound,
    /** Only the items this model run changed ... */
    modelRunId: recordId('modelRunId').nullable().optional(),
    /** ... in this direction (null: any) ... */
    modelRunDirection: z.enum(CHANGE_DIRECTIONS).nullable().optional(),
    /** ... reviewed by a human when it ran, or not ('null': either). */
    modelRunReviewed: triStateSchema.optional(),
  })
  .refine(
    (filter) =>
      filter.ratioFrom === null ||
      filter.ratioFrom === undefined ||
      filter.ratioTo === null ||
      filter.ratioTo === undefined ||
      filter.ratioFrom <= filter.ratioTo,
    { message: 'ratioFrom must not be above ratioTo', path: ['ratioFrom'] },
  );
export type InsightFilterBody = z.infer<typeof insightFilterBodySchema>;

/** Whether a filter asks for anything SPEC.md 7's filter cannot do. */
export function usesInsight(filter: {
  sortBy?: string;
  ratioFrom?: number | null;
  ratioTo?: number | null;
  modelRunId?: number | null;
}): boolean {
  return (
    filter.sortBy === 'borderline' ||
    (filter.ratioFrom !== null && filter.ratioFrom !== undefined) ||
    (filter.ratioTo !== null && filter.ratioTo !== undefined) ||
    (filter.modelRunId !== null && filter.modelRunId !== undefined)
  );
}
