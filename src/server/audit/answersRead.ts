import type { z } from 'zod';
import type { AuditAnswersQuery } from '../../shared/bodies/audit';
import type { AuditAnswer, AuditSource } from '../../shared/quality/auditRecord';
import type { auditAnswersSchema } from '../../shared/responses/audit';
import type { Queryable } from '../db/database';
import { SqlParams } from '../insight/sqlParams';
import { refused, type AuditOutcome } from './auditRefusal';
import { isoOf, sampleViews } from './sampleViews';

/**
 * The team's answers for the estimates (src/shared/quality/estimates.ts reads AuditAnswer): each
 * answer with its stratum and groups as recorded when the item was drawn, the samples they
 * belong to with their stratum sizes, and the settled disagreements. Of one sample, of the
 * samples drawn in a window, or of all.
 */

export type AnswersRead = z.input<typeof auditAnswersSchema>;

/** An answer as the estimates read it, and the sample and audit item it belongs to. */
type AnswerRecord = AuditAnswer & { sampleId: number; sampleItemId: number };

const asUtc = (value: string) => (value.endsWith('Z') ? value : `${value}Z`);

export async function readAnswers(
  db: Queryable,
  query: AuditAnswersQuery,
): Promise<AuditOutcome<AnswersRead>> {
  const params = new SqlParams();
  const conditions = ['true'];
  if (query.sampleId !== undefined) conditions.push(`s.id = ${params.add(query.sampleId)}`);
  if (query.drawnFrom !== undefined)
    conditions.push(`s.created_at >= ${params.add(asUtc(query.drawnFrom))}::timestamptz`);
  if (query.drawnTo !== undefined)
    conditions.push(`s.created_at <= ${params.add(asUtc(query.drawnTo))}::timestamptz`);
  const built = params.query(conditions.join(' AND '));
  const samples = await sampleViews(db, built.sql, built.params);
  if (query.sampleId !== undefined && samples.length === 0)
    return refused(404, 'not_found', `No audit sample ${query.sampleId}.`);
  const ids = samples.map((sample) => sample.id);

  const rows = await db.query<{
    audit_item_id: string | number;
    sample_id: string | number;
    service: AuditSource;
    item_id: string | number;
    classifier_kept: boolean;
    answer_kept: boolean;
    reviewer: string;
    answered_at: Date | string;
    keywords: string[];
    origin: string;
    day: string;
    model_run_id: string | number | null;
  }>(
    `SELECT w.audit_item_id, i.sample_id, i.service, i.item_id, i.classifier_kept, w.answer_kept,
            w.reviewer, w.answered_at, i.keywords, i.origin,
            to_char(i.detect_day, 'YYYY-MM-DD') AS day, i.model_run_id
       FROM audit_answers AS w JOIN audit_items AS i ON i.id = w.audit_item_id
      WHERE i.sample_id = ANY($1::bigint[])
      ORDER BY w.answered_at, w.audit_item_id, w.reviewer`,
    [ids],
  );
  const answers = rows.map(
    (row) =>
      ({
        itemId: Number(row.item_id),
        stratum: { source: row.service, classifierKept: row.classifier_kept },
        answerKept: row.answer_kept,
        reviewer: row.reviewer,
        answeredAt: isoOf(row.answered_at),
        groups: {
          keywords: row.keywords,
          origin: row.origin,
          day: row.day,
          modelRun: row.model_run_id === null ? null : Number(row.model_run_id),
        },
        sampleId: Number(row.sample_id),
        sampleItemId: Number(row.audit_item_id),
      }) satisfies AnswerRecord,
  );

  const settled = await db.query<{
    audit_item_id: string | number;
    sample_id: string | number;
    service: AuditSource;
    item_id: string | number;
    final_kept: boolean;
    settled_by: string;
    settled_at: Date | string;
  }>(
    `SELECT z.audit_item_id, i.sample_id, i.service, i.item_id, z.final_kept, z.settled_by, z.settled_at
       FROM audit_settlements AS z JOIN audit_items AS i ON i.id = z.audit_item_id
      WHERE i.sample_id = ANY($1::bigint[])
      ORDER BY z.settled_at, z.audit_item_id`,
    [ids],
  );

  const stratumSizes: Record<string, number> = {};
  for (const sample of samples)
    for (const stratum of sample.strata)
      stratumSizes[stratum.key] = (stratumSizes[stratum.key] ?? 0) + stratum.population;

  return {
    ok: true,
    value: {
      answers,
      stratumSizes,
      samples,
      settlements: settled.map((row) => ({
        sampleItemId: Number(row.audit_item_id),
        sampleId: Number(row.sample_id),
        service: row.service,
        itemId: Number(row.item_id),
        finalKept: row.final_kept,
        settledBy: row.settled_by,
        settledAt: isoOf(row.settled_at),
      })),
    },
  };
}
