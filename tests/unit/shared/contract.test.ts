import { describe, expect, it } from 'vitest';
import {
  flagSchema,
  newCurrencyQuerySchema,
  updateCurrencyBodySchema,
} from '../../../src/shared/currency';
import { bridgePayloadSchemas, isBridgeChannel, BRIDGE_CHANNELS } from '../../../src/shared/bridge';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  KEYWORD_TYPES,
  MARKETS,
  REVIEW_PAGE_SIZE,
} from '../../../src/shared/constants';
import { contentSecurityPolicy } from '../../../src/shared/csp';
import { checkPasswordKey } from '../../../src/shared/passwordKey';

describe('shared contract', () => {
  it('knows its channels and nothing else, including inherited names', () => {
    expect(BRIDGE_CHANNELS).toContain('session.signIn');
    expect(isBridgeChannel('session.signIn')).toBe(true);
    expect(isBridgeChannel('toString')).toBe(false);
    expect(isBridgeChannel('constructor')).toBe(false);
  });

  it('requires username and password strings for sign-in', () => {
    const schema = bridgePayloadSchemas['session.signIn'];
    expect(schema.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
    expect(schema.safeParse({ username: 'a' }).success).toBe(false);
    expect(schema.safeParse({ username: 1, password: 'b' }).success).toBe(false);
  });

  it('holds the constants of SPEC.md 9', () => {
    expect(REVIEW_PAGE_SIZE).toBe(20);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(MARKETS).toHaveLength(13);
    expect(KEYWORD_TYPES).toEqual([
      'NO_FILTER',
      'IMPORTANT',
      'RELATIVE',
      'DEFINITELY_NOT_CONTAINS',
      'INFLUENCER',
    ]);
  });

  it('accepts AES key lengths only', () => {
    expect(checkPasswordKey('x'.repeat(16))).toBeNull();
    expect(checkPasswordKey('x'.repeat(24))).toBeNull();
    expect(checkPasswordKey('x'.repeat(32))).toBeNull();
    expect(checkPasswordKey('x'.repeat(20))).toMatch(/20/);
  });

  it('builds one strict CSP; the meta form leaves out what browsers ignore there', () => {
    const header = contentSecurityPolicy(['ws://127.0.0.1:1']);
    expect(header).toContain("script-src 'self'");
    expect(header).toContain("connect-src 'self' ws://127.0.0.1:1");
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).not.toMatch(/unsafe-eval/);
    expect(contentSecurityPolicy([], 'meta')).not.toContain('frame-ancestors');
  });
});

describe('currency contract', () => {
  it('reads free-text flags as booleans and refuses anything else with a sentence', () => {
    const flag = flagSchema('active');
    expect(flag.parse(' TRUE ')).toBe(true);
    expect(flag.parse('false')).toBe(false);
    expect(flag.parse(false)).toBe(false);
    const refused = flag.safeParse('yes');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('active must be true or false');
  });

  it('trims list entries, drops blanks and repeats, and reads query numbers', () => {
    const body = updateCurrencyBodySchema.parse({
      currency: 'BTC',
      name: 'Bitcoin',
      uniqueName: 'bitcoin',
      active: 'true',
      searchWithCurrency: true,
      tags: [' defi', 'defi', ''],
    });
    expect(body.tags).toEqual(['defi']);
    expect(body.unwantedUsages).toEqual([]);
    expect(newCurrencyQuerySchema.parse({ currencyId: '12', startIndex: '3' })).toEqual({
      currencySymbolNameOrUniqueName: '',
      currencyId: 12,
      startIndex: 3,
    });
    expect(newCurrencyQuerySchema.safeParse({ currencyId: '1.5' }).success).toBe(false);
  });
});
