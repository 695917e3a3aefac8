import { z } from 'zod';
import { dataIdParams } from '../bodies/review';
import type { ItemConflict } from '../conflict';
import { MIN_DATE } from '../constants';
import type { AuditAnswer, AuditSource, StratumSizes } from './auditRecord';
import { blindCardSchema } from './blindCard';

/**
 * The audit sample's bridge channels (audit.*), kept by core per user against any provider: what
 * they take and what they answer. Core draws the sample from SPEC.md 7's filter and count calls
 * (src/main/core/audit/), serves it blind (blindCard.ts), and sends each answer as an ordinary
 * decision. Sizes and answers go to the estimates as they are.
 */

/** A sample's size when audit.start names none. */
export const AUDIT_DEFAULT_SIZE = 200;
/** The most items one sample holds. */
export const AUDIT_MAX_SIZE = 1000;
/** The window when audit.start names none: the last 7 days, ending now. */
export const AUDIT_DEFAULT_DAYS = 7;

export const AUDIT_MESSAGES = {
  emptyWindow: (from: string, to: string) =>
    `Nothing to audit: no tweets or news were detected between ${from} and ${to}. Choose a longer window.`,
  nothingDecidable: (from: string, to: string) =>
    `Nothing to audit between ${from} and ${to}: no item there can take a decision (each was eliminated by similarity or by quoted post, or came without the ids a decision names it by).`,
  alreadyAnswered: 'This audit item is already answered.',
  alreadyDrawing: 'An audit sample is being drawn already: wait for it.',
  notInSample: 'This item is not in your current audit sample.',
  noSample: 'There is no audit sample yet: start one first.',
};

/**
 * A window's ends as the Review filter sends its dates (SPEC.md 3: '2022-01-01T00:00', seconds
 * optional), read on the provider's clock (UTC for our reference server); a trailing Z is allowed.
 */
const windowTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?$/,
    'must look like 2022-01-01T00:00',
  )
  .refine((v) => !Number.isNaN(Date.parse(v.endsWith('Z') ? v : `${v}Z`)), 'is not a real date');

/** A window time as a moment (read as UTC, like the filter's dates). */
export const windowMoment = (time: string): number =>
  Date.parse(time.endsWith('Z') ? time : `${time}Z`);

/** audit.start: the sample's size and window; each left out takes its default. */
export const auditStartPayloadSchema = z
  .object({
    size: z.number().int().min(1).max(AUDIT_MAX_SIZE).optional(),
    from: windowTime.optional(),
    to: windowTime.optional(),
  })
  .refine((p) => p.from === undefined || p.from.slice(0, 10) >= MIN_DATE, {
    message: `must not be before ${MIN_DATE} (SPEC.md 5: the date pickers' minimum)`,
    path: ['from'],
  })
  .refine(
    (p) => p.from === undefined || p.to === undefined || windowMoment(p.from) < windowMoment(p.to),
    { message: 'must be before to', path: ['from'] },
  )
  .default({});
export type AuditStartPayload = z.input<typeof auditStartPayloadSchema>;

/** audit.answer: the served card's item (its source and data id) and the blind answer. */
export const auditAnswerPayloadSchema = z.object({
  source: z.enum(['tweets', 'news']),
  itemId: dataIdParams.shape.id,
  /** true: Keep (select); false: Eliminate. */
  keep: z.boolean(),
});
export type AuditAnswerPayload = z.infer<typeof auditAnswerPayloadSchema>;

/** The window a sample was drawn from, as the filter was sent (UTC wall times). */
export interface AuditWindow {
  from: string;
  to: string;
}
export const auditWindowSchema = z.object({ from: z.string(), to: z.string() });

/** One stratum's figures in a sample's progress. */
export interface StratumProgress {
  /** stratumKey: 'tweets:kept', 'news:eliminated'. */
  key: string;
  source: AuditSource;
  classifierKept: boolean;
  /** The stratum's size in the window (its count call) when the sample was drawn. */
  population: number;
  drawn: number;
  answered: number;
}

/** audit.current: the current sample's progress, and today's answers for the shift panel. */
export interface AuditProgress {
  sample: {
    id: string;
    window: AuditWindow;
    drawnAt: string;
    /** The size asked for; `drawn` is less only when the window held fewer items that can be decided. */
    size: number;
    drawn: number;
    answered: number;
    strata: StratumProgress[];
    /** Strata no item could be drawn from (none in the window, or none a decision can be sent to). */
    emptyStrata: string[];
  } | null;
  /** Audit answers given today (this computer's day), in every sample. */
  answeredToday: number;
  /**
   * Whose sample it is: the team's, kept by our server (the audit extension), or the user's own,
   * kept by core against any provider. Left out by older cores: read as the user's own.
   */
  source?: AuditSampleSource;
}

