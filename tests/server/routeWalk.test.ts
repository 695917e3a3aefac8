/**
 * The route walk: every declared data call of SPEC.md 7 (DATA_CALLS) on the reference server.
 * Without a token 401, with a non-admin token 403, both before the request is even validated;
 * for an admin, a malformed body, path parameter or query is a 400 naming the field, from the
 * route's own schema, before any handler runs (never a 500, never the handler's 404 or 409).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATA_CALLS, type DeclaredCall } from '../../src/shared/api';
import { fillPath } from '../../src/shared/api/call';
import { useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType): Shape =>
  schema instanceof z.ZodObject ? (schema.shape as Shape) : {};

/** Values tried, in order, for a path parameter or query field. */
const VALID_CANDIDATES: unknown[] = [undefined, 'bit', '1', 'manually-select'];
/** Longer than any text limit, shorter than the router's own limit on a path parameter. */
const BAD_CANDIDATES: unknown[] = ['abc', '-1', '1.5', 'x'.repeat(500), ''];

/** A value the field's schema accepts (params: e.g. id '1', case 'manually-select', text 'bit'). */
function validValue(declaredId: string, name: string, field: z.ZodType): unknown {
  const found = VALID_CANDIDATES.find((value) => field.safeParse(value).success);
  if (found === undefined && !field.safeParse(undefined).success)
    throw new Error(`${declaredId}: no sample value for ${name}`);
  return found;
}

/** A value the field's schema refuses, or null when it accepts anything tried. */
function badValue(field: z.ZodType): string | null {
  const found = BAD_CANDIDATES.find((value) => !field.safeParse(value).success);
  return found === undefined ? null : (found as string);
}

function validParts(entry: DeclaredCall) {
  const params: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shapeOf(entry.call.params)))
    params[name] = validValue(entry.id, name, field);
  const query: Record<string, string> = {};
  for (const [name, field] of Object.entries(shapeOf(entry.call.query))) {
    const value = validValue(entry.id, name, field);
    if (value !== undefined) query[name] = String(value);
  }
  return { params, query };
}

function urlOf(
  entry: DeclaredCall,
  params: Record<string, unknown>,
  query: Record<string, string>,
) {
  const search = new URLSearchParams(query).toString();
  return `${fillPath(entry.call.path, params)}${search ? `?${search}` : ''}`;
}

const hasBody = (entry: DeclaredCall) =>
  entry.call.bodyKind === 'json' || entry.call.bodyKind === 'jsonString';

/** An object of the declared body's fields, each of a type no field takes: an object. */
function wrongTypes(entry: DeclaredCall): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(shapeOf(entry.call.body)).map((name) => [name, { wrong: true }]),
  );
}

/** What the route walk sends for every call: a path and query that are valid. */
function request(entry: DeclaredCall, extra: Partial<InjectOptions> = {}): InjectOptions {
  const { params, query } = validParts(entry);
  return {
    method: entry.call.method,
    url: urlOf(entry, params, query),
    ...(hasBody(entry) ? { headers: { 'content-type': 'application/json' }, payload: '123' } : {}),
    ...extra,
  };
}

/** Body fields that must be sent. */
function requiredFields(entry: DeclaredCall): string[] {
  return Object.entries(shapeOf(entry.call.body))
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}

/** The declared calls on the same method and path as this one (itself included). */
const sharingRoute = (entry: DeclaredCall) =>
  DATA_CALLS.filter(
    (other) => other.call.method === entry.call.method && other.call.path === entry.call.path,
  );

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; error_description: string }>();

describe.each(ENGINES)('route walk of every declared data call on %s', (engine) => {
  // Signed out by default: each request says whose token it carries, if any.
  const api = useServer({ engine, user: null });
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  beforeAll(async () => {
    admin = (await api.as('reviewer1')).headers;
    viewer = (await api.as('viewer')).headers;
  });

  const send = (options: InjectOptions, auth: Record<string, string> = {}) =>
    api.inject({ ...options, headers: { ...(options.headers ?? {}), ...auth } });

  it('walks every call of every service (a new declaration is walked without a new test)', () => {
    expect(DATA_CALLS.length).toBeGreaterThanOrEqual(70);
    const groups = new Set(DATA_CALLS.map((entry) => entry.id.split('.')[0]));
    expect([...groups].sort()).toEqual([
      'accounts',
      'configurations',
      'currencies',
      'markets',
      'mismatches',
      'news',
      'tags',
      'tweets',
    ]);
  });

  describe.each(DATA_CALLS.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    it('answers 401 without a token, before reading the body', async () => {
      const res = await send(request(entry));
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).error).toBe('unauthorized');
      const forged = await send(request(entry), { authorization: 'Bearer not-a-token' });
      expect(forged.statusCode).toBe(401);
    });

    it('answers 403 to a signed-in user without ADMIN, before reading the body', async () => {
      const res = await send(request(entry), viewer);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).error).toBe('forbidden');
    });

    const bodyFields = Object.keys(shapeOf(entry.call.body));
    if (hasBody(entry)) {
      it('refuses a body that is a bare JSON number with 400, for an admin', async () => {
        const res = await send(request(entry), admin);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res).error).toBe('invalid_request');
        expect(errorOf(res).error_description).toMatch(/body|username/);
      });
    }
    if (bodyFields.length > 0) {
      it('refuses a body of wrong field types with 400 naming the fields', async () => {
        const res = await send(
          request(entry, { payload: JSON.stringify(wrongTypes(entry)) }),
          admin,
        );
        expect(res.statusCode).toBe(400);
        const said = errorOf(res).error_description;
        // Every field refused is named (none of them takes an object).
        for (const field of bodyFields) expect(said, field).toContain(field);
      });
    }
    if (requiredFields(entry).length > 0) {
      it('refuses an empty object with 400 naming every required field', async () => {
        const res = await send(request(entry, { payload: '{}' }), admin);
        expect(res.statusCode).toBe(400);
        const said = errorOf(res).error_description;
        // A route two calls share (a new market is saved through /save-new-currency) names the
        // fields of one of them.
        const named = sharingRoute(entry).filter((other) =>
          requiredFields(other).every((field) => said.includes(field)),
        );
        expect(named.length, said).toBeGreaterThan(0);
        if (sharingRoute(entry).length === 1)
          for (const field of requiredFields(entry)) expect(said, field).toContain(field);
      });
    }

    for (const [part, schema] of [
      ['path parameter', entry.call.params],
      ['query field', entry.call.query],
    ] as const) {
      for (const [name, field] of Object.entries(shapeOf(schema))) {
        const bad = badValue(field);
        if (bad === null) continue;
        it(`refuses a bad ${part} ${name} (${JSON.stringify(bad.slice(0, 12))}) with 400 naming it`, async () => {
          const { params, query } = validParts(entry);
          const url =
            part === 'path parameter'
              ? urlOf(entry, { ...params, [name]: bad }, query)
              : urlOf(entry, params, { ...query, [name]: bad });
          const res = await send(request(entry, { url }), admin);
          expect(res.statusCode).toBe(400);
          expect(errorOf(res).error_description).toContain(name);
        });
      }
    }
  });
});
