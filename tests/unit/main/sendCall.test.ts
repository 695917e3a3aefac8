import axios, { type AxiosInstance } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseAnswerText } from '../../../src/main/core/api/answerText';
import { sendCall } from '../../../src/main/core/api/sendCall';
import { ServerExtensions } from '../../../src/main/core/insight/serverExtensions';
import { silentLogger } from '../../../src/main/core/log';
import { reviewCallsOf } from '../../../src/main/core/runs/reviewCalls';
import { BridgeFailure, toBridgeError } from '../../../src/main/core/bridgeFailure';
import {
  countAnswer,
  listAnswer,
  record,
  text,
  writeAnswer,
} from '../../../src/shared/api/answers';
import { call } from '../../../src/shared/api/call';
import { MESSAGES } from '../../../src/shared/messages';
import {
  emptyReply,
  jsonReply,
  startRecordingServer,
  textReply,
  type CannedReply,
  type RecordingServer,
} from '../../support/recordingServer';

let server: RecordingServer;
let api: AxiosInstance;
let next: CannedReply;
const fromSession = vi.fn(() => 'reviewer2');

beforeAll(async () => {
  server = await startRecordingServer(() => next);
  api = axios.create({ baseURL: server.url });
});
afterAll(() => server.close());
beforeEach(() => {
  next = emptyReply();
  server.seen.length = 0;
  fromSession.mockClear();
});

const last = () => server.seen.at(-1)!;

const jsonCall = call({
  method: 'PUT',
  path: '/svc/{kind}/change-{id}',
  params: z.object({ kind: z.string(), id: z.number() }),
  query: z.object({ page: z.number().optional(), q: z.string().optional() }),
  body: z.object({ name: z.string(), tags: z.array(z.string()), reviewedBy: z.string() }),
  fromSession: { reviewedBy: 'username' },
  answer: writeAnswer,
  describe: 'answer',
});

