import { z } from 'zod';
import type { AgreementReport } from './agreement';
import { auditWindowSchema, type AuditWindow } from './auditChannels';
import type { Grouping } from './estimates';
import type { AgreementEstimate, QualityEstimate, RateEstimate } from './estimateTypes';

/**
 * audit.estimates: what the Quality screen and the top bar's warning read. Core computes it from
 * the user's own audit answers (qualityReport.ts); the figures come with the audited items behind
 * each of them, so that a figure can link to Review with exactly those items.
 */

export type RateName = keyof QualityEstimate;

/** The three rates in the order the screen shows them. */
export const RATE_NAMES: readonly RateName[] = [
  'keptShouldBeEliminated',
  'eliminatedShouldBeKept',
  'accuracy',
];

/** Audited item ids by source (Review shows one source at a time, so a link names one). */
export interface AuditedIds {
  tweets: number[];
  news: number[];
}

/** The three figures and, for each, the audited items its answers come from. */
export interface EstimateWithItems {
  estimate: QualityEstimate;
  itemsBehind: Record<RateName, AuditedIds>;
}

/** One group's figures (a keyword, source, website or account, day or model run). */
export interface GroupRow extends EstimateWithItems {
  /** The group; null is "none" (no keyword, no known model run). */
  group: string | null;
}

/** One sample's figures over all its answers, re-weighted with its own strata's sizes. */
export interface SampleRow extends EstimateWithItems {
  sampleId: string;
  window: AuditWindow;
  drawnAt: string;
  /** Whether this is the user's current sample (the others are earlier ones). */
  current: boolean;
}

/** One rate that got worse beyond its intervals. */
export interface WorseRate {
  rate: RateName;
  before: RateEstimate;
  after: RateEstimate;
}

/**
 * The estimates got worse after a model run: compared either between the current sample's last
 * two model runs (basis 'modelRun'), or, where that shows nothing, between the sample before and
 * the current one (basis 'sample'). `before` and `after` name what was compared.
 */
export interface QualityWarning {
  basis: 'modelRun' | 'sample';
  before: string;
  after: string;
  worse: WorseRate[];
}

export interface AuditEstimates {
  /**
   * Whose answers: 'own' is the user's own audit, kept by core against any provider; 'team' the
   * team's sample on our server (the audit extension), with agreement between its reviewers.
   */
  scope: 'own' | 'team';
  /** The current sample's figures; null when there is no sample yet. */
  current: SampleRow | null;
  /** The current sample's figures per group, by each grouping (estimatesBy). */
  groups: Record<Grouping, GroupRow[]>;
  /** Every sample's own figures, oldest first (the current one last): the series over audits. */
  samples: SampleRow[];
  /**
   * Agreement on items two reviewers answered. A user's own audit has one reviewer, so its pairs
   * are empty and overall has 0 items.
   */
  agreement: AgreementReport;
  warning: QualityWarning | null;
}

const intervalSchema = z.object({ low: z.number(), high: z.number() });
const rateSchema: z.ZodType<RateEstimate> = z.object({
  value: z.number().nullable(),
  interval: intervalSchema.nullable(),
  answers: z.number(),
  uncoveredStrata: z.array(z.string()).optional(),
});
const qualitySchema: z.ZodType<QualityEstimate> = z.object({
  keptShouldBeEliminated: rateSchema,
  eliminatedShouldBeKept: rateSchema,
  accuracy: rateSchema,
});
const idsSchema = z.object({ tweets: z.array(z.number()), news: z.array(z.number()) });
const rateNameSchema = z.enum(['keptShouldBeEliminated', 'eliminatedShouldBeKept', 'accuracy']);
const withItems = {
  estimate: qualitySchema,
  itemsBehind: z.object({
    keptShouldBeEliminated: idsSchema,
    eliminatedShouldBeKept: idsSchema,
    accuracy: idsSchema,
  }),
};
const groupRowSchema = z.object({ group: z.string().nullable(), ...withItems });
const sampleRowSchema = z.object({
  sampleId: z.string(),
  window: auditWindowSchema,
  drawnAt: z.string(),
  current: z.boolean(),
  ...withItems,
});
const agreementSchema: z.ZodType<AgreementEstimate> = z.object({
  items: z.number(),
  agreement: z.number().nullable(),
  kappa: z.number().nullable(),
  kappaInterval: intervalSchema.nullable(),
});

export const auditEstimatesSchema: z.ZodType<AuditEstimates> = z.object({
  scope: z.enum(['own', 'team']),
  current: sampleRowSchema.nullable(),
  groups: z.object({
    keyword: z.array(groupRowSchema),
    origin: z.array(groupRowSchema),
    day: z.array(groupRowSchema),
    modelRun: z.array(groupRowSchema),
    source: z.array(groupRowSchema),
  }),
  samples: z.array(sampleRowSchema),
  agreement: z.object({
    pairs: z.array(
      z.intersection(
        agreementSchema,
        z.object({ reviewers: z.tuple([z.string(), z.string()]).readonly() }),
      ),
    ),
    overall: agreementSchema,
  }),
  warning: z
    .object({
      basis: z.enum(['modelRun', 'sample']),
      before: z.string(),
      after: z.string(),
      worse: z.array(z.object({ rate: rateNameSchema, before: rateSchema, after: rateSchema })),
    })
    .nullable(),
});
