import type { z } from 'zod';
import { BULK_RUN_HEADER } from '../../shared/insight';
import type { itemStateSchema } from '../../shared/responses/insight';
import type { Queryable } from '../db/database';

/**
 * The item-history extension's writing half: every write a reviewer's call makes to an item is
 * recorded in item_history (migration 10) by the repository, in the transaction of the write, so
 * a write and its record are committed together and a refused write records nothing. Reading it
 * back, merged with model runs' changes, is itemHistory.ts.
 */

export type ItemState = z.infer<typeof itemStateSchema>;

/**
 * Who made a write (the signed-in user of its access token: the item's reviewer fields and its
 * history both name them), and the bulk run it came from (core names it in a header).
 */
export interface WriteOrigin {
  actor: string;
  bulkRunId: string | null;
}

/** A bulk run id as core makes them; anything else in the header is ignored (a single write). */
export const BULK_RUN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** A write's origin; null when no user is signed in (no write is recorded under nobody). */
export function writeOriginOf(request: {
  user: string | null;
  headers: Record<string, string | string[] | undefined>;
}): WriteOrigin | null {
  if (!request.user) return null;
  const header = request.headers[BULK_RUN_HEADER];
  const bulkRunId = typeof header === 'string' && BULK_RUN_ID.test(header) ? header : null;
  return { actor: request.user, bulkRunId };
}

/** The columns of an item a write can change, as `itemStateOf` reads them. */
export const ITEM_STATE_COLUMNS =
  'id, selected, manually_changed, reviewed_by, eliminated_keyword, nlp_decision_ratio';

export function itemStateOf(row: Record<string, unknown>): ItemState {
  return {
    selected: row.selected === true,
    manuallyChanged: row.manually_changed === true,
    reviewedBy:
      row.reviewed_by === null || row.reviewed_by === undefined ? null : String(row.reviewed_by),
    eliminatedKeyword:
      row.eliminated_keyword === null || row.eliminated_keyword === undefined
        ? null
        : String(row.eliminated_keyword),
    nlpDecisionRatio: Number(row.nlp_decision_ratio),
  };
}

export interface RecordedWrite {
  service: 'tweets' | 'news';
  itemId: number;
  /** The call as SPEC.md 7 writes it: 'PUT /twitter-service/manually-eliminate'. */
  call: string;
  origin: WriteOrigin;
  before: ItemState;
  after: ItemState;
}

/** Records one write; call it inside the write's transaction. */
export async function recordWrite(tx: Queryable, write: RecordedWrite): Promise<void> {
  await tx.query(
    `INSERT INTO item_history (service, item_id, actor, call, source, bulk_run_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      write.service,
      write.itemId,
      write.origin.actor,
      write.call,
      write.origin.bulkRunId === null ? 'single' : 'bulk',
      write.origin.bulkRunId,
      JSON.stringify(write.before),
      JSON.stringify(write.after),
    ],
  );
}
