import type { FastifyReply } from 'fastify';
import { decodeJwt } from 'jose';
import {
  HEARTBEAT_SECONDS,
  ITEM_EVENT,
  READY_EVENT,
  RESYNC_EVENT,
} from '../../shared/api/liveEvents';
import type { ServerContext } from '../context';
import { sendError } from '../http/validate';
import { writesSince, type ItemChanges, type SequencedEvent } from './itemChanges';

/** The most writes replayed to a client that comes back; beyond, it is told to read again. */
export const REPLAY_LIMIT = 200;

/**
 * What a client may have waiting to be sent before it is dropped (it comes back with
 * Last-Event-ID): a console that stopped reading must not hold the server's memory.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Last-Event-ID as this stream writes ids: a whole number; null when absent. */
function lastEventIdOf(header: string | string[] | undefined): number | null | 'invalid' {
  if (header === undefined || header === '') return null;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return 'invalid';
  return Number(header);
}

/** When the request's access token expires (ms since the epoch); requireAdmin checked it. */
function tokenExpiryOf(authorization: string | undefined): number | null {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!token) return null;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Every open stream of this process, ended when the server closes. */
export type OpenStreams = Set<() => void>;

/**
 * GET /dqc-extensions/item-events (src/shared/api/liveEvents.ts): Server-Sent Events of the writes
 * reviewers make to items, from this process's LISTEN (itemChanges.ts). A client that comes back
 * with Last-Event-ID first gets the writes it missed, from item_history, or `resync` when they are
 * more than REPLAY_LIMIT. The stream ends when the access token expires or its session ends
 * (checked at each heartbeat), so that an ended session hears no more; when the database
 * connection that listens fails (the client comes back with Last-Event-ID and gets what it
 * missed); when the client reads too slowly; and when the server closes.
 */
export async function serveItemEvents(
  ctx: ServerContext,
  changes: ItemChanges,
  open: OpenStreams,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { request } = reply;
  const lastSeen = lastEventIdOf(request.headers['last-event-id']);
  if (lastSeen === 'invalid')
    return sendError(
      reply,
      400,
      'invalid_request',
      'Last-Event-ID: not an id of this stream (a whole number).',
    );
  const expiresAt = tokenExpiryOf(request.headers.authorization);
  const sessionId = request.principal?.sessionId ?? null;

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    // A reverse proxy must pass each event on at once rather than buffer the answer.
    'X-Accel-Buffering': 'no',
  });
  // The client's reconnection delay, as SSE has it; core keeps its own backoff too.
  res.write('retry: 2000\n\n');

  let ended = false;
  const timers: {
    expiry?: ReturnType<typeof setTimeout>;
    heartbeat?: ReturnType<typeof setTimeout>;
  } = {};
  let unsubscribe: (() => void) | null = null;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timers.expiry);
    clearTimeout(timers.heartbeat);
    unsubscribe?.();
    open.delete(end);
    res.end();
  };
  open.add(end);
  res.on('close', end);

  const write = (text: string) => {
    if (ended) return;
    res.write(text);
    if (res.writableLength > MAX_BUFFERED_BYTES) end();
  };
  const send = ({ seq, event }: SequencedEvent) =>
    write(`id: ${seq}\nevent: ${ITEM_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);

  // Live events that arrive while the replay is read wait, so that the client hears them in order.
  let held: SequencedEvent[] | null = [];
  try {
    unsubscribe = await changes.subscribe({
      onEvent: (event) => (held ? held.push(event) : send(event)),
      onLost: end,
    });
  } catch (error) {
    console.error('[server] the item event stream could not listen:', error);
    end();
    return reply;
  }
  if (ended) {
    unsubscribe();
    return reply;
  }
  const replayed = new Set<number>();
  if (lastSeen !== null) {
    const missed = await writesSince(ctx.db, lastSeen, REPLAY_LIMIT).catch(() => null);
    if (missed === null) write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
    else
      for (const event of missed) {
        replayed.add(event.seq);
        send(event);
      }
  }
  // A write both replayed and heard live is sent once.
  const live = held.filter(({ seq }) => !replayed.has(seq));
  held = null;
  live.forEach(send);
  write(`event: ${READY_EVENT}\ndata: {}\n\n`);

  // setTimeout takes at most 2^31 - 1 ms (about 24 days); a token that lives longer is ended then.
  if (expiresAt !== null)
    timers.expiry = setTimeout(end, Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1));
  const beat = () =>
    (timers.heartbeat = setTimeout(() => void heartbeat(), HEARTBEAT_SECONDS * 1000));
  const heartbeat = async () => {
    if (ended) return;
    write(': heartbeat\n\n');
    // A failed check is not an ended session: the next heartbeat asks again.
    if (sessionId !== null && !(await ctx.sessions.isActive(sessionId).catch(() => true))) end();
    else if (!ended) beat();
  };
  beat();
  return reply;
}
