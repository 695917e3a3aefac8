import type {
  CoinAccountRecord,
  MarketAccountRecord,
  NewsAccountRecord,
} from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import type { UpdateField } from '../../ui/updateFields';

/**
 * The three kinds of Twitter account (SPEC.md 3): what each form holds and sends. Active flags are
 * chosen as True or False; accountType is sent upper-cased (SPEC.md 5); an update also sends
 * newUserId.
 */
export const ACCOUNT_KINDS = ['coin', 'news', 'market'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const KIND_LABEL: Record<AccountKind, string> = {
  coin: 'Coin',
  news: 'News',
  market: 'Market',
};

export type AccountRow =
  | (CoinAccountRecord & { kind: 'coin' })
  | (NewsAccountRecord & { kind: 'news' })
  | (MarketAccountRecord & { kind: 'market' });

export type CoinAccountForm = PayloadOf<'accounts.updateCoinAccount'>;
export type NewsAccountForm = PayloadOf<'accounts.updateNewsAccount'>;
export type MarketAccountForm = PayloadOf<'accounts.updateMarketAccount'>;
export type CoinAccountAddForm = PayloadOf<'accounts.addCoinAccount'>;
export type NewsAccountAddForm = PayloadOf<'accounts.addNewsAccount'>;
export type MarketAccountAddForm = PayloadOf<'accounts.addMarketAccount'>;

const ACCOUNT_TYPE: UpdateField = {
  name: 'accountType',
  label: 'Account Type',
  kind: 'text',
  readOnly: true,
};
const NAME: UpdateField = {
  name: 'twitterAccountName',
  label: 'Twitter Account Name',
  kind: 'text',
};
const ACTIVE: UpdateField = { name: 'active', label: 'Active', kind: 'boolSelect' };
const USER_ID: UpdateField = { name: 'userId', label: 'User Id', kind: 'text' };
const NEW_USER_ID: UpdateField = { name: 'newUserId', label: 'New User Id', kind: 'text' };
const UNIQUE_NAME: UpdateField = { name: 'uniqueName', label: 'Unique Name', kind: 'text' };

const KIND_FIELDS: Record<AccountKind, readonly UpdateField[]> = {
  coin: [{ name: 'currencyCode', label: 'Currency Code', kind: 'text' }, NAME, UNIQUE_NAME, ACTIVE],
  news: [NAME, ACTIVE],
  market: [
    { name: 'market', label: 'Market', kind: 'text' },
    NAME,
    UNIQUE_NAME,
    ACTIVE,
    { name: 'listingActive', label: 'Listing Active', kind: 'boolSelect' },
    { name: 'marketAnnouncementActive', label: 'Market Announcement Active', kind: 'boolSelect' },
  ],
};

/** Add: the kind's fields and the account's user id. */
export const addFields = (kind: AccountKind): readonly UpdateField[] => [
  ACCOUNT_TYPE,
  ...KIND_FIELDS[kind],
  USER_ID,
];

/** Update: the record's user id identifies it (read-only); newUserId is what it becomes. */
export const updateFields = (kind: AccountKind): readonly UpdateField[] => [
  ACCOUNT_TYPE,
  ...KIND_FIELDS[kind],
  { ...USER_ID, readOnly: true },
  NEW_USER_ID,
];

/** SPEC.md 4: add defaults active true, listingActive false, marketAnnouncementActive false. */
export const addDefaults = (kind: AccountKind) => ({
  accountType: kind.toUpperCase(),
  active: true,
  ...(kind === 'market' ? { listingActive: false, marketAnnouncementActive: false } : {}),
});

/** Update forms prefilled from the row; the new user id starts as the current one. */
export const coinUpdateValues = (a: CoinAccountRecord): Partial<CoinAccountForm> => ({
  accountType: (a.accountType ?? 'coin').toUpperCase(),
  currencyCode: a.currencyCode,
  twitterAccountName: a.twitterAccountName,
  uniqueName: a.uniqueName,
  active: a.active,
  userId: a.userId,
  newUserId: a.userId,
});
export const newsUpdateValues = (a: NewsAccountRecord): Partial<NewsAccountForm> => ({
  accountType: (a.accountType ?? 'news').toUpperCase(),
  twitterAccountName: a.twitterAccountName,
  active: a.active,
  userId: a.userId,
  newUserId: a.userId,
});
export const marketUpdateValues = (a: MarketAccountRecord): Partial<MarketAccountForm> => ({
  accountType: (a.accountType ?? 'market').toUpperCase(),
  market: a.market,
  twitterAccountName: a.twitterAccountName,
  uniqueName: a.uniqueName,
  active: a.active,
  listingActive: a.listingActive,
  marketAnnouncementActive: a.marketAnnouncementActive,
  userId: a.userId,
  newUserId: a.userId,
});
