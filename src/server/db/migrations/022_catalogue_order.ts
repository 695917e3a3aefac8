/**
 * Migration 22: the catalogue's own order (rank, then id) as an index, so that the whole catalogue,
 * read in batches as it is sent (currencyRepo.ts, eachCatalogueBatch), has its first batch at once
 * rather than after sorting all of it (docs/performance.md, The server and the catalogue).
 */
export const catalogueOrder: readonly string[] = [
  'CREATE INDEX currencies_rank_id ON currencies (rank, id)',
];
