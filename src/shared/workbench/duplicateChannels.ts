import { z } from 'zod';

/**
 * Likely duplicates over the bridge (issue 49): the detected records of a queue page go to core,
 * which answers, for each, the catalogue records it most likely duplicates with their evidence
 * (src/shared/duplicates/likelyDuplicates.ts), leaving out the pairs the user said are not
 * duplicates. Plain schemas: core checks every payload before anything runs.
 */
export const DUPLICATE_KINDS = ['currency', 'market'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

/** Detected records asked about at once: a page of a queue (25 or 50). */
export const MAX_SUGGESTION_RECORDS = 100;

const shortText = z.string().max(500);
const texts = z.array(shortText).max(50);

/** A detected record's fields that evidence is read from (SPEC.md 3); every one optional. */
export const detectedRecordSchema = z.object({
  /** The row's key on screen: each answer names the record it is for by it. */
  key: z.string().max(600),
  uniqueName: shortText.optional(),
  name: shortText.optional(),
  currency: shortText.optional(),
  website: texts.optional(),
  socials: z.record(z.string().max(40), shortText.optional()).optional(),
  marketTradingPairs: z
    .array(
      z.object({
        market: shortText.optional(),
        tradingPairs: z
          .array(z.object({ otherCurrency: shortText.optional() }))
          .max(500)
          .optional(),
      }),
    )
    .max(200)
    .optional(),
});
export type DetectedRecord = z.infer<typeof detectedRecordSchema>;

export const suggestPayloadSchema = z.object({
  kind: z.enum(DUPLICATE_KINDS),
  records: z.array(detectedRecordSchema).max(MAX_SUGGESTION_RECORDS),
});

const evidenceSchema = z.object({
  kind: z.string(),
  matches: z.boolean(),
  text: z.string(),
  weight: z.number(),
});

export const candidateSchema = z.object({
  /** The catalogue record as the provider sent it (read as every list is). */
  record: z.record(z.string(), z.unknown()),
  /** The catalogue record's unique name (or name): what a dismissal names. */
  id: z.string(),
  score: z.number(),
  likely: z.boolean(),
  evidence: z.array(evidenceSchema),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ key: z.string(), candidates: z.array(candidateSchema) })),
  /** Catalogue records the suggestions were drawn from. */
  catalogueSize: z.number(),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** "Not a duplicate": this detected record is not that catalogue record. */
export const dismissalPayloadSchema = z.object({
  kind: z.enum(DUPLICATE_KINDS),
  /** The detected record's unique name (or name). */
  detected: z.string().min(1).max(500),
  /** The catalogue record's unique name (or name). */
  catalogue: z.string().min(1).max(500),
});
export type DismissalPayload = z.infer<typeof dismissalPayloadSchema>;

export const dismissalSchema = dismissalPayloadSchema.extend({
  /** When it was said (ISO). */
  at: z.string(),
  /** Who said it, where the team's list has it (our server's not-duplicates extension). */
  by: z.string().optional(),
});
export type Dismissal = z.infer<typeof dismissalSchema>;

export const dismissalsSchema = z.array(dismissalSchema);

/** The name a dismissal knows a record by: its unique name, else its name. */
export function identityOf(record: { uniqueName?: unknown; name?: unknown }): string {
  const pick = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return pick(record.uniqueName) || pick(record.name);
}
