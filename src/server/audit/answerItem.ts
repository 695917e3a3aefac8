import type { z } from 'zod';
import { stratumKey, type AuditSource } from '../../shared/quality/auditRecord';
import type { auditAnswerResultSchema } from '../../shared/responses/audit';
import type { Database } from '../db/database';
import { refusable, refuse, refused, type AuditOutcome } from './auditRefusal';
import { isoOf } from './sampleViews';

/**
 * A reviewer's blind answer on an audit item: recorded once, only by a reviewer the item is
 * assigned to, and answered with what the classifier had decided when the item was drawn. Two
 * answers of one reviewer at once meet on the answer's key: the second waits for the first, then
 * finds it and is refused, so nothing is counted twice. The decision the answer stands for is the
 * console's to send (an ordinary, journalled decision); this records the answer only.
 */

export type AnswerResult = z.input<typeof auditAnswerResultSchema>;

export const verdictText = (kept: boolean) => (kept ? 'Keep' : 'Eliminate');

interface AuditItemRow {
  id: string | number;
  sample_id: string | number;
  service: AuditSource;
  item_id: string | number;
  classifier_kept: boolean;
  classifier_ratio: number;
}

export function recordAnswer(
  db: Database,
  reviewer: string,
  sampleItemId: number,
  answerKept: boolean,
): Promise<AuditOutcome<AnswerResult>> {
  return refusable(db, async (tx) => {
    const [item] = await tx.query<AuditItemRow>(
      `SELECT id, sample_id, service, item_id, classifier_kept, classifier_ratio
         FROM audit_items WHERE id = $1`,
      [sampleItemId],
    );
    if (!item)
      refuse(refused(404, 'not_found', `No audit item ${sampleItemId}: nothing was recorded.`));
    const assignees = (
      await tx.query<{ reviewer: string }>(
        'SELECT reviewer FROM audit_assignments WHERE audit_item_id = $1 ORDER BY slot',
        [sampleItemId],
      )
    ).map((row) => row.reviewer);
    if (!assignees.includes(reviewer))
      refuse(
        refused(
          403,
          'forbidden',
          assignees.length > 0
            ? `Audit item ${sampleItemId} is assigned to ${assignees.join(' and ')}, not to you: nothing was recorded.`
            : `Audit item ${sampleItemId} is not assigned to you: ask for your next audit item. Nothing was recorded.`,
        ),
      );
    const [row] = await tx.query<{ answered_at: Date | string }>(
      `INSERT INTO audit_answers (audit_item_id, reviewer, answer_kept) VALUES ($1, $2, $3)
       ON CONFLICT (audit_item_id, reviewer) DO NOTHING RETURNING answered_at`,
      [sampleItemId, reviewer, answerKept],
    );
    if (!row) {
      const [first] = await tx.query<{ answer_kept: boolean; answered_at: Date | string }>(
        'SELECT answer_kept, answered_at FROM audit_answers WHERE audit_item_id = $1 AND reviewer = $2',
        [sampleItemId, reviewer],
      );
      refuse(
        refused(
          409,
          'duplicate',
          `You answered audit item ${sampleItemId} already (${verdictText(first!.answer_kept)}, at ${isoOf(first!.answered_at)}): an answer is recorded once. Nothing was changed.`,
        ),
      );
    }
    const classifierKept = item.classifier_kept;
    return {
      sampleItemId,
      sampleId: Number(item.sample_id),
      service: item.service,
      itemId: Number(item.item_id),
      reviewer,
      answerKept,
      answeredAt: isoOf(row.answered_at),
      classifierKept,
      classifierRatio: Number(item.classifier_ratio),
      stratum: stratumKey({ source: item.service, classifierKept }),
      agrees: answerKept === classifierKept,
    };
  });
}
