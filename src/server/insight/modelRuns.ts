import type { z } from 'zod';
import type {
  modelRunChangesPageSchema,
  modelRunSchema,
  modelRunsPageSchema,
  whySchema,
} from '../../shared/responses/insight';
import type { modelRunChangesQuerySchema, modelRunsQuerySchema } from '../../shared/bodies/insight';
import type { Outcome } from '../../shared/outcome';
import type { Queryable } from '../db/database';

// PLACEHOLDER (issue 24, model runs): filled in by the model-runs work.

export async function listModelRuns(
  _db: Queryable,
  _query: z.output<typeof modelRunsQuerySchema>,
): Promise<z.input<typeof modelRunsPageSchema>> {
  throw new Error('Not built yet: listModelRuns');
}

export async function findModelRun(
  _db: Queryable,
  _id: number,
): Promise<Outcome<z.input<typeof modelRunSchema>>> {
  throw new Error('Not built yet: findModelRun');
}

export async function listModelRunChanges(
  _db: Queryable,
  _id: number,
  _query: z.output<typeof modelRunChangesQuerySchema>,
): Promise<Outcome<z.input<typeof modelRunChangesPageSchema>>> {
  throw new Error('Not built yet: listModelRunChanges');
}

/** The latest finished run's per-word contributions for one item (404 when no model yet). */
export async function whyOf(
  _db: Queryable,
  _service: 'tweets' | 'news',
  _itemId: number,
): Promise<Outcome<z.input<typeof whySchema>>> {
  throw new Error('Not built yet: whyOf');
}
