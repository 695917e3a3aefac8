/**
 * "Not a duplicate" for the team (issue 49, extension `not-duplicates`) on each engine: listed by
 * the capabilities call; a pair said is listed with who said it (the token's user, never the
 * body's) and when; said again in another case it is one pair, keeping its first sayer; removed by
 * anyone; bad input refused with a sentence and nothing written.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AnyCall } from '../../src/shared/api/call';
import { insightCalls } from '../../src/shared/api/insight';
import { notDuplicateCalls, teamNotDuplicateSchema } from '../../src/shared/api/notDuplicates';
import { capabilitiesSchema } from '../../src/shared/responses/insight';
import { useServer, type Caller } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

const requestOf = (call: AnyCall, body?: unknown): InjectOptions => ({
  method: call.method as InjectOptions['method'],
  url: call.path,
  ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
});

describe.each(ENGINES)('the team’s not-duplicates on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const send = (caller: Caller, call: AnyCall, body?: unknown) =>
    caller.inject(requestOf(call, body));
  const list = async () => {
    const res = await send(api, notDuplicateCalls.list);
    expect(res.statusCode, res.body).toBe(200);
    return teamNotDuplicateSchema.array().parse(res.json());
  };

  it('is listed by the capabilities call', async () => {
    const res = await send(api, insightCalls.capabilities);
    const names = capabilitiesSchema.parse(res.json()).extensions.map((entry) => entry.name);
    expect(names).toContain('not-duplicates');
  });

  it('lists a pair with who said it and when; the same pair in another case is one', async () => {
    const other = await api.as('reviewer2');
    const said = await send(api, notDuplicateCalls.add, {
      kind: 'currency',
      detected: 'Bitcoin-V2',
      catalogue: 'bitcoin',
      by: 'mallory',
    });
    expect(said.statusCode, said.body).toBe(200);
    expect(teamNotDuplicateSchema.parse(said.json())).toMatchObject({
      kind: 'currency',
      detected: 'Bitcoin-V2',
      catalogue: 'bitcoin',
      by: 'reviewer1',
    });
    const again = await send(other, notDuplicateCalls.add, {
      kind: 'currency',
      detected: 'bitcoin-v2',
      catalogue: 'BITCOIN',
    });
    expect(again.statusCode).toBe(200);
    const mine = (await list()).filter((p) => p.detected.toLowerCase() === 'bitcoin-v2');
    expect(mine).toEqual([expect.objectContaining({ by: 'reviewer1', detected: 'Bitcoin-V2' })]);
    expect(Number.isNaN(Date.parse(mine[0]!.at))).toBe(false);
    // A market pair of the same names is another pair.
    await send(api, notDuplicateCalls.add, {
      kind: 'market',
      detected: 'bitcoin-v2',
      catalogue: 'bitcoin',
    });
    expect((await list()).filter((p) => p.detected.toLowerCase() === 'bitcoin-v2')).toHaveLength(2);

    const removed = await send(other, notDuplicateCalls.remove, {
      kind: 'currency',
      detected: 'BITCOIN-v2',
      catalogue: 'bitcoin',
    });
    expect(removed.json()).toEqual({ removed: true });
    const gone = await send(api, notDuplicateCalls.remove, {
      kind: 'currency',
      detected: 'bitcoin-v2',
      catalogue: 'bitcoin',
    });
    expect(gone.json()).toEqual({ removed: false });
    expect((await list()).filter((p) => p.detected.toLowerCase() === 'bitcoin-v2')).toEqual([
      expect.objectContaining({ kind: 'market' }),
    ]);
  });

  it('refuses a pair without names or of another kind, with a sentence, and writes nothing', async () => {
    const before = (await list()).length;
    for (const body of [
      { kind: 'currency', detected: '', catalogue: 'x' },
      { kind: 'token', detected: 'a', catalogue: 'b' },
      { kind: 'currency', detected: 'a' },
      { kind: 'currency', detected: 'a'.repeat(501), catalogue: 'b' },
    ]) {
      const res = await send(api, notDuplicateCalls.add, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error_description: string }>().error_description).toMatch(/\w+/);
    }
    expect((await list()).length).toBe(before);
  });
});
