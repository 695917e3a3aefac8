import type { FastifyReply } from 'fastify';
import { marketCalls as m, tagCalls as t } from '../../shared/api/configuration';
import type { ServerContext } from '../context';
import { implement, type Implementation } from '../http/serveCalls';
import { sendError } from '../http/validate';
import {
  hasMarketImage,
  listMarkets,
  listNewMarkets,
  removeFromMarket,
  saveNewMarket,
  updateMarket,
} from '../market/marketRepo';
import {
  addCryptoTag,
  listCryptoTags,
  listEcosystemTags,
  removeCryptoTagUsage,
  updateCryptoTag,
  updateEcosystemTag,
} from '../tags/tagRepo';

const noMarket = (key: { marketId: number; uniqueName: string }) =>
  `No market with market id ${key.marketId} and unique name "${key.uniqueName}".`;

/**
 * SPEC.md 7, configuration service: the market catalogue and its queue of new markets, crypto
 * tags and ecosystem tags. Writes answer the record as it is now.
 */
export function marketAndTagImplementations(ctx: ServerContext): Implementation[] {
  const { db } = ctx;
  /** One entry out of a market's list: the market as it now is, or 404 saying what is unknown. */
  const removal = async (
    reply: FastifyReply,
    column: 'unwanted_usages' | 'tags',
    what: string,
    body: { marketId: number; uniqueName: string },
    value: string,
  ) => {
    const out = await removeFromMarket(db, column, body, value);
    if (out.ok) return out.market;
    return sendError(
      reply,
      404,
      'not_found',
      out.reason === 'no_market'
        ? noMarket(body)
        : `Market "${body.uniqueName}" has no ${what} "${value}".`,
    );
  };
  return [
    // ---- Markets
    implement(m.getMarketsIncludes, async ({ params }) => listMarkets(db, params.text)),
    implement(
      m.updateMarket,
      async ({ body }, reply) =>
        (await updateMarket(db, body)) ?? sendError(reply, 404, 'not_found', noMarket(body)),
    ),
    implement(m.deleteUnwantedUsageOfMarket, async ({ body }, reply) =>
      removal(reply, 'unwanted_usages', 'unwanted usage', body, body.unwantedUsage),
    ),
    implement(m.deleteTagOfMarket, async ({ body }, reply) =>
      removal(reply, 'tags', 'tag', body, body.tag),
    ),
    implement(m.getNewMarkets, async () => listNewMarkets(db)),
    implement(m.saveNewMarket, async ({ body }, reply) => {
      const out = await saveNewMarket(db, body);
      if (out.ok) return out.market;
      if (out.reason === 'not_found')
        return sendError(reply, 404, 'not_found', `No new market with market id ${body.marketId}.`);
      return sendError(
        reply,
        409,
        'duplicate',
        out.field === 'uniqueName'
          ? `A market with unique name "${body.uniqueName}" is already in the catalogue.`
          : `A market with market id ${body.marketId} is already in the catalogue.`,
      );
    }),
    implement(m.checkMarketImage, async ({ query }) => hasMarketImage(db, query.uniqueName)),

    // ---- Crypto tags
    implement(t.getCryptoTagsIncludes, async ({ params }) => listCryptoTags(db, params.text)),
    implement(
      t.addCryptoTag,
      async ({ body }, reply) =>
        (await addCryptoTag(db, body)) ??
        sendError(
          reply,
          409,
          'duplicate',
          `A crypto tag with unique name "${body.uniqueName}" already exists.`,
        ),
    ),
    implement(
      t.updateCryptoTag,
      async ({ body }, reply) =>
        (await updateCryptoTag(db, body)) ??
        sendError(reply, 404, 'not_found', `No crypto tag with unique name "${body.uniqueName}".`),
    ),
    implement(t.deleteUsageOfCryptoTag, async ({ body }, reply) => {
      const out = await removeCryptoTagUsage(db, body.uniqueName, body.usage);
      if (out.ok) return out.tag;
      return sendError(
        reply,
        404,
        'not_found',
        out.reason === 'no_tag'
          ? `No crypto tag with unique name "${body.uniqueName}".`
          : `Crypto tag "${body.uniqueName}" has no usage "${body.usage}".`,
      );
    }),

    // ---- Ecosystem tags
    implement(t.getEcosystemTagsIncludes, async ({ params }) => listEcosystemTags(db, params.text)),
    implement(
      t.updateEcosystemTag,
      async ({ body }, reply) =>
        (await updateEcosystemTag(db, body)) ??
        sendError(
          reply,
          404,
          'not_found',
          `No ecosystem tag with unique name "${body.uniqueName}".`,
        ),
    ),
  ];
}
