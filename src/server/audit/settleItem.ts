import type { z } from 'zod';
import { auditCalls } from '../../shared/api/audit';
import type { AuditSource } from '../../shared/quality/auditRecord';
import type { auditSettledSchema } from '../../shared/responses/audit';
import type { Database } from '../db/database';
import { decideById } from '../review/reviewRepo';
import { NEWS, TWEETS, type ReviewServiceDef } from '../review/serviceDefs';
import { refusable, refuse, refused, type AuditOutcome } from './auditRefusal';
import { verdictText } from './answerItem';
import { isoOf } from './sampleViews';

/**
 * Settling a disagreement: a third reviewer (never one of the two who answered) gives the final
 * decision on an item two reviewers answered differently, once. In one transaction, under the
 * audit item's lock (two settlers of one item run one after the other, and the second is
 * refused): the settlement is recorded with who and when, and the decision is written to the
 * review item as the settler's, through the decisions' own write (decideById: the version
 * checked, the item's history recording this call). A refusal of either writes neither.
 */

export type Settled = z.input<typeof auditSettledSchema>;

/** The call the item's history names for a settlement's write. */
const SETTLE_CALL = `${auditCalls.settle.method} ${auditCalls.settle.path}`;

export function settleDisagreement(
  db: Database,
  settler: string,
  sampleItemId: number,
  finalKept: boolean,
  version: number,
): Promise<AuditOutcome<Settled>> {
  return refusable(db, async (tx) => {
    const [item] = await tx.query<{
      sample_id: string | number;
      service: AuditSource;
      item_id: string | number;
    }>('SELECT sample_id, service, item_id FROM audit_items WHERE id = $1 FOR UPDATE', [
      sampleItemId,
    ]);
    if (!item)
      refuse(refused(404, 'not_found', `No audit item ${sampleItemId}: nothing was written.`));
    const answers = await tx.query<{ reviewer: string; answer_kept: boolean }>(
      `SELECT reviewer, answer_kept FROM audit_answers WHERE audit_item_id = $1
        ORDER BY answered_at, reviewer`,
      [sampleItemId],
    );
    const kinds = new Set(answers.map((answer) => answer.answer_kept));
    if (kinds.size < 2)
      refuse(
        refused(
          409,
          'no_disagreement',
          answers.length < 2
            ? `Audit item ${sampleItemId} has ${answers.length === 0 ? 'no answer' : 'one answer'}: only two different answers are settled. Nothing was written.`
            : `The reviewers of audit item ${sampleItemId} agree (${verdictText(answers[0]!.answer_kept)}): there is nothing to settle. Nothing was written.`,
        ),
      );
    const reviewers = answers.map((answer) => answer.reviewer);
    if (reviewers.includes(settler))
      refuse(
        refused(
          403,
          'forbidden',
          `You answered audit item ${sampleItemId} yourself: a third reviewer, neither ${reviewers.join(' nor ')}, settles it. Nothing was written.`,
        ),
      );
    const [earlier] = await tx.query<{
      settled_by: string;
      final_kept: boolean;
      settled_at: Date | string;
    }>(
      'SELECT settled_by, final_kept, settled_at FROM audit_settlements WHERE audit_item_id = $1',
      [sampleItemId],
    );
    if (earlier)
      refuse(
        refused(
          409,
          'settled',
          `Audit item ${sampleItemId} was settled already by ${earlier.settled_by} (${verdictText(earlier.final_kept)}, at ${isoOf(earlier.settled_at)}): it is settled once. Nothing was written.`,
        ),
      );
    const decide = <Item, Body>(def: ReviewServiceDef<Item, Body>) =>
      decideById(
        tx,
        def,
        Number(item.item_id),
        finalKept,
        { actor: settler, bulkRunId: null },
        version,
        SETTLE_CALL,
      );
    const decided = item.service === 'news' ? await decide(NEWS) : await decide(TWEETS);
    if (!decided.ok)
      refuse(
        decided.reason === 'stale'
          ? refused(412, 'precondition_failed', decided.what, decided.current)
          : refused(
              404,
              'not_found',
              `The ${item.service} item ${String(item.item_id)} of audit item ${sampleItemId} no longer exists: nothing was written.`,
            ),
      );
    const [settled] = await tx.query<{ settled_at: Date | string }>(
      `INSERT INTO audit_settlements (audit_item_id, settled_by, final_kept) VALUES ($1, $2, $3)
       RETURNING settled_at`,
      [sampleItemId, settler, finalKept],
    );
    const after = decided.value.item;
    return {
      sampleItemId,
      sampleId: Number(item.sample_id),
      service: item.service,
      itemId: Number(item.item_id),
      finalKept,
      settledBy: settler,
      settledAt: isoOf(settled!.settled_at),
      version: after.version,
      before: decided.value.before,
      after: {
        selected: after.selected,
        manuallyChanged: after.manuallyChanged,
        reviewedBy: after.reviewedBy,
        eliminatedKeyword: after.eliminatedKeyword,
        nlpDecisionRatio: after.nlpDecisionRatio,
      },
    };
  });
}
