import type { z } from 'zod';
import type { keywordImpactSchema } from '../../shared/responses/insight';
import type { Queryable } from '../db/database';

// PLACEHOLDER (issue 24, keyword impact): filled in by the keyword-impact work.

/** Items whose text holds the keyword as whole words (any case), per service. */
export async function keywordImpact(
  _db: Queryable,
  _keyword: string,
): Promise<z.input<typeof keywordImpactSchema>> {
  throw new Error('Not built yet: keywordImpact');
}
