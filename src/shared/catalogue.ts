import { z } from 'zod';
import type { Currency } from './api/records';
import { searchTextParams } from './bodies/fields';

/**
 * 'currencies.cataloguePage' (docs/performance.md, The server and the catalogue): one page of the
 * Crypto Currency list, answered by core from the list it keeps, so the bridge carries 50 rows
 * instead of the whole catalogue (13 MB at 20,000 currencies). `contains` is SPEC.md 2's filter
 * box: empty for the whole catalogue (get-currencies), otherwise the server's search
 * (get-currencies-includes-{text}). The list on this screen has no sortable column, so there is no
 * sort to carry.
 */
export const cataloguePagePayloadSchema = z.object({
  contains: searchTextParams.shape.text,
  /** Zero-based; a page past the end answers the last page (and says which). */
  page: z.number().int().min(0).max(1_000_000),
  /**
   * True when the list is opened, filtered or reloaded: core asks the provider again (a 304 when
   * it offers an ETag and nothing changed). False for a page turn, answered from what core holds.
   */
  fresh: z.boolean().default(true),
});
export type CataloguePagePayload = z.input<typeof cataloguePagePayloadSchema>;

export interface CataloguePage {
  rows: Currency[];
  /** How many currencies the whole list (or the search) holds. */
  total: number;
  /** The page answered: the one asked for, or the last one when the list has shrunk below it. */
  page: number;
}
