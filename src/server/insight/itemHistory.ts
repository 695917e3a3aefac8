import type { z } from 'zod';
import type { historyEntrySchema } from '../../shared/responses/insight';
import type { Outcome } from '../../shared/outcome';
import type { Queryable } from '../db/database';

// PLACEHOLDER (issue 24, item history): filled in by the item-history work.

/** Every write recorded for one item, oldest first (404 when there is no such item). */
export async function historyOf(
  _db: Queryable,
  _service: 'tweets' | 'news',
  _itemId: number,
): Promise<Outcome<z.input<typeof historyEntrySchema>[]>> {
  throw new Error('Not built yet: historyOf');
}
