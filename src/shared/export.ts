import { z } from 'zod';
import { filterTypeSchema } from './bodies/review';
import { insightFilterBodySchema } from './bodies/reviewFilter';

/**
 * Export… (docs/user-guide.md, A reviewer's shift): every result of a screen's current filter
 * written to a CSV or JSON file by core, not only the page on screen. Core pages through the filter
 * with progress and Cancel; a list the client pages (SPEC.md 9) exports what was loaded. The
 * desktop app asks where to save; browser mode downloads.
 */

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A column to write: the row's field (a dotted path for a nested one) and its heading. */
export const exportColumnSchema = z.object({
  key: z.string().min(1).max(120),
  title: z.string().max(200),
});
export type ExportColumn = z.output<typeof exportColumnSchema>;

/** Rows a client-paged list already holds, sent as they are (the provider's fields). */
export const MAX_EXPORT_ROWS = 200_000;

export const exportSourceSchema = z.discriminatedUnion('kind', [
  /** Review: every item of the filter, read page by page with the filter call. */
  z.object({
    kind: z.literal('review'),
    filterType: filterTypeSchema,
    filter: insightFilterBodySchema,
  }),
  /**
   * A server-paged list (SPEC.md 9): a read channel called for page 0, 1, … with `pageField` set,
   * until `total` rows or an empty page.
   */
  z.object({
    kind: z.literal('pages'),
    channel: z.string().min(1).max(80),
    payload: z.record(z.string(), z.unknown()),
    pageField: z.string().min(1).max(40),
    total: z.number().int().min(0).max(100_000_000),
  }),
  /** A client-paged list: the rows it loaded. */
  z.object({
    kind: z.literal('rows'),
    rows: z.array(z.record(z.string(), z.unknown())).max(MAX_EXPORT_ROWS),
  }),
]);
export type ExportSource = z.input<typeof exportSourceSchema>;

export const exportStartPayloadSchema = z.object({
  source: exportSourceSchema,
  format: z.enum(EXPORT_FORMATS),
  /** The columns shown, in order; null: every field of the rows. */
  columns: z.array(exportColumnSchema).max(200).nullable(),
  /** The file's suggested name without extension ('review-tweets-2026-11-24'). */
  fileName: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[\w.-]+$/, 'may hold letters, digits, dots, dashes and underscores only'),
});
export type ExportStartPayload = z.input<typeof exportStartPayloadSchema>;

export const exportIdPayloadSchema = z.object({ id: z.string().min(1).max(64) });

export type ExportStatus = 'running' | 'done' | 'cancelled' | 'failed';

export interface ExportView {
  id: string;
  status: ExportStatus;
  format: ExportFormat;
  /** Rows written so far. */
  written: number;
  /** Rows to write, when known (the count, or the rows sent). */
  total: number | null;
  /** The file's name as saved or downloaded ('review-tweets-2026-11-24.csv'). */
  fileName: string;
  /** Desktop: the full path the user chose. */
  savedTo: string | null;
  /** Browser mode: where the page downloads the finished file (one use, loopback only). */
  downloadUrl: string | null;
  /** Why it failed or stopped; null otherwise. */
  message: string | null;
}

/** ExportView as a schema: the export.* channels and Export views declare what they answer. */
export const exportViewSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'cancelled', 'failed']),
  format: z.enum(EXPORT_FORMATS),
  written: z.number(),
  total: z.number().nullable(),
  fileName: z.string(),
  savedTo: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  message: z.string().nullable(),
}) satisfies z.ZodType<ExportView>;
