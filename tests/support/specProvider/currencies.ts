/**
 * Currency calls of SPEC.md 7 under /configuration-service/dqc: the catalogue, the queue of new
 * currencies (paged by 25, with a count), image checks, and new versions saved or merged.
 */
import { NEW_CURRENCY_PAGE_SIZE } from '../../../src/shared/constants';
import {
  flag,
  jsonObject,
  queryNumber,
  queryText,
  str,
  strList,
  wholeNumber,
  type Fields,
  type RequestInput,
} from './body';
import type { Ctx, Handler } from './context';
import { fail, json, text } from './http';
import { containsText, findOr404, nowText, removeWhere, union, without } from './listTools';
import { saveNewMarket } from './markets';
import type { Currency, NewCurrency, NewVersion, ProviderState } from './types';

const catalogueEntry = (ctx: Ctx, uniqueName: string): Currency =>
  findOr404(ctx.state.currencies, (c) => c.uniqueName === uniqueName, `Currency ${uniqueName}`);

export const getCurrencies: Handler = (ctx) => json(ctx.state.currencies);

export const getCurrenciesIncludes: Handler = (ctx) => {
  const needle = ctx.params.text ?? '';
  return json(
    ctx.state.currencies.filter((c) => containsText(needle, c.currency, c.name, c.uniqueName)),
  );
};

export const updateCurrency: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const currency = catalogueEntry(ctx, str(body, 'uniqueName'));
  currency.currency = str(body, 'currency');
  currency.name = str(body, 'name');
  currency.active = flag(body, 'active');
  currency.searchWithCurrency = flag(body, 'searchWithCurrency');
  currency.tags = union(currency.tags, strList(body, 'tags'));
  currency.unwantedUsages = union(currency.unwantedUsages, strList(body, 'unwantedUsages'));
  currency.lastUpdated = nowText();
};

export const deleteUnwantedUsageOfCurrency: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const currency = catalogueEntry(ctx, str(body, 'uniqueName'));
  currency.unwantedUsages = without(currency.unwantedUsages, str(body, 'unwantedUsage'), 'Usage');
};

export const deleteTagOfCurrency: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const currency = catalogueEntry(ctx, str(body, 'uniqueName'));
  currency.tags = without(currency.tags, str(body, 'tag'), 'Tag');
};

/** Queue filter of the query: text in symbol, name or unique name; currencyId 0 is any. */
function queueFilter(input: RequestInput) {
  const needle = queryText(input, 'currencySymbolNameOrUniqueName');
  const currencyId = queryNumber(input, 'currencyId', 0);
  return (entry: NewCurrency | NewVersion) =>
    containsText(needle, entry.currency, entry.name, entry.uniqueName) &&
    (currencyId === 0 || entry.currencyId === currencyId);
}

/** Catalogue currencies with the same symbol; null (not []) when there are none. */
function sameSymbol(state: ProviderState, symbol: string): Currency[] | null {
  const same = state.currencies.filter((c) => c.currency.toLowerCase() === symbol.toLowerCase());
  return same.length > 0 ? same : null;
}

/** startIndex is the zero-based page number, as in the review filter (SPEC.md 3). */
export const getNewCurrencies: Handler = (ctx) => {
  const page = queryNumber(ctx, 'startIndex', 0);
  const start = page * NEW_CURRENCY_PAGE_SIZE;
  return json(
    ctx.state.newCurrencies
      .filter(queueFilter(ctx))
      .slice(start, start + NEW_CURRENCY_PAGE_SIZE)
      .map((entry) => ({
        ...entry,
        sameCurrencySymbolList: sameSymbol(ctx.state, entry.currency),
      })),
  );
};

/** The count answers as text/plain. */
export const newCurrenciesCount: Handler = (ctx) =>
  text(String(ctx.state.newCurrencies.filter(queueFilter(ctx)).length));

function checkImage(images: (state: ProviderState) => string[]): Handler {
  return (ctx) => {
    const uniqueName = queryText(ctx, 'uniqueName');
    if (uniqueName === '') fail(400, 'uniqueName is required');
    return json(images(ctx.state).includes(uniqueName));
  };
}

export const checkCurrencyImage = checkImage((state) => state.currencyImages);
export const checkMarketImage = checkImage((state) => state.marketImages);

