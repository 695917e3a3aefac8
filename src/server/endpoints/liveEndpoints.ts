import type { FastifyInstance } from 'fastify';
import type { EXTENSION_GROUPS } from '../../shared/api';
import type { ServerContext } from '../context';
import type { Implementations } from '../http/serveCalls';
import { ItemChanges } from '../live/itemChanges';
import { serveItemEvents, type OpenStreams } from '../live/itemEventStream';

/**
 * The item-events extension (DESIGN.md, Several people at once: cards stay true): this process's
 * one LISTEN on the database and the event streams it feeds. Streams are ended before the server
 * closes (a stream never ends on its own, and a close would wait for it), then the LISTEN.
 */
export function liveImplementations(
  app: FastifyInstance,
  ctx: ServerContext,
): Implementations<(typeof EXTENSION_GROUPS)['live']> {
  const changes = new ItemChanges(ctx.db);
  const open: OpenStreams = new Set();
  app.addHook('preClose', async () => {
    [...open].forEach((end) => end());
    await changes.close();
  });
  return {
    itemEvents: async (_request, reply) => serveItemEvents(ctx, changes, open, reply),
  };
}
