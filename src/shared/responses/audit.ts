import { z } from 'zod';
import { itemStateSchema, serviceSchema } from './insight';
import { newsItemSchema, tweetItemSchema } from './review';

/**
 * What our reference server answers to the team audit extension (src/shared/api/audit.ts). Sent
 * only when the capabilities list names `audit`, so the client reads the answers with these. The
 * answered records have the shape of src/shared/quality/auditRecord.ts (AuditAnswer), which the
 * estimates read; stratum keys are its stratumKey ("tweets:kept", "news:eliminated").
 */

const id = z.number().int().positive();
const count = z.number().int().min(0);

/** A stratum of a sample: the items of one source the classifier kept (or eliminated). */
export const auditStratumSchema = z.object({
  source: serviceSchema,
  classifierKept: z.boolean(),
});

/** A stratum as a sample was drawn from it. */
export const auditStratumSizeSchema = auditStratumSchema.extend({
  key: z.string(),
  /** How many items of the window the stratum held when the sample was drawn (counted). */
  population: count,
  /** How many of them the sample drew. */
  drawn: count,
});

/** One team sample. */
export const auditSampleSchema = z.object({
  id,
  /** The detect-time window sampled, both ends included (ISO 8601). */
  from: z.string(),
  to: z.string(),
  requestedSize: count,
  /** Items drawn, and how many of them go to two reviewers. */
  drawn: count,
  doubled: count,
  doubleShare: z.number().min(0).max(1),
  drawnBy: z.string(),
  drawnAt: z.string(),
  /** The team's sample now; a later draw ends it (its assigned and answered items stay). */
  active: z.boolean(),
  /** Items the sample still holds: a later draw removes those nobody was assigned. */
  items: count,
  strata: z.array(auditStratumSizeSchema),
});
export type AuditSampleView = z.infer<typeof auditSampleSchema>;

/** A draw's answer: the new sample, which strata had no item, and what became of the last one. */
export const auditDrawSchema = z.object({
  sample: auditSampleSchema,
  /** Keys of the strata the window held no item of: the sample was drawn from the others. */
  emptyStrata: z.array(z.string()),
  /** A sentence for the screen when some strata were empty; null when none was. */
  message: z.string().nullable(),
  replaced: z.object({
    /** The sample that was active before this draw; null when there was none. */
    sampleId: id.nullable(),
    /** Its items nobody was assigned, removed; and those kept (assigned or answered). */
    removedItems: count,
    keptItems: count,
  }),
});

/**
 * The fields of a tweet an audit card shows before it is answered: none that tells the
 * classifier's decision or ratio (selected, nlpDecisionRatio, eliminatedKeyword, eliminated by
 * similarity or quoted post), nor a reviewer's (reviewedBy, manuallyChanged and who, changedAt,
 * unwantedUsage). The key fields and version let the console send the answer's decision.
 * Strict: the server's answer is refused (a 500 in every suite) if it ever holds another field.
 */
export const blindTweetSchema = tweetItemSchema
  .pick({
    id: true,
    tweetId: true,
    twitterUserName: true,
    accountName: true,
    url: true,
    message: true,
    tweetTime: true,
    detectTime: true,
    detectedKeyword: true,
    version: true,
  })
  .strict();

/** The fields of a news item an audit card shows before it is answered (as blindTweetSchema). */
export const blindNewsSchema = newsItemSchema
  .pick({
    id: true,
    newsId: true,
    website: true,
    accountName: true,
    url: true,
    message: true,
    detectTime: true,
    detectedKeyword: true,
    cryptoCurrencyList: true,
    cryptoMarketList: true,
    cryptoTagsList: true,
    version: true,
  })
  .strict();

/** An audit item as a reviewer sees it before answering: blind. */
export const auditCardSchema = z.discriminatedUnion('service', [
  z.object({
    sampleItemId: id,
    sampleId: id,
    service: z.literal('tweets'),
    item: blindTweetSchema,
  }),
  z.object({ sampleItemId: id, sampleId: id, service: z.literal('news'), item: blindNewsSchema }),
]);
export type AuditCardView = z.infer<typeof auditCardSchema>;

