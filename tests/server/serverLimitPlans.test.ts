import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withServerLimit } from '../../src/shared/bodies/fields';
import { reviewFilterBodySchema } from '../../src/shared/bodies/reviewFilter';
import { serverLimitBreaches } from '../../src/server/http/serverLimits';

/**
 * serverLimitBreaches works out once per schema where its limits are (docs/performance.md, The
 * server and the catalogue: the walk of zod's internals on every request cost more than the
 * checks); what it finds stays what the walk found.
 */
describe('serverLimitBreaches', () => {
  const long = (n: number) => 'x'.repeat(n);

  it('names the review filter fields over this server limits, call after call', () => {
    const body = { keyword: long(201), reviewedBy: long(101), isEliminated: 'true' };
    const expected = [
      'reviewedBy: reviewedBy is too long for this server (at most 100 characters)',
      'keyword: keyword is too long for this server (at most 200 characters)',
    ];
    expect(serverLimitBreaches(reviewFilterBodySchema, body)).toEqual(expected);
    // The second call reads the plan the first one made: the same answer.
    expect(serverLimitBreaches(reviewFilterBodySchema, body)).toEqual(expected);
    expect(serverLimitBreaches(reviewFilterBodySchema, { keyword: long(200) })).toEqual([]);
    expect(serverLimitBreaches(reviewFilterBodySchema, { keyword: null })).toEqual([]);
  });

  it('finds limits under wrappers, in lists and in nested objects, and names their path', () => {
    const entry = withServerLimit(z.string(), { field: 'entry', maxLength: 3 });
    const list = withServerLimit(z.array(entry), { field: 'entries', maxItems: 2 });
    const schema = z.object({
      plain: z.string(),
      outer: z.object({ items: list.optional(), note: entry.nullable() }).optional(),
      trimmed: withServerLimit(z.string(), { field: 'trimmed', maxLength: 2, trimmed: true }),
    });
    expect(
      serverLimitBreaches(schema, {
        plain: long(10_000),
        outer: { items: ['ab', 'abcd'], note: 'abcde' },
        trimmed: '  ab  ',
      }),
    ).toEqual([
      'outer.items.1: entry is too long for this server (at most 3 characters)',
      'outer.note: entry is too long for this server (at most 3 characters)',
    ]);
    // A list over its own limit is named as a whole; its entries are not looked at.
    expect(serverLimitBreaches(schema, { outer: { items: ['abcd', 'b', 'c'] } })).toEqual([
      'outer.items: too many entries for this server (at most 2)',
    ]);
    // Values of the wrong shape are the schema's business, not the limits'.
    expect(serverLimitBreaches(schema, { outer: 'text', trimmed: 5 })).toEqual([]);
    expect(serverLimitBreaches(schema, null)).toEqual([]);
  });

  it('counts characters as people do and names the body itself as "body"', () => {
    const name = withServerLimit(z.string(), { field: 'the name', maxLength: 2 });
    expect(serverLimitBreaches(name, '😀😀')).toEqual([]);
    expect(serverLimitBreaches(name, '😀😀😀')).toEqual([
      'body: the name is too long for this server (at most 2 characters)',
    ]);
  });
});
