/**
 * Social-account calls of SPEC.md 7 under /twitter-service: coin, news and market accounts, each
 * listed, added, updated (userId -> newUserId) and deleted. A record is known by its userId.
 */
import { flag, idText, jsonObject, queryText, str, type Fields } from './body';
import type { Handler } from './context';
import { fail, json } from './http';
import { containsText, findOr404, removeWhere } from './listTools';
import type { CoinAccount, MarketAccount, NewsAccount, ProviderState } from './types';

type AccountBase = { userId: number | string; accountType: string };

/** The userId as sent: a number stays a number, text stays text. */
function userIdOf(body: Fields, key: string): number | string {
  const value = body[key];
  return typeof value === 'number' ? value : idText(body, key);
}

function accountTypeOf(body: Fields, expected: string): string {
  const accountType = str(body, 'accountType');
  if (accountType !== expected) fail(400, `accountType must be ${expected}`);
  return accountType;
}

interface AccountKind<T extends AccountBase> {
  list(state: ProviderState): T[];
  read(body: Fields): T;
  label: string;
}

function accountHandlers<T extends AccountBase>(kind: AccountKind<T>) {
  const sameUser = (userId: number | string) => (entry: T) =>
    String(entry.userId) === String(userId);

  const get: Handler = (ctx) => {
    const uniqueName = queryText(ctx, 'uniqueName');
    return json(
      kind.list(ctx.state).filter((entry) => {
        const name = 'uniqueName' in entry ? entry.uniqueName : undefined;
        return typeof name !== 'string' || containsText(uniqueName, name);
      }),
    );
  };

  const add: Handler = (ctx) => {
    const account = kind.read(jsonObject(ctx));
    const list = kind.list(ctx.state);
    if (list.some(sameUser(account.userId))) fail(400, `${kind.label} already exists`);
    list.push(account);
  };

  const update: Handler = (ctx) => {
    const body = jsonObject(ctx);
    const changed = kind.read(body);
    const known = findOr404(kind.list(ctx.state), sameUser(changed.userId), kind.label);
    const newUserId =
      body.newUserId === undefined || body.newUserId === null || body.newUserId === ''
        ? changed.userId
        : userIdOf(body, 'newUserId');
    Object.assign(known, changed, { userId: newUserId });
  };

  const remove: Handler = (ctx) => {
    const body = jsonObject(ctx);
    removeWhere(kind.list(ctx.state), sameUser(userIdOf(body, 'userId')), kind.label);
  };

  return { get, add, update, remove };
}

export const coinAccounts = accountHandlers<CoinAccount>({
  list: (state) => state.coinAccounts,
  label: 'Coin account',
  read: (body) => ({
    currencyCode: str(body, 'currencyCode'),
    twitterAccountName: str(body, 'twitterAccountName'),
    uniqueName: str(body, 'uniqueName'),
    accountType: accountTypeOf(body, 'COIN'),
    active: flag(body, 'active'),
    userId: userIdOf(body, 'userId'),
  }),
});

export const newsAccounts = accountHandlers<NewsAccount>({
  list: (state) => state.newsAccounts,
  label: 'News account',
  read: (body) => ({
    twitterAccountName: str(body, 'twitterAccountName'),
    accountType: accountTypeOf(body, 'NEWS'),
    active: flag(body, 'active'),
    userId: userIdOf(body, 'userId'),
  }),
});

export const marketAccounts = accountHandlers<MarketAccount>({
  list: (state) => state.marketAccounts,
  label: 'Market account',
  read: (body) => ({
    market: str(body, 'market'),
    twitterAccountName: str(body, 'twitterAccountName'),
    uniqueName: str(body, 'uniqueName'),
    accountType: accountTypeOf(body, 'MARKET'),
    active: flag(body, 'active'),
    listingActive: flag(body, 'listingActive'),
    marketAnnouncementActive: flag(body, 'marketAnnouncementActive'),
    userId: userIdOf(body, 'userId'),
  }),
});
