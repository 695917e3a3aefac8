import { z } from 'zod';
import { textField, wholeNumber } from './fields';
import { CHANGE_DIRECTIONS, triStateSchema } from './reviewFilter';

/** What the classifier-insight extensions (src/shared/api/insight.ts) are sent. */

export {
  CHANGE_DIRECTIONS,
  INSIGHT_SORTS,
  insightFilterBodySchema,
  usesInsight,
  type ChangeDirection,
  type InsightFilterBody,
} from './reviewFilter';

/** POST /dqc-extensions/keyword-impact: the keyword as it is being typed (words, any case). */
export const keywordImpactBodySchema = z.object({
  keyword: textField('keyword', 100, { required: true }),
});

export const MODEL_RUNS_PAGE_SIZE = 20;
export const MODEL_RUN_CHANGES_PAGE_SIZE = 50;

export const modelRunsQuerySchema = z.object({
  service: z.enum(['tweets', 'news']).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const modelRunIdParams = z.object({ id: wholeNumber('id', 1) });

export const modelRunChangesQuerySchema = z.object({
  direction: z.enum(CHANGE_DIRECTIONS).optional(),
  reviewed: triStateSchema.default('null'),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
