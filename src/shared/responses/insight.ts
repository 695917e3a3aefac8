import { z } from 'zod';

/**
 * What our reference server answers to the classifier-insight extensions (DESIGN.md, Extensions).
 * These calls are sent only when the server lists them (src/shared/insight.ts), so the client reads
 * their answers with these same schemas.
 */

export const serviceSchema = z.enum(['tweets', 'news']);

export const capabilitiesSchema = z.object({
  extensions: z.array(z.object({ name: z.string(), version: z.number().int() })),
});

/** One run of create-tweet-model / create-news-model. */
export const modelRunSchema = z.object({
  id: z.number().int(),
  service: serviceSchema,
  /** Who pressed Model (the token's username). */
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'finished', 'failed']),
  /** What a running run is doing: training, then scoring every item. */
  phase: z.enum(['training', 'scoring', 'done']),
  /** Items scored so far, of `total` to score. */
  scored: z.number().int(),
  total: z.number().int(),
  /** Human decisions trained on (the held-out ones are not among them). */
  trainedOn: z.number().int(),
  /** Human decisions held out of training to measure accuracy on. */
  heldOut: z.number().int(),
  /** Share of held-out decisions the new model got right, 0–1; null when none were held out. */
  accuracy: z.number().nullable(),
  /** The previous finished run's accuracy for the same service, for comparison. */
  previousAccuracy: z.number().nullable(),
  /** Items whose decision or ratio this run changed, and how decisions moved. */
  changed: z.number().int(),
  keptToEliminated: z.number().int(),
  eliminatedToKept: z.number().int(),
  error: z.string().nullable(),
});
export type ModelRunView = z.infer<typeof modelRunSchema>;

export const modelRunsPageSchema = z.object({
  total: z.number().int(),
  runs: z.array(modelRunSchema),
});

/** One item a run changed: its ratio and decision before and after. */
export const modelRunChangeSchema = z.object({
  itemId: z.number().int(),
  /** The item's text, cut to 300 characters. */
  message: z.string(),
  detectTime: z.string(),
  oldRatio: z.number(),
  newRatio: z.number(),
  /** Kept (selected) before and after. */
  oldSelected: z.boolean(),
  newSelected: z.boolean(),
  /** Whether a human had decided or reviewed the item when the run changed it. */
  reviewed: z.boolean(),
});
export type ModelRunChange = z.infer<typeof modelRunChangeSchema>;

export const modelRunChangesPageSchema = z.object({
  total: z.number().int(),
  changes: z.array(modelRunChangeSchema),
});

/** A word and how far it pushed the classifier (log-odds, positive toward kept). */
export const wordWeightSchema = z.object({ word: z.string(), weight: z.number() });

/** Why? on a card: the latest model's per-word contributions for one item. */
export const whySchema = z.object({
  itemId: z.number().int(),
  /** The model run whose model this is. */
  runId: z.number().int(),
  /** What that model gives the item now. */
  ratio: z.number(),
  /** Strongest first. */
  towardKept: z.array(wordWeightSchema),
  towardEliminated: z.array(wordWeightSchema),
});
export type WhyView = z.infer<typeof whySchema>;

/** A recent item whose text holds the keyword, with where it matches (UTF-16 offsets). */
export const keywordMatchSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  detectTime: z.string(),
  selected: z.boolean(),
  reviewed: z.boolean(),
  matches: z.array(z.object({ start: z.number().int(), length: z.number().int() })),
});

export const keywordImpactServiceSchema = z.object({
  service: serviceSchema,
  /** Items whose text holds the keyword as whole words, any case. */
  total: z.number().int(),
  kept: z.number().int(),
  eliminated: z.number().int(),
  reviewed: z.number().int(),
  /** The five most recent (by detect time). */
  recent: z.array(keywordMatchSchema),
});

export const keywordImpactSchema = z.object({
  keyword: z.string(),
  services: z.array(keywordImpactServiceSchema),
});
export type KeywordImpactView = z.infer<typeof keywordImpactSchema>;

/** The part of an item a write can change, before and after it. */
export const itemStateSchema = z.object({
  selected: z.boolean(),
  manuallyChanged: z.boolean(),
  reviewedBy: z.string().nullable(),
  eliminatedKeyword: z.string().nullable(),
  nlpDecisionRatio: z.number(),
});

/** One write to an item, as the server recorded it. */
export const historyEntrySchema = z.object({
  at: z.string(),
  /** Who: the token's username, or for a model run who started it. */
  actor: z.string().nullable(),
  /** The call, as SPEC.md 7 writes it: 'PUT /twitter-service/manually-eliminate'. */
  call: z.string(),
  /** story: a decision the item took from its story when it joined it (the stories extension). */
  source: z.enum(['single', 'bulk', 'model', 'story']),
  bulkRunId: z.string().nullable(),
  modelRunId: z.number().int().nullable(),
  /** The story it took the decision from, and when the story was decided (actor: by whom). */
  story: z.object({ id: z.number().int(), decidedAt: z.string() }).optional(),
  before: itemStateSchema,
  after: itemStateSchema,
});
export type HistoryEntryView = z.infer<typeof historyEntrySchema>;
