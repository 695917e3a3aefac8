import { z } from 'zod';
import { flagSchema, requiredText, wholeNumber, wordList } from './fields';

/** SPEC.md 7: what the market and new-market calls send (configuration service). */

const marketKey = {
  marketId: wholeNumber('marketId', 0),
  uniqueName: requiredText('uniqueName'),
};

export const updateMarketBodySchema = z.object({
  ...marketKey,
  name: requiredText('name'),
  search: flagSchema('search'),
  unwantedUsages: wordList('unwantedUsages'),
  tags: wordList('tags'),
  active: flagSchema('active'),
});
export type UpdateMarketBody = z.input<typeof updateMarketBodySchema>;

export const marketUnwantedUsageBodySchema = z.object({
  ...marketKey,
  unwantedUsage: requiredText('unwantedUsage'),
});
export const marketTagBodySchema = z.object({ ...marketKey, tag: requiredText('tag') });

/** A new market is saved through /save-new-currency with this body (SPEC.md 7). */
export const saveNewMarketBodySchema = z.object({
  marketId: wholeNumber('marketId', 0),
  name: requiredText('name'),
  uniqueName: requiredText('uniqueName'),
  search: flagSchema('search'),
  unwantedUsages: wordList('unwantedUsages'),
  tags: wordList('tags'),
  active: flagSchema('active'),
});
export type SaveNewMarketBody = z.input<typeof saveNewMarketBodySchema>;
