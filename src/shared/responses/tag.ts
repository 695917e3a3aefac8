import { z } from 'zod';

/**
 * The crypto-tag and ecosystem-tag records our reference server sends (SPEC.md 3): complete and
 * strict, where the client reads the provider's leniently (src/shared/api/records.ts). They are
 * the declared `response` of the tag calls; the client never reads an answer through them.
 */

export const cryptoTagSchema = z.object({
  name: z.string(),
  uniqueName: z.string(),
  usages: z.array(z.string()),
  search: z.boolean(),
  displayOnApps: z.boolean(),
});
export type CryptoTag = z.infer<typeof cryptoTagSchema>;

export const ecosystemTagSchema = z.object({ name: z.string(), uniqueName: z.string() });
export type EcosystemTag = z.infer<typeof ecosystemTagSchema>;