describe('sendCall: how the body travels', () => {
  it('json: the body fields as a JSON object, session fields filled, params and query apart', async () => {
    await expect(
      sendCall(
        api,
        jsonCall,
        {
          kind: 'a b/c',
          id: 7,
          page: 2,
          q: 'x y&z',
          name: 'n',
          tags: ['t'],
        },
        fromSession,
      ),
    ).resolves.toBeNull();
    expect(last().method).toBe('PUT');
    expect(last().path).toBe('/svc/a%20b%2Fc/change-7');
    expect(last().query).toEqual({ page: '2', q: 'x y&z' });
    expect(last().contentType).toMatch(/^application\/json/);
    // The reviewer is the session's username.
    expect(JSON.parse(last().body)).toEqual({ name: 'n', tags: ['t'], reviewedBy: 'reviewer2' });
    expect(fromSession).toHaveBeenCalledWith('username');
  });

  it('the reviewer is always the signed-in user: a payload naming another is refused before anything is sent', async () => {
    const payload = { kind: 'k', id: 1, name: 'n', tags: [] };
    await expect(
      sendCall(api, jsonCall, { ...payload, reviewedBy: 'reviewer1' }, fromSession),
    ).rejects.toMatchObject({
      status: 403,
      code: 'NAMES_ANOTHER_USER',
      message: MESSAGES.namesAnotherUser('reviewer1', 'reviewer2'),
    });
    expect(server.seen).toEqual([]);
    // The signed-in user's own name, however spelled, goes as the session has it.
    await sendCall(api, jsonCall, { ...payload, reviewedBy: ' Reviewer2 ' }, fromSession);
    expect(JSON.parse(last().body)).toMatchObject({ reviewedBy: 'reviewer2' });
  });

  it('json: a DELETE carries its body too', async () => {
    const remove = call({
      method: 'DELETE',
      path: '/delete-tag',
      body: z.object({ uniqueName: z.string(), tag: z.string() }),
      answer: writeAnswer,
      describe: 'answer',
    });
    await sendCall(api, remove, { uniqueName: 'bitcoin', tag: 'layer-1' }, fromSession);
    expect(last()).toMatchObject({ method: 'DELETE', path: '/delete-tag' });
    expect(JSON.parse(last().body)).toEqual({ uniqueName: 'bitcoin', tag: 'layer-1' });
    expect(fromSession).not.toHaveBeenCalled();
  });

  it('jsonString: the whole body is the username as one JSON string', async () => {
    const reviewed = call({
      method: 'PUT',
      path: '/svc/{id}/reviewed',
      params: z.object({ id: z.number() }),
      bodyKind: 'jsonString',
      body: z.string(),
      fromSession: { body: 'username' },
      answer: writeAnswer,
      describe: 'answer',
    });
    await sendCall(api, reviewed, { id: 9 }, fromSession);
    expect(last()).toMatchObject({ method: 'PUT', path: '/svc/9/reviewed', body: '"reviewer2"' });
    expect(last().contentType).toMatch(/^application\/json/);
    await expect(
      sendCall(api, reviewed, { id: 9, body: 'reviewer3' }, fromSession),
    ).rejects.toMatchObject({ status: 403, code: 'NAMES_ANOTHER_USER' });
    expect(server.seen).toHaveLength(1);
  });

  it('form: the fields form-encoded', async () => {
    const form = call({
      method: 'POST',
      path: '/token',
      bodyKind: 'form',
      body: z.object({ grant_type: z.string(), username: z.string(), n: z.number() }),
      answer: z.unknown(),
      describe: 'answer',
    });
    await sendCall(
      api,
      form,
      { grant_type: 'password', username: 'a b&c=d', n: 3, missing: undefined },
      fromSession,
    );
    expect(last().contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(last().body))).toEqual({
      grant_type: 'password',
      username: 'a b&c=d',
      n: '3',
    });
  });

  it('none: no body at all, on a GET, a POST and a DELETE', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const bare = call({
        method,
        path: '/svc/item-{id}',
        params: z.object({ id: z.number() }),
        answer: writeAnswer,
        describe: 'answer',
      });
      // Stray fields of a payload are not sent.
      await sendCall(api, bare, { id: 4, stray: 'x' }, fromSession);
      expect(last()).toMatchObject({ method, path: '/svc/item-4', body: '', query: {} });
      // Nothing is sent, so nothing is named: not JSON, and not the form axios would default to.
      expect(last().contentType).toBeUndefined();
    }
  });
});

