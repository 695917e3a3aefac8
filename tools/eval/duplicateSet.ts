import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { ReferenceRecord } from '../../src/shared/duplicates/likelyDuplicates';

/**
 * The files `npm run eval -- duplicates CATALOGUE FILE` reads: the catalogue (JSON Lines, or one
 * JSON array) of currencies and markets, and the detected records, JSON Lines, each labelled with
 * the catalogue uniqueName it duplicates (`duplicateOf`) or null. A record is read with SPEC.md 3's
 * fields, any of them missing; `kind` is currency (the default) or market.
 */
const text = z.string().optional();
const recordShape = {
  kind: z.enum(['currency', 'market']).default('currency'),
  uniqueName: text,
  name: text,
  currency: text,
  website: z.union([z.array(z.string()), z.string().transform((w) => [w])]).optional(),
  socials: z
    .record(
      z.string(),
      z
        .string()
        .nullish()
        .transform((v) => v ?? undefined),
    )
    .optional(),
  marketTradingPairs: z
    .array(
      z.object({
        market: text,
        tradingPairs: z.array(z.object({ otherCurrency: text }).passthrough()).optional(),
      }),
    )
    .optional(),
};
const catalogueLine = z.object(recordShape).passthrough();
const detectedLine = z.object({ ...recordShape, duplicateOf: z.string().nullable() }).passthrough();

export type Kind = 'currency' | 'market';
export interface CatalogueRecord extends ReferenceRecord {
  kind: Kind;
}
export interface DetectedRecord extends CatalogueRecord {
  duplicateOf: string | null;
}

function linesOf(file: string): { line: number; json: unknown }[] {
  const content = readFileSync(file, 'utf8');
  if (content.trimStart().startsWith('[')) {
    const all: unknown = JSON.parse(content);
    return (Array.isArray(all) ? all : []).map((json, i) => ({ line: i + 1, json }));
  }
  return content.split('\n').flatMap((raw, index) => {
    if (raw.trim() === '') return [];
    try {
      return [{ line: index + 1, json: JSON.parse(raw) as unknown }];
    } catch (error) {
      throw new Error(`${file}:${index + 1}: not JSON (${(error as Error).message})`);
    }
  });
}

function read<T extends z.ZodType>(file: string, schema: T, what: string): z.output<T>[] {
  return linesOf(file).map(({ line, json }) => {
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new Error(
        `${file}:${line}: not ${what}: ${parsed.error.issues
          .map((i) => `${i.path.join('.') || 'line'}: ${i.message}`)
          .join('; ')}`,
      );
    return parsed.data;
  });
}

export const readCatalogue = (file: string): CatalogueRecord[] =>
  read(file, catalogueLine, 'a currency or market record');

export const readDetected = (file: string): DetectedRecord[] =>
  read(file, detectedLine, 'a labelled detected record (duplicateOf: a uniqueName or null)');
