import type { AxiosInstance } from 'axios';
import type { BridgeChannel } from '../../../shared/bridge';
import type { SessionView } from '../../../shared/auth';
import type { CallContext } from '../bridge/callContext';
import type { BridgeHandlers } from '../bridge/dispatcher';
import { isWriteChannel } from '../writes/writeChannels';
import { CatalogueCache } from './catalogueCache';
import { readCatalogue } from './conditionalRead';
import { ChunkPool } from './chunkPool';

/**
 * The writes after which the held catalogue may be out of date: every write of the currency
 * screens (a currency updated, a tag or usage removed, a new currency or version saved) and of
 * the market screens (a market's trading pairs are part of each currency's record).
 */
export function changesCatalogue(channel: BridgeChannel): boolean {
  return (
    (channel.startsWith('currencies.') || channel.startsWith('markets.')) && isWriteChannel(channel)
  );
}

/** The catalogue core keeps for the signed-in session, read through the API client. */
export function createCatalogue(api: AxiosInstance, session: { view(): SessionView }) {
  // The memory of the lists the cache gives up, for the next ones it reads (chunkPool.ts).
  const pool = new ChunkPool();
  return new CatalogueCache({
    read: (text, etag) => readCatalogue(api, text, etag, pool),
    owner: () => {
      const { signedIn, userId, username } = session.view();
      return signedIn ? `${userId ?? ''}\n${username ?? ''}` : null;
    },
  });
}

/**
 * The handlers with the catalogue forgotten around every write that could change it, and at
 * every sign-in and sign-out (the session's own end, expired or revoked, is seen by the next
 * page asked for: it is no longer the owner's).
 */
export function forgettingCatalogue(
  handlers: BridgeHandlers,
  catalogue: Pick<CatalogueCache, 'forget'>,
): BridgeHandlers {
  type Handler = (payload: never, context: CallContext) => Promise<unknown>;
  const wrapped: Partial<Record<BridgeChannel, Handler>> = {};
  for (const channel of Object.keys(handlers) as BridgeChannel[]) {
    if (!changesCatalogue(channel) && channel !== 'session.signIn' && channel !== 'session.signOut')
      continue;
    const handler = handlers[channel] as Handler;
    wrapped[channel] = async (payload, context) => {
      catalogue.forget();
      try {
        return await handler(payload, context);
      } finally {
        // Also after: a page read while the write ran may hold the list from before it.
        catalogue.forget();
      }
    };
  }
  return { ...handlers, ...(wrapped as Partial<BridgeHandlers>) };
}
