/** Market calls of SPEC.md 7: the market list, its updates, and the queue of new markets. */
import { flag, jsonObject, str, strList, wholeNumber, type Fields } from './body';
import type { Ctx, Handler } from './context';
import { fail, json } from './http';
import { containsText, findOr404, union, without } from './listTools';
import type { Market, ProviderState } from './types';

/** The market flag is `search`; one form of the spec names it `swc`. */
function searchFlag(body: Fields): boolean {
  return flag(body, body.search === undefined && body.swc !== undefined ? 'swc' : 'search');
}

function marketOf(ctx: Ctx, body: Fields): Market {
  const marketId = wholeNumber(body, 'marketId');
  return findOr404(ctx.state.markets, (m) => m.marketId === marketId, `Market ${marketId}`);
}

export const getMarketsIncludes: Handler = (ctx) => {
  const needle = ctx.params.text ?? '';
  return json(ctx.state.markets.filter((m) => containsText(needle, m.name, m.uniqueName)));
};

export const updateMarket: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const market = marketOf(ctx, body);
  market.uniqueName = str(body, 'uniqueName');
  market.name = str(body, 'name');
  market.search = searchFlag(body);
  market.active = flag(body, 'active');
  market.unwantedUsages = union(market.unwantedUsages, strList(body, 'unwantedUsages'));
  market.tags = union(market.tags, strList(body, 'tags'));
};

export const deleteUnwantedUsageOfMarket: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const market = marketOf(ctx, body);
  market.unwantedUsages = without(market.unwantedUsages, str(body, 'unwantedUsage'), 'Usage');
};

export const deleteTagOfMarket: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const market = marketOf(ctx, body);
  market.tags = without(market.tags, str(body, 'tag'), 'Tag');
};

/** Markets whose name starts with the same word; null (not []) when there are none. */
function sameName(state: ProviderState, name: string): Market[] | null {
  const word = (name.split(/\s+/)[0] ?? '').toLowerCase();
  const same = state.markets.filter((m) => (m.name.split(/\s+/)[0] ?? '').toLowerCase() === word);
  return same.length > 0 ? same : null;
}

export const getNewMarkets: Handler = (ctx) =>
  json(
    ctx.state.newMarkets.map((entry) => ({
      ...entry,
      sameMarketNameList: sameName(ctx.state, entry.name),
    })),
  );

/** A save-new-currency body with marketId: the queued market joins the market list. */
export function saveNewMarket(ctx: Ctx, body: Fields): void {
  const marketId = wholeNumber(body, 'marketId');
  const queued = findOr404(
    ctx.state.newMarkets,
    (m) => m.marketId === marketId,
    `New market ${marketId}`,
  );
  const uniqueName = str(body, 'uniqueName');
  if (ctx.state.markets.some((m) => m.uniqueName === uniqueName)) {
    fail(400, `Market already exists: ${uniqueName}`);
  }
  const market: Market = {
    id: ctx.state.nextId++,
    marketId,
    uniqueName,
    name: str(body, 'name'),
    search: searchFlag(body),
    active: flag(body, 'active'),
    unwantedUsages: strList(body, 'unwantedUsages'),
    tags: strList(body, 'tags'),
  };
  ctx.state.newMarkets.splice(ctx.state.newMarkets.indexOf(queued), 1);
  ctx.state.markets.push(market);
}
