import type { z } from 'zod';
import type { auditProgressSchema } from '../../shared/responses/audit';
import type { Queryable } from '../db/database';
import { activeSample } from './sampleViews';

/**
 * The active sample's progress (answers it wants, assigned, answered) and the shift panel's
 * figures: each reviewer's answers on it, answers today (the UTC day, the app's dates being UTC)
 * on any sample, and items assigned and not answered yet; every reviewer with one of those.
 */

export type Progress = z.input<typeof auditProgressSchema>;

/** The start of today, UTC, by the database's clock. */
const TODAY = `(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

export async function readProgress(db: Queryable): Promise<Progress> {
  const sample = await activeSample(db);
  const sampleId = sample?.id ?? null;
  const [totals] = await db.query<{
    wanted: string | number;
    assigned: string | number;
    answered: string | number;
    today: string;
    answered_today: string | number;
  }>(
    `SELECT (SELECT coalesce(sum(reviewers_wanted), 0) FROM audit_items WHERE sample_id = $1) AS wanted,
            (SELECT coalesce(sum(reviewers_assigned), 0) FROM audit_items WHERE sample_id = $1) AS assigned,
            (SELECT count(*) FROM audit_answers AS w JOIN audit_items AS i ON i.id = w.audit_item_id
              WHERE i.sample_id = $1) AS answered,
            to_char(${TODAY} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today,
            (SELECT count(*) FROM audit_answers WHERE answered_at >= ${TODAY}) AS answered_today`,
    [sampleId],
  );
  const reviewers = await db.query<{
    reviewer: string;
    answered: string | number;
    answered_today: string | number;
    open: string | number;
  }>(
    `SELECT r.reviewer,
            (SELECT count(*) FROM audit_answers AS w JOIN audit_items AS i ON i.id = w.audit_item_id
              WHERE w.reviewer = r.reviewer AND i.sample_id = $1) AS answered,
            (SELECT count(*) FROM audit_answers AS w
              WHERE w.reviewer = r.reviewer AND w.answered_at >= ${TODAY}) AS answered_today,
            (SELECT count(*) FROM audit_assignments AS a
              WHERE a.reviewer = r.reviewer AND NOT EXISTS (
                SELECT 1 FROM audit_answers AS w
                 WHERE w.audit_item_id = a.audit_item_id AND w.reviewer = a.reviewer)) AS open
       FROM (SELECT a.reviewer FROM audit_assignments AS a JOIN audit_items AS i ON i.id = a.audit_item_id
              WHERE i.sample_id = $1
             UNION SELECT reviewer FROM audit_answers WHERE answered_at >= ${TODAY}
             UNION SELECT a.reviewer FROM audit_assignments AS a
              WHERE NOT EXISTS (SELECT 1 FROM audit_answers AS w
                                 WHERE w.audit_item_id = a.audit_item_id AND w.reviewer = a.reviewer)
            ) AS r
      ORDER BY r.reviewer`,
    [sampleId],
  );
  return {
    sample,
    wanted: Number(totals!.wanted),
    assigned: Number(totals!.assigned),
    answered: Number(totals!.answered),
    today: totals!.today,
    answeredToday: Number(totals!.answered_today),
    reviewers: reviewers.map((row) => ({
      reviewer: row.reviewer,
      answered: Number(row.answered),
      answeredToday: Number(row.answered_today),
      open: Number(row.open),
    })),
  };
}
