import type { z } from 'zod';
import { stratumKey, type AuditSource } from '../../shared/quality/auditRecord';
import type { auditDisagreementsSchema } from '../../shared/responses/audit';
import type { Queryable } from '../db/database';
import { blindCards } from './blindCards';
import { isoOf } from './sampleViews';

/**
 * The items two reviewers answered differently and nobody settled yet, oldest first, with both
 * answers, what the classifier had decided, and the item's content and version now (the
 * settlement names the version). An item whose tweet or news item was deleted is left out: there
 * is nothing to write the final decision to.
 */

export type Disagreements = z.input<typeof auditDisagreementsSchema>;

export async function readDisagreements(db: Queryable): Promise<Disagreements> {
  const items = await db.query<{
    id: string | number;
    sample_id: string | number;
    service: AuditSource;
    item_id: string | number;
    classifier_kept: boolean;
    classifier_ratio: number;
  }>(
    `SELECT i.id, i.sample_id, i.service, i.item_id, i.classifier_kept, i.classifier_ratio
       FROM audit_items AS i JOIN audit_answers AS w ON w.audit_item_id = i.id
      WHERE NOT EXISTS (SELECT 1 FROM audit_settlements AS z WHERE z.audit_item_id = i.id)
      GROUP BY i.id
     HAVING bool_or(w.answer_kept) AND NOT bool_and(w.answer_kept)
      ORDER BY i.id`,
  );
  if (items.length === 0) return { disagreements: [] };
  const answers = await db.query<{
    audit_item_id: string | number;
    reviewer: string;
    answer_kept: boolean;
    answered_at: Date | string;
  }>(
    `SELECT audit_item_id, reviewer, answer_kept, answered_at FROM audit_answers
      WHERE audit_item_id = ANY($1::bigint[]) ORDER BY answered_at, reviewer`,
    [items.map((item) => item.id)],
  );
  const cards = await blindCards(
    db,
    items.map((item) => ({
      sampleItemId: Number(item.id),
      sampleId: Number(item.sample_id),
      service: item.service,
      itemId: Number(item.item_id),
    })),
  );
  return {
    disagreements: items.flatMap((item) => {
      const id = Number(item.id);
      const card = cards.get(id);
      if (card === undefined) return [];
      return [
        {
          sampleItemId: id,
          sampleId: Number(item.sample_id),
          service: item.service,
          itemId: Number(item.item_id),
          classifierKept: item.classifier_kept,
          classifierRatio: Number(item.classifier_ratio),
          stratum: stratumKey({ source: item.service, classifierKept: item.classifier_kept }),
          answers: answers
            .filter((answer) => Number(answer.audit_item_id) === id)
            .map((answer) => ({
              reviewer: answer.reviewer,
              answerKept: answer.answer_kept,
              answeredAt: isoOf(answer.answered_at),
            })),
          card,
        },
      ];
    }),
  };
}
