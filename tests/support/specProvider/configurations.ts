/**
 * Market-currency configurations and the two mismatch queues of SPEC.md 7 (trading pairs,
 * explorer URLs).
 */
import {
  CONFIGURATION_CATEGORIES,
  MARKETS,
  type ConfigurationCategory,
} from '../../../src/shared/constants';
import { flag, jsonObject, queryText, str, type Fields } from './body';
import type { Ctx, Handler } from './context';
import { fail, json } from './http';
import { containsText, findOr404, removeWhere } from './listTools';
import type { Configuration } from './types';

function configurationOf(body: Fields): Configuration {
  const market = str(body, 'market');
  if (!(MARKETS as readonly string[]).includes(market)) fail(400, `Unknown market: ${market}`);
  const category = str(body, 'category');
  if (!(CONFIGURATION_CATEGORIES as readonly string[]).includes(category)) {
    fail(400, `Unknown category: ${category}`);
  }
  return {
    currency: str(body, 'currency'),
    name: str(body, 'name'),
    uniqueName: str(body, 'uniqueName'),
    market,
    category: category as ConfigurationCategory,
  };
}

const sameConfiguration = (a: Configuration) => (b: Configuration) =>
  a.uniqueName === b.uniqueName && a.market === b.market;

export const getConfigurations: Handler = (ctx) => {
  const market = queryText(ctx, 'market');
  const currency = queryText(ctx, 'currency');
  return json(
    ctx.state.configurations.filter(
      (c) =>
        (market === '' || c.market === market) &&
        containsText(currency, c.currency, c.name, c.uniqueName),
    ),
  );
};

export const addConfiguration: Handler = (ctx) => {
  const added = configurationOf(jsonObject(ctx));
  if (ctx.state.configurations.some(sameConfiguration(added))) {
    fail(400, 'Configuration already exists');
  }
  ctx.state.configurations.push(added);
};

export const updateConfiguration: Handler = (ctx) => {
  const changed = configurationOf(jsonObject(ctx));
  const known = findOr404(ctx.state.configurations, sameConfiguration(changed), 'Configuration');
  Object.assign(known, changed);
};

export const deleteConfiguration: Handler = (ctx) => {
  const gone = configurationOf(jsonObject(ctx));
  removeWhere(ctx.state.configurations, sameConfiguration(gone), 'Configuration');
};

export const getMismatchTradingPairs: Handler = (ctx) => {
  const market = queryText(ctx, 'market');
  const currency = queryText(ctx, 'currency');
  return json(
    ctx.state.mismatchTradingPairs.filter(
      (m) =>
        (market === '' || m.market === market) &&
        containsText(currency, m.baseCurrency, m.otherCurrency),
    ),
  );
};

/**
 * Matching a trading pair records the configuration (added or replaced) and clears every
 * mismatch of that market whose base or other currency is the symbol; 404 when none is queued.
 */
export const matchMismatchTradingPair: Handler = (ctx: Ctx) => {
  const match = configurationOf(jsonObject(ctx));
  const symbol = match.currency.toLowerCase();
  const queue = ctx.state.mismatchTradingPairs;
  const hit = (m: (typeof queue)[number]) =>
    m.market === match.market &&
    (m.baseCurrency.toLowerCase() === symbol || m.otherCurrency.toLowerCase() === symbol);
  if (!queue.some(hit)) fail(404, 'Mismatch trading pair not found');
  ctx.state.mismatchTradingPairs = queue.filter((m) => !hit(m));
  const configurations = ctx.state.configurations.filter((c) => !sameConfiguration(match)(c));
  ctx.state.configurations = [...configurations, match];
};

export const deleteMismatchTradingPair: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const market = str(body, 'market');
  const pair = str(body, 'pair');
  removeWhere(
    ctx.state.mismatchTradingPairs,
    (m) => m.market === market && m.pair === pair,
    'Mismatch trading pair',
  );
};

export const getMismatchExplorerUrls: Handler = (ctx) => json(ctx.state.mismatchExplorerUrls);

/** Matching an explorer URL moves it out of the queue into state.explorerUrls. */
export const matchMismatchExplorerUrl: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const url = str(body, 'url');
  const matched = {
    url,
    uniqueName: str(body, 'uniqueName'),
    name: str(body, 'name'),
    specific: flag(body, 'isSpecific'),
  };
  removeWhere(ctx.state.mismatchExplorerUrls, (m) => m.url === url, 'Mismatch explorer url');
  ctx.state.explorerUrls.push(matched);
};

export const deleteMismatchExplorerUrl: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const url = str(body, 'url');
  const uniqueName = str(body, 'uniqueName');
  removeWhere(
    ctx.state.mismatchExplorerUrls,
    (m) => m.url === url && m.uniqueName === uniqueName,
    'Mismatch explorer url',
  );
};
