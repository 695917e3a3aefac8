import { z } from 'zod';
import { flagSchema, requiredText, wordList } from './fields';

/** SPEC.md 7: what the crypto-tag and ecosystem-tag calls send (configuration service). */

export const cryptoTagBodySchema = z.object({
  name: requiredText('name'),
  uniqueName: requiredText('uniqueName'),
  usages: wordList('usages'),
  search: flagSchema('search'),
  displayOnApps: flagSchema('displayOnApps'),
});
export type CryptoTagBody = z.input<typeof cryptoTagBodySchema>;

export const cryptoTagUsageBodySchema = z.object({
  uniqueName: requiredText('uniqueName'),
  usage: requiredText('usage'),
});

export const ecosystemTagBodySchema = z.object({
  uniqueName: requiredText('uniqueName'),
  name: requiredText('name'),
});
export type EcosystemTagBody = z.input<typeof ecosystemTagBodySchema>;
