import fc from 'fast-check';
import { z } from 'zod';
import type { DeclaredCall } from '../../../src/shared/api';
import { pathParamNames } from '../../../src/shared/api/call';
import { fieldValue, hostileValue, objectOf, type KnownValues } from './schemaArbitraries';

/**
 * Whole requests for one route of the reference server, from its declarations: path parameters,
 * query and body of every shape, well-formed or not (see schemaArbitraries.ts).
 */
export interface FuzzRequest {
  method: DeclaredCall['call']['method'];
  url: string;
  contentType: string | null;
  payload: string | undefined;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as its raw bytes. */
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '');

/** Path segments a router and a decoder may choke on. */
const RAW_SEGMENTS = ['%E0%A4%A', '%', '%ZZ', '%00', '..', '%2F', '', '%ED%A0%80', '9'.repeat(30)];

function segment(schema: z.ZodType, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fieldValue(schema, known).map((v) => encodeSegment(asText(v))), weight: 4 },
    {
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 1200 }).map(encodeSegment),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
  );
}

function queryOf(schema: z.ZodObject<z.ZodRawShape>, known: KnownValues): fc.Arbitrary<string> {
  const fields = Object.entries(schema.shape).map(([name, field]) =>
    fc.option(
      fieldValue(field as z.ZodType, known).map((v): [string, string][] =>
        // A list goes as the same key repeated, as a form would send it.
        Array.isArray(v) ? v.map((item) => [name, asText(item)]) : [[name, asText(v)]],
      ),
      { nil: [] },
    ),
  );
  const extra = fc.option(
    fc.constantFrom<[string, string][]>(
      [['__proto__', 'x']],
      [['constructor[prototype]', '1']],
      [
        ['startIndex', '1'],
        ['startIndex', '2'],
      ],
    ),
    { nil: [] },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([picked, more]) => {
    const search = new URLSearchParams([...picked.flat(), ...more]);
    return search.size > 0 ? `?${search.toString()}` : '';
  });
}

/** The body as sent: mostly JSON of the value, sometimes poisoned, cut, empty or of another type. */
function bodyText(value: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> {
  const poisoned = (key: string) =>
    value.map((v) => {
      const json = JSON.stringify(v ?? {});
      return json.startsWith('{') && json.length > 2 ? `{${key},${json.slice(1)}` : `{${key}}`;
    });
  return fc.oneof(
    { arbitrary: value.map((v) => (v === undefined ? undefined : JSON.stringify(v))), weight: 8 },
    { arbitrary: poisoned('"__proto__":{"polluted":true}'), weight: 1 },
    { arbitrary: poisoned('"constructor":{"prototype":{"polluted":true}}'), weight: 1 },
    { arbitrary: hostileValue.map((v) => JSON.stringify(v)), weight: 1 },
    {
      arbitrary: fc.tuple(value, fc.nat()).map(([v, cut]) => {
        const json = JSON.stringify(v ?? {});
        return json.slice(0, cut % Math.max(1, json.length));
      }),
      weight: 1,
    },
  );
}

/** Every request of one route (the declared calls sharing a method and path). */
export function requestsFor(
  entries: DeclaredCall[],
  known: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  const { call } = entries[0]!;
  const params = call.params.shape as Record<string, z.ZodType>;
  const path = fc
    .tuple(...pathParamNames(call.path).map((name) => segment(params[name]!, known)))
    .map((segments) => {
      let index = 0;
      return call.path.replace(/\{(\w+)\}/g, () => segments[index++] ?? '');
    });
  const bodies = entries.map(({ call: each }) =>
    each.body instanceof z.ZodObject
      ? objectOf(each.body as z.ZodObject<z.ZodRawShape>, known)
      : each.bodyKind === 'none'
        ? fc.option(fc.dictionary(fc.string({ maxLength: 6 }), hostileValue, { maxKeys: 2 }), {
            freq: 3,
            nil: undefined,
          })
        : fieldValue(each.body, known),
  );
  return fc
    .record({
      path,
      query: queryOf(call.query, known),
      payload: bodyText(fc.oneof(...bodies)),
      contentType: fc.constantFrom<string | null>(
        'application/json',
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        null,
      ),
    })
    .map(({ path: p, query, payload, contentType }) => ({
      method: call.method,
      url: `${p}${query}`,
      contentType: payload === undefined ? null : contentType,
      payload,
    }));
}