/** The team's sample on our server (the audit extension), or the user's own kept by core. */
export type AuditSampleSource = 'team' | 'own';

const sourceSchema = z.enum(['tweets', 'news']);

export const auditProgressSchema = z.object({
  sample: z
    .object({
      id: z.string(),
      window: auditWindowSchema,
      drawnAt: z.string(),
      size: z.number(),
      drawn: z.number(),
      answered: z.number(),
      strata: z.array(
        z.object({
          key: z.string(),
          source: sourceSchema,
          classifierKept: z.boolean(),
          population: z.number(),
          drawn: z.number(),
          answered: z.number(),
        }),
      ),
      emptyStrata: z.array(z.string()),
    })
    .nullable(),
  answeredToday: z.number(),
  source: z.enum(['team', 'own']).optional(),
}) satisfies z.ZodType<AuditProgress>;

// The answer schemas are typed with the contract's own types (whose lists are readonly), so that
// core's answers type-check against the channels' results.
export const auditAnswerSchema: z.ZodType<AuditAnswer> = z.object({
  itemId: z.number(),
  stratum: z.object({ source: sourceSchema, classifierKept: z.boolean() }),
  answerKept: z.boolean(),
  reviewer: z.string(),
  answeredAt: z.string(),
  groups: z.object({
    keywords: z.array(z.string()),
    origin: z.string(),
    day: z.string(),
    modelRun: z.number().nullable(),
  }),
});

/** What became of the decision an answer sent (the same path as a card's Select or Eliminate). */
export interface AuditDecision {
  /** True when the provider answered 2xx. */
  sent: boolean;
  /** The decision's undo, when it flipped the item (as a card's). */
  undoId: string | null;
  cannotUndo: string | null;
  /**
   * Not sent: the item changed since it was drawn (no silent overwrite). The answer is counted all
   * the same, since it judges the classifier's decision at sampling; the card may offer Keep theirs
   * or Apply mine as for any conflict.
   */
  conflict: ItemConflict | null;
}

/** audit.answer: the answer recorded, and now both sides of it. */
export interface AuditReveal {
  answer: AuditAnswer;
  /** The classifier's decision when the item was drawn. */
  classifierKept: boolean;
  /** Its ratio then (nlpDecisionRatio), where the provider sent one. */
  ratio: number | null;
  /** Whether the reviewer answered as the classifier had decided. */
  agreed: boolean;
  decision: AuditDecision;
  /** The current sample's progress after this answer. */
  progress: AuditProgress;
}

export const auditRevealSchema: z.ZodType<AuditReveal> = z.object({
  answer: auditAnswerSchema,
  classifierKept: z.boolean(),
  ratio: z.number().nullable(),
  agreed: z.boolean(),
  decision: z.object({
    sent: z.boolean(),
    undoId: z.string().nullable(),
    cannotUndo: z.string().nullable(),
    conflict: z.custom<ItemConflict>((v) => typeof v === 'object' && v !== null).nullable(),
  }),
  progress: auditProgressSchema,
});

/**
 * One sample's answers with the sizes of its strata: what the estimates re-weight by. Sizes cross
 * the bridge as a record (JSON carries no Map): `stratumSizesOf` gives the contract's map.
 */
export interface AuditAnswerSet {
  sampleId: string;
  window: AuditWindow;
  drawnAt: string;
  /** stratumKey → the stratum's size in the window when drawn. */
  sizes: Record<string, number>;
  answers: AuditAnswer[];
}

/** audit.answers: the current sample's answers, and those of earlier samples (newest first). */
export interface AuditAnswers {
  current: AuditAnswerSet | null;
  earlier: AuditAnswerSet[];
}

export const auditAnswerSetSchema: z.ZodType<AuditAnswerSet> = z.object({
  sampleId: z.string(),
  window: auditWindowSchema,
  drawnAt: z.string(),
  sizes: z.record(z.string(), z.number()),
  answers: z.array(auditAnswerSchema),
});

export const auditAnswersSchema: z.ZodType<AuditAnswers> = z.object({
  current: auditAnswerSetSchema.nullable(),
  earlier: z.array(auditAnswerSetSchema),
});

/** audit.next: the next unanswered card, blind, or null when every item is answered. */
export const auditNextSchema = blindCardSchema.nullable();

export const stratumSizesOf = (sizes: Record<string, number>): StratumSizes =>
  new Map(Object.entries(sizes));
