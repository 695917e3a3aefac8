import { z } from 'zod';
import type { AuditSource } from './auditRecord';
import { blindCardSchema, type BlindCard } from './blindCard';

/**
 * The two audit channels only a team sample has (our server's audit extension): the items two
 * reviewers answered differently, and a third reviewer's settlement of one. Against a provider
 * without the extension audit.disagreements answers `offered: false` with no item (the screen
 * hides the list) and audit.settle is refused (404 NOT_OFFERED), nothing sent.
 */

export const TEAM_AUDIT_MESSAGES = {
  notOffered:
    'The server keeps no team audit sample (the audit extension): there is nothing to settle.',
  /** Said after the server's own sentence when the item changed since the list was read. */
  reload: 'Reload the disagreements to see the item as it is now.',
};

/** Codes of a refused settlement, for the screen's message. */
export const SETTLE_CODES = {
  /** 403: the caller answered the item; a third reviewer settles it. */
  ownAnswer: 'SETTLE_OWN_ANSWER',
  /** 409: settled already, or no longer a disagreement. */
  notOpen: 'SETTLE_NOT_OPEN',
  /** 412: the item was written since the version the list showed. */
  changed: 'SETTLE_ITEM_CHANGED',
} as const;

/** One reviewer's answer on a disagreement. */
export interface DisagreementAnswer {
  reviewer: string;
  answerKept: boolean;
  answeredAt: string;
}

/**
 * An unsettled disagreement as the settler sees it. Both reviewers have answered, so the
 * classifier's decision and ratio are shown beside their answers; the item's content is its blind
 * card's fields, and `version` the item's now (what the settlement names).
 */
export interface AuditDisagreement {
  sampleItemId: number;
  source: AuditSource;
  itemId: number;
  classifierKept: boolean;
  ratio: number;
  answers: DisagreementAnswer[];
  version: number;
  card: BlindCard;
}

export interface AuditDisagreements {
  /** False when the server keeps no team sample: then the list is always empty. */
  offered: boolean;
  disagreements: AuditDisagreement[];
}

export const auditDisagreementsResultSchema: z.ZodType<AuditDisagreements> = z.object({
  offered: z.boolean(),
  disagreements: z.array(
    z.object({
      sampleItemId: z.number().int(),
      source: z.enum(['tweets', 'news']),
      itemId: z.number().int(),
      classifierKept: z.boolean(),
      ratio: z.number(),
      answers: z.array(
        z.object({ reviewer: z.string(), answerKept: z.boolean(), answeredAt: z.string() }),
      ),
      version: z.number().int(),
      card: blindCardSchema,
    }),
  ),
});

/** audit.settle: the final decision on a disagreement, at the item's version the list showed. */
export const auditSettlePayloadSchema = z.object({
  sampleItemId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  decision: z.enum(['keep', 'eliminate']),
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type AuditSettlePayload = z.infer<typeof auditSettlePayloadSchema>;

/** audit.settle's answer: the settlement recorded and written to the item. */
export interface AuditSettlement {
  sampleItemId: number;
  source: AuditSource;
  itemId: number;
  finalKept: boolean;
  settledBy: string;
  settledAt: string;
  /** The item's version after the write. */
  version: number;
}

export const auditSettlementResultSchema: z.ZodType<AuditSettlement> = z.object({
  sampleItemId: z.number().int(),
  source: z.enum(['tweets', 'news']),
  itemId: z.number().int(),
  finalKept: z.boolean(),
  settledBy: z.string(),
  settledAt: z.string(),
  version: z.number().int(),
});
