import type { tagCalls } from '../../shared/api/configuration';
import type { ServerContext } from '../context';
import type { Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';
import {
  addCryptoTag,
  listCryptoTags,
  listEcosystemTags,
  removeCryptoTagUsage,
  updateCryptoTag,
  updateEcosystemTag,
} from '../tags/tagRepo';

/**
 * SPEC.md 7, configuration service: crypto tags and ecosystem tags. Writes answer the tag as it
 * is now.
 */
export function tagImplementations(ctx: ServerContext): Implementations<typeof tagCalls> {
  const { db } = ctx;
  return {
    getCryptoTagsIncludes: async ({ params }) => listCryptoTags(db, params.text),
    addCryptoTag: async ({ body }, reply) => sendOutcome(reply, await addCryptoTag(db, body)),
    updateCryptoTag: async ({ body }, reply) => sendOutcome(reply, await updateCryptoTag(db, body)),
    deleteUsageOfCryptoTag: async ({ body }, reply) =>
      sendOutcome(reply, await removeCryptoTagUsage(db, body.uniqueName, body.usage)),

    getEcosystemTagsIncludes: async ({ params }) => listEcosystemTags(db, params.text),
    updateEcosystemTag: async ({ body }, reply) =>
      sendOutcome(reply, await updateEcosystemTag(db, body)),
  };
}
