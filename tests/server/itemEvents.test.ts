/**
 * The item-events extension (DESIGN.md, Several people at once: cards stay true) on each engine:
 * a write a reviewer makes reaches another reviewer's open stream, fed by PostgreSQL's
 * LISTEN/NOTIFY; a stream opened again with Last-Event-ID first hears what it missed; on
 * PostgreSQL, a write through one server process reaches a stream held by another process on the
 * same database.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { openPostgresDatabase } from '../../src/server/db/postgresDatabase';
import type { ServerTweetItem } from '../../src/server/review/items';
import {
  ITEM_EVENT,
  itemEventSchema,
  liveCalls,
  READY_EVENT,
  type ItemEvent,
} from '../../src/shared/api/liveEvents';
import { openSse, type SseClient } from '../support/sseClient';
import { useServer, type Caller } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

const PATH = liveCalls.itemEvents.path;

describe.each(ENGINES)('item events on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const db = () => api.server.context.db;
  const streams: SseClient[] = [];
  afterAll(() => streams.forEach((stream) => stream.close()));

  /** reviewer1's stream on a server's URL, once the server says it listens. */
  const listen = async (url = api.server.url, headers: Record<string, string> = {}) => {
    const stream = await openSse(`${url}${PATH}`, { ...api.headers, ...headers });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((message) => message.event === READY_EVENT);
    return stream;
  };
  const eventAbout = async (stream: SseClient, id: number, who: string): Promise<ItemEvent> => {
    const message = await stream.next((heard) => {
      if (heard.event !== ITEM_EVENT) return false;
      const event = itemEventSchema.parse(JSON.parse(heard.data));
      return event.id === id && event.who === who;
    });
    return itemEventSchema.parse(JSON.parse(message.data));
  };

  let nextFresh = 0;
  const freshTweet = async () => {
    const [row] = await db().query<{ id: number }>(
      `SELECT id FROM tweets WHERE NOT manually_changed AND reviewed_by IS NULL
         AND NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post AND selected
       ORDER BY id DESC OFFSET $1 LIMIT 1`,
      [nextFresh++],
    );
    return (
      await api.call('tweets.findById', { params: { id: Number(row!.id) } })
    ).json<ServerTweetItem>();
  };
  const eliminate = (caller: Caller, item: ServerTweetItem, reviewedBy: string) =>
    caller.call('tweets.manualChange', {
      params: { case: 'manually-eliminate' },
      body: {
        tweetId: item.tweetId,
        twitterUserName: item.twitterUserName,
        keyword: null,
        keywordType: 'NO_FILTER',
        unwantedUsage: null,
        reviewedBy,
      },
    });

  it("a decision by reviewer2 reaches reviewer1's open stream: the item, its state, who and when", async () => {
    const stream = await listen();
    const item = await freshTweet();
    const reviewer2 = await api.as('reviewer2');
    expect((await eliminate(reviewer2, item, 'reviewer2')).statusCode).toBe(200);
    const event = await eventAbout(stream, item.id, 'reviewer2');
    expect(event).toMatchObject({
      kind: 'tweets',
      id: item.id,
      state: { selected: false, manuallyChanged: true, reviewedBy: null },
      who: 'reviewer2',
    });
    expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    const reviewed = await reviewer2.call('tweets.reviewed', {
      params: { id: item.id },
      body: 'reviewer2',
    });
    expect(reviewed.statusCode).toBe(200);
    await stream.next(
      (heard) =>
        heard.event === ITEM_EVENT &&
        itemEventSchema.parse(JSON.parse(heard.data)).state.reviewedBy === 'reviewer2',
    );
  });

  it('a stream opened again with Last-Event-ID hears first the writes it missed', async () => {
    const first = await listen();
    const missed = await freshTweet();
    const reviewer3 = await api.as('reviewer3');
    await eliminate(reviewer3, missed, 'reviewer3');
    const heard = await first.next(
      (message) =>
        message.event === ITEM_EVENT &&
        itemEventSchema.parse(JSON.parse(message.data)).id === missed.id,
    );
    first.close();
    const seq = Number(heard.lastEventId);
    expect(Number.isSafeInteger(seq)).toBe(true);
    // Opened again from just before that write: it is replayed, before `ready`.
    const again = await openSse(`${api.server.url}${PATH}`, {
      ...api.headers,
      'last-event-id': String(seq - 1),
    });
    streams.push(again);
    await again.next((message) => message.event === READY_EVENT);
    const events = again.heard.map((message) => message.event);
    expect(events.indexOf(ITEM_EVENT)).toBeLessThan(events.indexOf(READY_EVENT));
    expect(again.heard[0]).toMatchObject({ event: ITEM_EVENT, lastEventId: String(seq) });
  });

  it('refuses a Last-Event-ID that is not an id of the stream, and a call without a token', async () => {
    const bad = await openSse(`${api.server.url}${PATH}`, {
      ...api.headers,
      'last-event-id': 'yesterday',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Last-Event-ID');
    const anonymous = await openSse(`${api.server.url}${PATH}`, {});
    expect(anonymous.status).toBe(401);
  });

  it.runIf(engine === 'postgres')(
    'two server processes on one database: a write through one reaches a stream of the other',
    async () => {
      // A second app on the same PostgreSQL database, as a second process would run it.
      const { config } = api.server.context;
      const otherDb = await openPostgresDatabase(config.databaseUrl!);
      const other = await buildServer(config, otherDb);
      try {
        await other.app.listen({ host: '127.0.0.1', port: 0 });
        const address = other.app.server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        const stream = await listen(`http://127.0.0.1:${port}`);
        const item = await freshTweet();
        // The write goes through the first server; the stream is held by the second.
        const reviewer2 = await api.as('reviewer2');
        expect((await eliminate(reviewer2, item, 'reviewer2')).statusCode).toBe(200);
        expect(await eventAbout(stream, item.id, 'reviewer2')).toMatchObject({
          state: { selected: false },
        });
        stream.close();
      } finally {
        await other.app.close();
        await otherDb.close();
      }
    },
  );
});
