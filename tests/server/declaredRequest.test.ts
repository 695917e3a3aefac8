/**
 * The server suites' requests are built from the declarations (tests/support/declaredRequest.ts):
 * the URL a suite sends is the declared path with its parameters filled and encoded as the client
 * encodes them, and the body travels as the declaration's bodyKind says.
 */
import { describe, expect, it } from 'vitest';
import { requestOf, urlOf } from '../support/serverHarness';

describe('requests built from the declarations', () => {
  it('fills path parameters %-encoded, or as written when raw', () => {
    expect(urlOf('tweets.findById', { params: { id: 5 } })).toBe('/twitter-service/5');
    expect(urlOf('currencies.getCurrenciesIncludes', { params: { text: '%' } })).toBe(
      '/configuration-service/dqc/get-currencies-includes-%25',
    );
    expect(urlOf('tags.getCryptoTagsIncludes', { params: { text: 'layer 2' } })).toBe(
      '/configuration-service/dqc/get-crypto-tags-includes-layer%202',
    );
    expect(urlOf('currencies.getCurrenciesIncludes', { rawParams: { text: '%E0%A4%A' } })).toBe(
      '/configuration-service/dqc/get-currencies-includes-%E0%A4%A',
    );
  });

  it('writes the query in the order given, empty values kept and undefined ones left out', () => {
    expect(
      urlOf('currencies.getNewCurrencies', {
        query: { currencySymbolNameOrUniqueName: '', currencyId: 7, startIndex: undefined },
      }),
    ).toBe(
      '/configuration-service/dqc/get-new-currencies?currencySymbolNameOrUniqueName=&currencyId=7',
    );
    expect(urlOf('currencies.getNewCurrencies')).toBe(
      '/configuration-service/dqc/get-new-currencies',
    );
  });

  it('sends the body as the bodyKind says: JSON, a JSON string, a form, raw bytes', () => {
    expect(requestOf('tweets.addKeyword', { body: { keyword: 'k', type: 'IMPORTANT' } })).toEqual({
      method: 'POST',
      url: '/twitter-service/add-keyword',
      headers: {},
      payload: { keyword: 'k', type: 'IMPORTANT' },
    });
    expect(requestOf('news.reviewed', { params: { id: 16 }, body: 'reviewer2' })).toEqual({
      method: 'PUT',
      url: '/news-service/16/reviewed',
      headers: { 'content-type': 'application/json' },
      payload: '"reviewer2"',
    });
    expect(requestOf('auth.refresh', { body: { grant_type: 'refresh_token', a: 'b c' } })).toEqual({
      method: 'POST',
      url: '/refresh',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&a=b+c',
    });
    expect(requestOf('tweets.addKeyword', { rawBody: '{"keyword":' })).toMatchObject({
      headers: { 'content-type': 'application/json' },
      payload: '{"keyword":',
    });
    expect(requestOf('auth.signOut', { headers: { 'id-token': 'x' } })).toEqual({
      method: 'POST',
      url: '/dqc-sign-out',
      headers: { 'id-token': 'x' },
    });
  });
});
