import { Alert } from 'antd';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { createModal, modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ListColumns } from '../../ui/resource/listColumns';
import type { RecordAction, ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import {
  ACCOUNT_KINDS,
  addDefaults,
  addFields,
  coinUpdateValues,
  KIND_LABEL,
  marketUpdateValues,
  newsUpdateValues,
  updateFields,
  type AccountKind,
  type AccountRow,
  type CoinAccountAddForm,
  type CoinAccountForm,
  type MarketAccountAddForm,
  type MarketAccountForm,
  type NewsAccountAddForm,
  type NewsAccountForm,
} from './accountFields';

/**
 * /twitter-accounts (SPEC.md 2): Account Type (COIN, NEWS, MARKET; coin first) and a 'Unique
 * Name' filter, disabled for NEWS; rows of the chosen type with Update and Delete; an add button
 * named after the type.
 */
type AccountFilter = { accountType: AccountKind; uniqueName: string };

const kindOf = (value: string | undefined): AccountKind =>
  (ACCOUNT_KINDS as readonly string[]).includes(value ?? '') ? (value as AccountKind) : 'coin';

const tag =
  <K extends AccountKind>(kind: K) =>
  <T extends object>(rows: T[]) =>
    rows.map((row) => ({ ...row, kind }));

async function fetchAccounts({ accountType, uniqueName }: AccountFilter): Promise<AccountRow[]> {
  const filter = uniqueName ? { uniqueName } : {};
  switch (accountType) {
    case 'news':
      return tag('news')(await invoke('accounts.getNewsAccounts', {}));
    case 'market':
      return tag('market')(await invoke('accounts.getMarketAccounts', filter));
    default:
      return tag('coin')(await invoke('accounts.getCoinAccounts', filter));
  }
}

const flagColumn = (title: string, dataIndex: string) => ({
  title,
  dataIndex,
  width: 110,
  render: (value: boolean | undefined) => (value === undefined ? '-' : value ? 'True' : 'False'),
});
const COLUMNS: Record<AccountKind, ListColumns<AccountRow>> = {
  coin: [
    { title: 'Currency Code', dataIndex: 'currencyCode', width: 120 },
    { title: 'Twitter Account Name', dataIndex: 'twitterAccountName' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
  ],
  news: [{ title: 'Twitter Account Name', dataIndex: 'twitterAccountName' }],
  market: [
    { title: 'Market', dataIndex: 'market', width: 120 },
    { title: 'Twitter Account Name', dataIndex: 'twitterAccountName' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
  ],
};
const columnsOf = (kind: AccountKind): ListColumns<AccountRow> => [
  ...COLUMNS[kind],
  { title: 'Account Type', dataIndex: 'accountType', width: 120 },
  flagColumn('Active', 'active'),
  ...(kind === 'market'
    ? [
        flagColumn('Listing Active', 'listingActive'),
        flagColumn('Market Announcement Active', 'marketAnnouncementActive'),
      ]
    : []),
  { title: 'User Id', dataIndex: 'userId', width: 140 },
];

const ofKind =
  <K extends AccountKind>(kind: K) =>
  (row: AccountRow): row is Extract<AccountRow, { kind: K }> =>
    row.kind === kind;

/** The record's fields as the body of its delete (SPEC.md 7). */
const deleteOf = (row: AccountRow) => {
  const base = {
    twitterAccountName: row.twitterAccountName ?? '',
    accountType: (row.accountType ?? row.kind).toUpperCase(),
    active: row.active ?? false,
    userId: row.userId ?? '',
  };
  switch (row.kind) {
    case 'news':
      return invoke('accounts.deleteNewsAccount', base);
    case 'market':
      return invoke('accounts.deleteMarketAccount', {
        ...base,
        market: row.market ?? '',
        uniqueName: row.uniqueName ?? '',
        listingActive: row.listingActive ?? false,
        marketAnnouncementActive: row.marketAnnouncementActive ?? false,
      });
    default:
      return invoke('accounts.deleteCoinAccount', {
        ...base,
        currencyCode: row.currencyCode ?? '',
        uniqueName: row.uniqueName ?? '',
      });
  }
};

const updateTitle = (row: AccountRow) =>
  `Update ${KIND_LABEL[row.kind]} Account ${shown(row.twitterAccountName)}`;
const updated = (values: { twitterAccountName: string }) =>
  `Account ${values.twitterAccountName} updated`;

const UPDATES: RecordAction<AccountRow>[] = [
  modalAction<AccountRow, CoinAccountForm>({
    label: 'Update',
    visible: ofKind('coin'),
    title: updateTitle,
    fields: updateFields('coin'),
    values: (row) => (ofKind('coin')(row) ? coinUpdateValues(row) : {}),
    submit: (values) => invoke('accounts.updateCoinAccount', values),
    done: updated,
  }),
  modalAction<AccountRow, NewsAccountForm>({
    label: 'Update',
    visible: ofKind('news'),
    title: updateTitle,
    fields: updateFields('news'),
    values: (row) => (ofKind('news')(row) ? newsUpdateValues(row) : {}),
    submit: (values) => invoke('accounts.updateNewsAccount', values),
    done: updated,
  }),
  modalAction<AccountRow, MarketAccountForm>({
    label: 'Update',
    visible: ofKind('market'),
    title: updateTitle,
    fields: updateFields('market'),
    values: (row) => (ofKind('market')(row) ? marketUpdateValues(row) : {}),
    submit: (values) => invoke('accounts.updateMarketAccount', values),
    done: updated,
  }),
];

const added = (values: { twitterAccountName: string }) =>
  `Account ${values.twitterAccountName} added`;
const ADD_MODALS = {
  coin: createModal<AccountFilter, CoinAccountAddForm>({
    title: 'Add Coin Account',
    okText: 'Add',
    fields: addFields('coin'),
    values: () => addDefaults('coin'),
    submit: (values) => invoke('accounts.addCoinAccount', values),
    done: added,
  }),
  news: createModal<AccountFilter, NewsAccountAddForm>({
    title: 'Add News Account',
    okText: 'Add',
    fields: addFields('news'),
    values: () => addDefaults('news'),
    submit: (values) => invoke('accounts.addNewsAccount', values),
    done: added,
  }),
  market: createModal<AccountFilter, MarketAccountAddForm>({
    title: 'Add Market Account',
    okText: 'Add',
    fields: addFields('market'),
    values: () => addDefaults('market'),
    submit: (values) => invoke('accounts.addMarketAccount', values),
    done: added,
  }),
};

export const accountView: ResourceView<AccountRow, AccountFilter> = {
  label: 'Twitter accounts',
  filter: {
    label: 'Account filter',
    fields: [
      {
        name: 'accountType',
        label: 'Account Type',
        kind: 'select',
        width: 140,
        applyOnChange: true,
        options: ACCOUNT_KINDS.map((kind) => ({ value: kind, label: kind.toUpperCase() })),
      },
      {
        name: 'uniqueName',
        label: 'Unique Name',
        disabled: (values) => (values.accountType === 'news' ? 'Disabled' : null),
        placeholder: (values) =>
          values.accountType === 'market' ? 'Market Un.Name' : 'Coin Un.Name',
      },
    ],
    read: (values) => {
      const accountType = kindOf(values.accountType);
      return { accountType, uniqueName: accountType === 'news' ? '' : (values.uniqueName ?? '') };
    },
  },
  state: resourceState<AccountRow, AccountFilter>({ accountType: 'coin', uniqueName: '' }),
  paging: { kind: 'client', pageSize: LIST_PAGE_SIZE, fetch: fetchAccounts },
  rowKey: (row) => rowKeyOf(row.kind, row.userId, row.twitterAccountName),
  columns: ({ filter }) => columnsOf(filter.accountType),
  actions: [
    ...UPDATES,
    {
      label: 'Delete',
      confirm: {
        content: 'Are you sure you want to delete this Account',
        run: deleteOf,
        done: (row) => `Account ${shown(row.twitterAccountName)} deleted`,
      },
    },
  ],
  create: {
    tab: (filter) => `Add ${KIND_LABEL[filter.accountType]} Account`,
    as: 'button',
    open: (context, filter) => ADD_MODALS[filter.accountType](context, filter),
  },
  footer: (
    <Alert
      banner
      type="info"
      style={{ marginTop: 16 }}
      title="Coin, news and market accounts: the Twitter accounts the service follows for each currency, news site and market."
    />
  ),
};
