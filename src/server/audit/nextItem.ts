import type { z } from 'zod';
import type { AuditSource } from '../../shared/quality/auditRecord';
import type { auditNextSchema } from '../../shared/responses/audit';
import type { Database, Queryable } from '../db/database';
import { blindCards, type AuditItemRef } from './blindCards';

/**
 * The next audit item for a reviewer, in one transaction:
 *
 * 1. The reviewer's first assigned item not answered yet, of any sample (a console restarted, or
 *    asked again before answering, gets the same card back).
 * 2. Else the active sample's first item that wants another reviewer and is not the caller's
 *    already, locked with FOR UPDATE SKIP LOCKED: concurrent callers each take the next item no
 *    other transaction holds, without waiting. The claim raises the item's count of reviewers
 *    only while it is below what the item wants (re-checked on the row as it is when locked, so
 *    an item filled by a claim committed meanwhile is passed over) and writes the assignment in
 *    the next free slot; the assignment's keys (one reviewer per slot, one slot per reviewer)
 *    are the last guard: a claim they refuse (the same reviewer's other console took the item's
 *    other slot) is undone and the walk goes on. On PGlite (one connection) the same SQL simply
 *    never meets a lock.
 *
 * An item whose tweet or news item was deleted since it was drawn is never handed out.
 */

export type NextAnswer = z.input<typeof auditNextSchema>;

/** Walks lost to concurrent claimers are repeated at most this often. */
const MAX_WALKS = 20;

interface ItemRow {
  id: string | number;
  sample_id: string | number;
  service: AuditSource;
  item_id: string | number;
}

const refOf = (row: ItemRow): AuditItemRef => ({
  sampleItemId: Number(row.id),
  sampleId: Number(row.sample_id),
  service: row.service,
  itemId: Number(row.item_id),
});

/** The review item behind an audit item (alias i) still exists. */
const ITEM_EXISTS = `(i.service = 'tweets' AND EXISTS (SELECT 1 FROM tweets AS t WHERE t.id = i.item_id)
   OR i.service = 'news' AND EXISTS (SELECT 1 FROM news AS n WHERE n.id = i.item_id))`;

async function resumed(tx: Queryable, reviewer: string): Promise<ItemRow | undefined> {
  const [row] = await tx.query<ItemRow>(
    `SELECT i.id, i.sample_id, i.service, i.item_id
       FROM audit_assignments AS a JOIN audit_items AS i ON i.id = a.audit_item_id
      WHERE a.reviewer = $1 AND ${ITEM_EXISTS}
        AND NOT EXISTS (SELECT 1 FROM audit_answers AS w
                         WHERE w.audit_item_id = a.audit_item_id AND w.reviewer = a.reviewer)
      ORDER BY a.assigned_at, a.audit_item_id LIMIT 1`,
    [reviewer],
  );
  return row;
}

/** Claims the active sample's next item that wants a reviewer for `reviewer`; none when none. */
async function claimed(tx: Queryable, reviewer: string): Promise<ItemRow | undefined> {
  const passed: number[] = [];
  for (let walk = 0; walk < MAX_WALKS; walk++) {
    const [candidate] = await tx.query<ItemRow>(
      `SELECT i.id, i.sample_id, i.service, i.item_id FROM audit_items AS i
        WHERE i.sample_id = (SELECT active_sample_id FROM audit_team)
          AND i.reviewers_assigned < i.reviewers_wanted
          AND i.id <> ALL($2::bigint[])
          AND NOT EXISTS (SELECT 1 FROM audit_assignments AS a
                           WHERE a.audit_item_id = i.id AND a.reviewer = $1)
          AND ${ITEM_EXISTS}
        ORDER BY i.id LIMIT 1
        FOR UPDATE OF i SKIP LOCKED`,
      [reviewer, passed],
    );
    if (!candidate) return undefined;
    const [slot] = await tx.query<{ reviewers_assigned: number }>(
      `UPDATE audit_items SET reviewers_assigned = reviewers_assigned + 1
        WHERE id = $1 AND reviewers_assigned < reviewers_wanted
        RETURNING reviewers_assigned`,
      [candidate.id],
    );
    if (!slot) {
      passed.push(Number(candidate.id));
      continue;
    }
    const assigned = await tx.query(
      `INSERT INTO audit_assignments (audit_item_id, slot, reviewer) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING audit_item_id`,
      [candidate.id, slot.reviewers_assigned, reviewer],
    );
    if (assigned.length > 0) return candidate;
    await tx.query(
      'UPDATE audit_items SET reviewers_assigned = reviewers_assigned - 1 WHERE id = $1',
      [candidate.id],
    );
    passed.push(Number(candidate.id));
  }
  return undefined;
}

export function nextAuditItem(db: Database, reviewer: string): Promise<NextAnswer> {
  return db.transaction(async (tx) => {
    const own = await resumed(tx, reviewer);
    const row = own ?? (await claimed(tx, reviewer));
    if (row) {
      const card = (await blindCards(tx, [refOf(row)])).get(Number(row.id));
      if (card) return { card, resumed: own !== undefined, message: null };
    }
    const [team] = await tx.query<{ active_sample_id: string | number | null }>(
      'SELECT active_sample_id FROM audit_team',
    );
    return {
      card: null,
      resumed: false,
      message:
        (team?.active_sample_id ?? null) === null
          ? 'No audit sample has been drawn yet: draw one to start the audit.'
          : 'Nothing is left for you in the audit sample: every item has its reviewers. Draw a new sample to go on.',
    };
  });
}
