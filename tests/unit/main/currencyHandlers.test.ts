import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Currency } from '../../../src/shared/currency';
import { startFakeProvider, type FakeProvider } from '../../support/fakeProvider';

const P = '/configuration-service/dqc';
const btc: Currency = {
  id: 1,
  currencyId: 1,
  currencyIds: [],
  rank: 1,
  currency: 'BTC',
  name: 'Bitcoin',
  uniqueName: 'bitcoin',
  active: true,
  searchWithCurrency: true,
  tags: ['layer-1'],
  unwantedUsages: [],
  detectTime: null,
  website: ['https://bitcoin.org'],
  socials: {
    twitter: null,
    reddit: null,
    discord: null,
    telegram: null,
    forum: null,
    facebook: null,
  },
  marketTradingPairs: [],
};

let provider: FakeProvider;
beforeEach(async () => {
  provider = await startFakeProvider(btc);
});
afterEach(() => provider.close());

describe('currency bridge handlers', () => {
  it('lists all currencies, or those containing a text, with the spec paths', async () => {
    provider.answers[`GET ${P}/get-currencies`] = [btc];
    expect(await provider.core.dispatch('currencies.list', { contains: '' })).toEqual({
      ok: true,
      data: [btc],
    });
    provider.answers[`GET ${P}/get-currencies-includes-usd%20coin`] = [];
    await provider.core.dispatch('currencies.list', { contains: ' usd coin ' });
    expect(provider.last().url).toBe(`${P}/get-currencies-includes-usd%20coin`);
  });

  it('updates with the spec body, and removes tags and usages with DELETE bodies', async () => {
    const body = {
      currency: 'BTC',
      name: 'Bitcoin',
      uniqueName: 'bitcoin',
      active: 'true',
      searchWithCurrency: 'false',
      tags: ['store-of-value'],
      unwantedUsages: [],
    };
    await provider.core.dispatch('currencies.update', body);
    expect(provider.last()).toMatchObject({ method: 'POST', url: `${P}/update-currency` });
    // Core forwards what the server must validate; flags arrive as booleans after the bridge schema.
    expect(JSON.parse(provider.last().body)).toEqual({
      ...body,
      active: true,
      searchWithCurrency: false,
    });

    await provider.core.dispatch('currencies.deleteTag', { uniqueName: 'bitcoin', tag: 'layer-1' });
    expect(provider.last()).toMatchObject({ method: 'DELETE', url: `${P}/delete-tag-of-currency` });
    expect(JSON.parse(provider.last().body)).toEqual({ uniqueName: 'bitcoin', tag: 'layer-1' });
    await provider.core.dispatch('currencies.deleteUnwantedUsage', {
      uniqueName: 'bitcoin',
      unwantedUsage: 'x',
    });
    expect(provider.last()).toMatchObject({
      method: 'DELETE',
      url: `${P}/delete-unwanted-usage-of-currency`,
    });
  });

  it('refuses a free-text flag that is not true or false before anything is sent', async () => {
    const before = provider.seen.length;
    const result = await provider.core.dispatch('currencies.update', {
      currency: 'BTC',
      name: 'Bitcoin',
      uniqueName: 'bitcoin',
      active: 'maybe',
      searchWithCurrency: true,
    });
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_PAYLOAD' } });
    expect(result.ok === false && result.error.message).toContain('active must be true or false');
    expect(provider.seen.length).toBe(before);
  });

  it('pages new currencies with the spec query names and counts with the same filter', async () => {
    const query = 'currencySymbolNameOrUniqueName=doge&currencyId=0';
    provider.answers[`GET ${P}/get-new-currencies?${query}&startIndex=3`] = [];
    provider.answers[`GET ${P}/find-new-currencies-filter-count?${query}`] = 77;
    expect(
      await provider.core.dispatch('newCurrencies.list', {
        contains: ' doge',
        currencyId: 0,
        page: 3,
      }),
    ).toEqual({ ok: true, data: [] });
    expect(
      await provider.core.dispatch('newCurrencies.count', { contains: 'doge', currencyId: 0 }),
    ).toEqual({ ok: true, data: 77 });
    provider.answers[
      `GET ${P}/get-new-version-currencies?currencySymbolNameOrUniqueName=&currencyId=12`
    ] = [];
    expect(await provider.core.dispatch('newVersions.list', { currencyId: 12 })).toEqual({
      ok: true,
      data: [],
    });
  });

  it('checks an image and reports a non-boolean answer as unreadable', async () => {
    provider.answers[`GET ${P}/check-currency-image?uniqueName=bitcoin`] = true;
    expect(
      await provider.core.dispatch('currencies.checkImage', { uniqueName: 'bitcoin' }),
    ).toEqual({
      ok: true,
      data: true,
    });
    provider.answers[`GET ${P}/check-currency-image?uniqueName=ether`] = 'yes';
    expect(
      await provider.core.dispatch('currencies.checkImage', { uniqueName: 'ether' }),
    ).toMatchObject({ ok: false, error: { status: 502, code: 'BAD_ANSWER' } });
  });

  it('saves a new currency and saves or merges a new version on their spec paths', async () => {
    const form = {
      currencyId: 9,
      rank: 4,
      currency: 'NEW',
      name: 'New',
      uniqueName: 'new',
      active: true,
      searchWithCurrency: false,
      tags: [],
      unwantedUsages: [],
    };
    await provider.core.dispatch('newCurrencies.save', form);
    expect(provider.last().url).toBe(`${P}/save-new-currency`);
    await provider.core.dispatch('newVersions.saveAsNew', { ...form, oldVersionCurrency: 'old' });
    expect(provider.last().url).toBe(`${P}/save-new-version-currency-as-new-currency`);
    await provider.core.dispatch('newVersions.merge', { ...form, oldVersionCurrency: 'old' });
    expect(provider.last().url).toBe(`${P}/merge-new-version-currency-with-old-currency`);
    expect(JSON.parse(provider.last().body)).toMatchObject({ oldVersionCurrency: 'old', rank: 4 });
  });
});
