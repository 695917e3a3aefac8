import type { InsightFilterBody } from '../../shared/bodies/insight';
import type { Queryable } from '../db/database';
import type { ReviewServiceDef } from '../review/serviceDefs';

// PLACEHOLDER (issue 24, server borderline): filled in by the borderline work.

/** One page of SPEC.md 7's filter with Borderline first, Ratio between and a model run's items. */
export async function insightFilterItems<Item, Body>(
  _db: Queryable,
  _def: ReviewServiceDef<Item, Body>,
  _filter: InsightFilterBody,
): Promise<Item[]> {
  throw new Error('Not built yet: insightFilterItems');
}

/** The count of what insightFilterItems pages through. */
export async function insightCountItems<Item, Body>(
  _db: Queryable,
  _def: ReviewServiceDef<Item, Body>,
  _filter: InsightFilterBody,
): Promise<number> {
  throw new Error('Not built yet: insightCountItems');
}