/** A catalogue entry made of a save or new-version form. */
function newCatalogueEntry(ctx: Ctx, body: Fields, currencyId: number): Currency {
  const uniqueName = str(body, 'uniqueName');
  if (ctx.state.currencies.some((c) => c.uniqueName === uniqueName)) {
    fail(400, `Currency already exists: ${uniqueName}`);
  }
  return {
    id: ctx.state.nextId++,
    currencyId,
    currencyIds: [],
    rank: wholeNumber(body, 'rank'),
    currency: str(body, 'currency'),
    name: str(body, 'name'),
    uniqueName,
    active: flag(body, 'active'),
    searchWithCurrency: flag(body, 'searchWithCurrency'),
    tags: strList(body, 'tags'),
    unwantedUsages: strList(body, 'unwantedUsages'),
    lastUpdated: nowText(),
  };
}

/**
 * POST /save-new-currency: a body with marketId saves a new market (SPEC.md 7); otherwise the
 * queued currency of currencyId leaves the queue and joins the catalogue as the form says.
 */
export const saveNewCurrency: Handler = (ctx) => {
  const body = jsonObject(ctx);
  if (body.marketId !== undefined && body.marketId !== null) return saveNewMarket(ctx, body);
  const currencyId = wholeNumber(body, 'currencyId');
  const queued = findOr404(
    ctx.state.newCurrencies,
    (c) => c.currencyId === currencyId,
    `New currency ${currencyId}`,
  );
  const entry = newCatalogueEntry(ctx, body, currencyId);
  ctx.state.newCurrencies.splice(ctx.state.newCurrencies.indexOf(queued), 1);
  ctx.state.currencies.push(entry);
};

export const getNewVersionCurrencies: Handler = (ctx) =>
  json(
    ctx.state.newVersions.filter(queueFilter(ctx)).map(({ oldVersionUniqueName, ...entry }) => ({
      ...entry,
      oldVersionCurrency:
        ctx.state.currencies.find((c) => c.uniqueName === oldVersionUniqueName) ?? null,
    })),
  );

function takeNewVersion(ctx: Ctx, currencyId: number): NewVersion {
  return removeWhere(
    ctx.state.newVersions,
    (v) => v.currencyId === currencyId,
    `New version ${currencyId}`,
  );
}

export const saveNewVersionAsNewCurrency: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const currencyId = wholeNumber(body, 'currencyId');
  findOr404(ctx.state.newVersions, (v) => v.currencyId === currencyId, `New version ${currencyId}`);
  const entry = newCatalogueEntry(ctx, body, currencyId);
  takeNewVersion(ctx, currencyId);
  ctx.state.currencies.push(entry);
};

/** oldVersionCurrency may come as the old currency's uniqueName or as the record itself. */
function oldVersionName(body: Fields, version: NewVersion): string {
  const old = body.oldVersionCurrency;
  if (typeof old === 'string' && old !== '') return old;
  if (typeof old === 'object' && old !== null && 'uniqueName' in old) {
    const name = (old as { uniqueName: unknown }).uniqueName;
    if (typeof name === 'string') return name;
  }
  return version.oldVersionUniqueName;
}

/**
 * Merge: the old currency keeps its uniqueName, takes the new provider id (the old one joins
 * currencyIds), rank, symbol, name and flags, and gains the new tags and unwanted usages.
 */
export const mergeNewVersionWithOldCurrency: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const currencyId = wholeNumber(body, 'currencyId');
  const version = findOr404(
    ctx.state.newVersions,
    (v) => v.currencyId === currencyId,
    `New version ${currencyId}`,
  );
  const old = catalogueEntry(ctx, oldVersionName(body, version));
  const rank = wholeNumber(body, 'rank');
  const symbol = str(body, 'currency');
  const name = str(body, 'name');
  const active = flag(body, 'active');
  const searchWithCurrency = flag(body, 'searchWithCurrency');
  takeNewVersion(ctx, currencyId);
  Object.assign(old, {
    currencyIds: union((old.currencyIds ?? []).map(String), [String(old.currencyId)]).map(Number),
    currencyId,
    rank,
    currency: symbol,
    name,
    active,
    searchWithCurrency,
    tags: union(old.tags, strList(body, 'tags')),
    unwantedUsages: union(old.unwantedUsages, strList(body, 'unwantedUsages')),
    lastUpdated: nowText(),
  });
};
