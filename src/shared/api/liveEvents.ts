import { z } from 'zod';
import { itemStateSchema, serviceSchema } from '../responses/insight';
import { call } from './call';
import { EXTENSIONS_BASE } from './insight';

/**
 * item-events: our reference server's stream of the writes reviewers make to items (DESIGN.md,
 * Several people at once: cards stay true), as Server-Sent Events. Declared like every extension
 * call, so that the route is registered behind the same ADMIN check and documented; core reads the
 * stream itself (src/main/core/live/itemStream.ts), never through the one caller, and opens it only
 * when the capabilities list names item-events.
 *
 * The stream: `event: ready` once the server listens (after any replay), then one `event: item`
 * per write with `id:` its sequence number and `data:` an itemEventSchema, a comment line as a
 * heartbeat, and `event: resync` when the writes since `Last-Event-ID` are too many to replay (the
 * client then reads again what it shows). It ends when the access token expires; the client comes
 * back with its next token and `Last-Event-ID`.
 */

/** The SSE event names of the stream. */
export const ITEM_EVENT = 'item';
export const READY_EVENT = 'ready';
export const RESYNC_EVENT = 'resync';

/** How often the server writes a heartbeat; a client that hears nothing for twice that reconnects. */
export const HEARTBEAT_SECONDS = 25;

/** One write to an item: which item, its state after the write, who made it and when. */
export const itemEventSchema = z.object({
  kind: serviceSchema,
  /** The item's data id. */
  id: z.number().int(),
  state: itemStateSchema,
  /** The signed-in user whose call made the write. */
  who: z.string().nullable(),
  /** The server's time of the write (ISO 8601). */
  at: z.string(),
});
export type ItemEvent = z.infer<typeof itemEventSchema>;

export const liveCalls = {
  itemEvents: call({
    method: 'GET',
    path: `${EXTENSIONS_BASE}/item-events`,
    // Read as a stream by core (itemStream.ts); the one caller never sends it.
    answer: z.unknown(),
    describe: 'item events',
    // Each event's data (the OpenAPI document says the answer is a text/event-stream of them).
    response: itemEventSchema,
  }),
};