/** The next item for me: one assigned to the caller and not answered yet, or none. */
export const auditNextSchema = z.object({
  card: auditCardSchema.nullable(),
  /** The card was already the caller's (a console restarted, or asked again before answering). */
  resumed: z.boolean(),
  /** Why there is no card, for the screen; null with a card. */
  message: z.string().nullable(),
});

/** A recorded answer, with what the classifier had decided when the item was drawn. */
export const auditAnswerResultSchema = z.object({
  sampleItemId: id,
  sampleId: id,
  service: serviceSchema,
  itemId: id,
  reviewer: z.string(),
  answerKept: z.boolean(),
  answeredAt: z.string(),
  classifierKept: z.boolean(),
  classifierRatio: z.number(),
  stratum: z.string(),
  /** Whether the answer is the classifier's decision. */
  agrees: z.boolean(),
});

/** One answered audit item in the shape of AuditAnswer (src/shared/quality/auditRecord.ts). */
export const auditAnswerRecordSchema = z.object({
  itemId: id,
  stratum: auditStratumSchema,
  answerKept: z.boolean(),
  reviewer: z.string(),
  answeredAt: z.string(),
  groups: z.object({
    keywords: z.array(z.string()),
    origin: z.string(),
    day: z.string(),
    modelRun: id.nullable(),
  }),
  /** Beyond AuditAnswer: the sample and the audit item the answer belongs to. */
  sampleId: id,
  sampleItemId: id,
});

/** A disagreement a third reviewer settled. */
export const auditSettlementSchema = z.object({
  sampleItemId: id,
  sampleId: id,
  service: serviceSchema,
  itemId: id,
  finalKept: z.boolean(),
  settledBy: z.string(),
  settledAt: z.string(),
});

/** The team's answers for the estimates, with the strata they are re-weighted by. */
export const auditAnswersSchema = z.object({
  answers: z.array(auditAnswerRecordSchema),
  /**
   * Population per stratum key: the sizes of the one sample read, or the sum over the samples
   * read (each sample's own sizes are in `samples`, for an estimator that weighs each apart).
   */
  stratumSizes: z.record(z.string(), count),
  samples: z.array(auditSampleSchema),
  settlements: z.array(auditSettlementSchema),
});

/** One reviewer's audit work. */
export const auditReviewerProgressSchema = z.object({
  reviewer: z.string(),
  /** Answers on the active sample's items. */
  answered: count,
  /** Answers given today (the UTC day), on any sample. */
  answeredToday: count,
  /** Items assigned to the reviewer and not answered yet, of any sample. */
  open: count,
});

/** The active sample's progress and the shift panel's figures. */
export const auditProgressSchema = z.object({
  sample: auditSampleSchema.nullable(),
  /** Answers the active sample wants: one per item, two per doubled item. */
  wanted: count,
  /** Of those, assigned to a reviewer, and answered. */
  assigned: count,
  answered: count,
  /** The UTC day `answeredToday` counts (YYYY-MM-DD). */
  today: z.string(),
  answeredToday: count,
  reviewers: z.array(auditReviewerProgressSchema),
});

/** One reviewer's answer on a disagreement. */
export const auditVerdictSchema = z.object({
  reviewer: z.string(),
  answerKept: z.boolean(),
  answeredAt: z.string(),
});

/** An item two reviewers answered differently, not settled yet. */
export const auditDisagreementSchema = z.object({
  sampleItemId: id,
  sampleId: id,
  service: serviceSchema,
  itemId: id,
  classifierKept: z.boolean(),
  classifierRatio: z.number(),
  stratum: z.string(),
  answers: z.array(auditVerdictSchema),
  /** The item's content and its version now (the settle call names the version). */
  card: auditCardSchema,
});
export const auditDisagreementsSchema = z.object({
  disagreements: z.array(auditDisagreementSchema),
});

/** A settled disagreement: the final decision, written to the item as the settler's decision. */
export const auditSettledSchema = auditSettlementSchema.extend({
  /** The item's version after the write, and its state before and after. */
  version: z.number().int().min(0),
  before: itemStateSchema,
  after: itemStateSchema,
});
