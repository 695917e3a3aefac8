/**
 * The declaration is the whole route (DESIGN.md, Contract): a declared call without server logic
 * does not compile, and a route whose handler answers outside its declared response is a 500
 * with the reason, never a quiet success (src/server/http/checkResponse.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_CALLS, DATA_CALLS, DATA_GROUPS } from '../../src/shared/api';
import { writeAnswer } from '../../src/shared/api/answers';
import { call } from '../../src/shared/api/call';
import { LIST_SAMPLE } from '../../src/server/http/checkResponse';
import {
  registerCalls,
  type GroupImplementations,
  type Implementations,
} from '../../src/server/http/serveCalls';
import { sendError } from '../../src/server/http/validate';

const pong = z.object({ pong: z.boolean() });
const group = {
  ping: call({
    method: 'GET',
    path: '/ping',
    query: z.object({ as: z.string().optional() }),
    answer: writeAnswer,
    response: pong,
    describe: 'answer',
  }),
  list: call({
    method: 'GET',
    path: '/list',
    query: z.object({ size: z.coerce.number(), broken: z.coerce.number().optional() }),
    answer: writeAnswer,
    response: z.array(pong),
    describe: 'list',
  }),
};

// Type tests: `npm run typecheck` fails when any of these stops being an error.

// @ts-expect-error: `list` is declared but has no implementation.
const missingOne: Implementations<typeof group> = { ping: async () => ({ pong: true }) };

const wrongAnswer: Implementations<typeof group> = {
  // @ts-expect-error: the answer is outside the declared response.
  ping: async () => ({ pong: 'yes' }),
  list: async () => [],
};

// @ts-expect-error: the data groups' implementations need every group (here all are missing).
const missingGroups: GroupImplementations<typeof DATA_GROUPS> = {};

const bare = {
  unanswered: call({ method: 'GET', path: '/bare', answer: writeAnswer, describe: 'answer' }),
};
function registerUndeclaredResponse(app: FastifyInstance) {
  // @ts-expect-error: a call without a declared response is not served.
  registerCalls(app, { bare }, { bare: { unanswered: async () => null } });
}

void [missingOne, wrongAnswer, missingGroups, registerUndeclaredResponse];

describe('a route is its declaration', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A server of the group above whose handlers answer as the query says. */
  async function serve() {
    app = Fastify({ logger: false });
    registerCalls(
      app,
      { test: group },
      {
        test: {
          ping: async ({ query }, reply) => {
            if (query.as === 'missing') return sendError(reply, 404, 'not_found', 'No ping.');
            if (query.as === 'extra') return { pong: true, extra: 1 } as { pong: boolean };
            // Outside the declared response, past the type checker.
            if (query.as === 'wrong') return { pong: 'yes' } as unknown as { pong: boolean };
            return { pong: true };
          },
          list: async ({ query }) =>
            Array.from({ length: query.size }, (_, index) =>
              index === query.broken
                ? ({ pong: 1 } as unknown as { pong: boolean })
                : { pong: true },
            ),
        },
      },
    );
    await app.ready();
    return app;
  }

  it('sends an answer within its response as the handler gave it', async () => {
    const server = await serve();
    const res = await server.inject({ method: 'GET', url: '/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pong: true });
    // Checked, not rewritten: a field beyond the schema is still sent.
    expect((await server.inject({ method: 'GET', url: '/ping?as=extra' })).json()).toEqual({
      pong: true,
      extra: 1,
    });
  });

  it('answers 500 naming the field when the handler answers outside its response', async () => {
    const server = await serve();
    const res = await server.inject({ method: 'GET', url: '/ping?as=wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json<{ message: string }>().message).toMatch(
      /GET \/ping answered outside its declared response: pong:/,
    );
  });

  it('leaves error answers to their own shape', async () => {
    const server = await serve();
    const res = await server.inject({ method: 'GET', url: '/ping?as=missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', error_description: 'No ping.' });
  });

  it('checks every entry of a short list, and a sample of a long one, first and last included', async () => {
    const server = await serve();
    const get = (query: string) => server.inject({ method: 'GET', url: `/list?${query}` });
    expect((await get(`size=${LIST_SAMPLE}`)).statusCode).toBe(200);
    const short = await get(`size=${LIST_SAMPLE}&broken=${LIST_SAMPLE - 2}`);
    expect(short.statusCode).toBe(500);
    expect(short.json<{ message: string }>().message).toContain(`${LIST_SAMPLE - 2}.pong`);
    const long = 20_000;
    expect((await get(`size=${long}`)).statusCode).toBe(200);
    expect((await get(`size=${long}&broken=0`)).statusCode).toBe(500);
    expect((await get(`size=${long}&broken=${long - 1}`)).statusCode).toBe(500);
  });

  it('every declared call, data and token, declares the response our server sends', () => {
    for (const entry of [...DATA_CALLS, ...AUTH_CALLS])
      expect(entry.call.response, entry.id).toBeInstanceOf(z.ZodType);
  });
});
