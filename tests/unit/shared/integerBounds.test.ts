/**
 * Ids, ranks and market ids are PostgreSQL `integer` columns on the server (review item ids are
 * `bigint`): a number beyond them is refused by the shared schemas with a sentence naming the
 * field, in core and in the renderer's forms as on the server, instead of failing in the database.
 */
import { describe, expect, it } from 'vitest';
import { newsCalls, tweetCalls } from '../../../src/shared/api/review';
import { INT4_MAX } from '../../../src/shared/bodies/fields';
import {
  newCurrencyPageQuerySchema,
  saveNewCurrencyBodySchema,
} from '../../../src/shared/bodies/currency';
import { updateMarketBodySchema } from '../../../src/shared/bodies/market';
import {
  dataIdParams,
  deleteUnwantedUsageBodySchema,
  updateKeywordBodySchema,
} from '../../../src/shared/bodies/review';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message).join('; ');

describe('integer bounds of the shared schemas', () => {
  it('takes INT4_MAX and refuses one more, naming the field', () => {
    const base = { currencySymbolNameOrUniqueName: '', startIndex: 0 };
    expect(newCurrencyPageQuerySchema.safeParse({ ...base, currencyId: INT4_MAX }).success).toBe(
      true,
    );
    const refused = newCurrencyPageQuerySchema.safeParse({ ...base, currencyId: INT4_MAX + 1 });
    expect(messageOf(refused)).toBe('currencyId is too large (at most 2147483647)');
    expect(messageOf(newCurrencyPageQuerySchema.safeParse({ currencyId: '123456789012345' }))).toBe(
      'currencyId is too large (at most 2147483647)',
    );
  });

  it('bounds every int4 field of the write bodies', () => {
    const currency = {
      currencyId: 2 ** 31,
      rank: 2 ** 40,
      currency: 'X',
      name: 'x',
      uniqueName: 'x',
      searchWithCurrency: true,
      active: true,
    };
    expect(messageOf(saveNewCurrencyBodySchema.safeParse(currency))).toBe(
      'currencyId is too large (at most 2147483647); rank is too large (at most 2147483647)',
    );
    const market = { marketId: 1e12, uniqueName: 'm', name: 'm', search: true, active: true };
    expect(messageOf(updateMarketBodySchema.safeParse(market))).toContain('marketId is too large');
    expect(
      messageOf(
        updateKeywordBodySchema.safeParse({ id: 2 ** 31, keyword: 'k', type: 'IMPORTANT' }),
      ),
    ).toBe('id is too large (at most 2147483647)');
    expect(
      messageOf(deleteUnwantedUsageBodySchema.safeParse({ id: 2 ** 31, unwantedUsage: 'u' })),
    ).toBe('id is too large (at most 2147483647)');
  });

  it('keeps the wider range of review item ids (bigint), and the int4 range of keyword ids', () => {
    expect(dataIdParams.safeParse({ id: '99999999999' }).success).toBe(true);
    expect(messageOf(dataIdParams.safeParse({ id: '9'.repeat(20) }))).toContain('id is too large');
    for (const calls of [tweetCalls, newsCalls]) {
      expect(calls.deleteKeyword.params.safeParse({ id: String(INT4_MAX) }).success).toBe(true);
      expect(messageOf(calls.deleteKeyword.params.safeParse({ id: '99999999999' }))).toBe(
        'id is too large (at most 2147483647)',
      );
    }
  });
});