describe('sendCall: reading the answer as it comes', () => {
  const list = call({
    method: 'GET',
    path: '/list',
    answer: listAnswer(record({ name: text })),
    describe: 'name list',
  });
  const count = call({ method: 'GET', path: '/count', answer: countAnswer, describe: 'count' });

  it('a write succeeds on an empty 200, a 204, true, "OK" and a record', async () => {
    const write = call({ method: 'POST', path: '/w', answer: writeAnswer, describe: 'answer' });
    for (const reply of [
      emptyReply(200),
      emptyReply(204),
      jsonReply(true),
      textReply('OK'),
      jsonReply({ id: 1 }, 201),
    ]) {
      next = reply;
      await expect(sendCall(api, write, {}, fromSession), JSON.stringify(reply)).resolves.toBe(
        null,
      );
    }
  });

  it('reads JSON whatever its content type, and a count sent as text', async () => {
    next = textReply('[{"name":"a"}]');
    await expect(sendCall(api, list, {}, fromSession)).resolves.toEqual([{ name: 'a' }]);
    next = textReply('45');
    await expect(sendCall(api, count, {}, fromSession)).resolves.toBe(45);
    next = jsonReply('30');
    await expect(sendCall(api, count, {}, fromSession)).resolves.toBe(30);
  });

  it('an answer that cannot be what the call returns is a 502 naming what was due', async () => {
    next = jsonReply({ items: [] });
    const failure = await sendCall(api, list, {}, fromSession).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BridgeFailure);
    expect(toBridgeError(failure)).toEqual({
      status: 502,
      code: 'BAD_ANSWER',
      message: 'The server sent an unreadable name list.',
    });
    next = textReply('many');
    await expect(sendCall(api, count, {}, fromSession)).rejects.toMatchObject({
      status: 502,
      message: 'The server sent an unreadable count.',
    });
  });

  it("a non-2xx's JSON error or short plain text is the envelope's sentence", async () => {
    const cases: [CannedReply, object][] = [
      [
        jsonReply({ error: 'duplicate', error_description: 'The keyword exists.' }, 409),
        { status: 409, code: 'duplicate', message: 'The keyword exists.' },
      ],
      [
        textReply('Keyword 9 not found', 404),
        { status: 404, code: 'HTTP_ERROR', message: 'Keyword 9 not found' },
      ],
      [
        textReply('x'.repeat(301), 500),
        { status: 500, code: 'HTTP_ERROR', message: 'The server answered with status 500.' },
      ],
      [emptyReply(403), { status: 403, message: 'The server answered with status 403.' }],
      [
        textReply('<html><body><h1>502 Bad Gateway</h1></body></html>', 502),
        { status: 502, message: 'The server answered with status 502.' },
      ],
      [
        textReply('  <!DOCTYPE html><title>Service Unavailable</title>', 503),
        { status: 503, message: 'The server answered with status 503.' },
      ],
    ];
    for (const [reply, error] of cases) {
      next = reply;
      const failure = await sendCall(api, list, {}, fromSession).catch((e: unknown) => e);
      expect(toBridgeError(failure), reply.body.slice(0, 20)).toMatchObject(error);
    }
  });

  it('a non-2xx rejects with its status, whatever its body', async () => {
    for (const reply of [textReply('Keyword 9 not found', 404), emptyReply(500)]) {
      next = reply;
      const failure = await sendCall(api, list, {}, fromSession).catch((error: unknown) => error);
      expect(toBridgeError(failure)).toMatchObject({ status: reply.status });
    }
  });
});

describe("a run's or an undo's write (reviewCalls.write)", () => {
  it('names the user it is made as, and is not sent once someone else is signed in', async () => {
    const signedIn = { name: 'reviewer1' };
    const calls = reviewCallsOf(
      api,
      () => signedIn.name,
      new ServerExtensions(async () => [], silentLogger),
    );
    const key = { tweetId: '1', twitterUserName: 'satoshi' };
    await calls.write('tweets', 'reviewed', 5, key, 'reviewer1');
    expect(last()).toMatchObject({ path: '/twitter-service/5/reviewed', body: '"reviewer1"' });
    signedIn.name = 'reviewer2';
    for (const write of ['reviewed', 'manually-select'] as const)
      await expect(calls.write('tweets', write, 5, key, 'reviewer1')).rejects.toMatchObject({
        status: 401,
        code: 'SESSION_ENDED',
      });
    expect(server.seen).toHaveLength(1);
  });
});

describe('parseAnswerText', () => {
  it('JSON when it is JSON, the text otherwise, nothing for an empty body', () => {
    expect(parseAnswerText('{"a":1}')).toEqual({ a: 1 });
    expect(parseAnswerText('true')).toBe(true);
    expect(parseAnswerText('"30"')).toBe('30');
    expect(parseAnswerText('45')).toBe(45);
    expect(parseAnswerText('OK')).toBe('OK');
    expect(parseAnswerText('{broken')).toBe('{broken');
    expect(parseAnswerText('')).toBeUndefined();
    expect(parseAnswerText('  \n')).toBeUndefined();
    expect(parseAnswerText(undefined)).toBeUndefined();
    expect(parseAnswerText({ already: 'read' })).toEqual({ already: 'read' });
  });
});
