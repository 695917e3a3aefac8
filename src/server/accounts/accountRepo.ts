import type { Database, Queryable } from '../db/database';
import { refusal, written, type Outcome } from '../../shared/outcome';
import { atomically, refuse } from '../db/atomically';
import type { AccountType } from '../../shared/bodies/account';

/**
 * The Twitter accounts the service follows (SPEC.md 3): coin, news and market accounts, one table
 * each. An account is known by its userId (the Twitter user id), unique within its kind; an
 * update may give it a new one (newUserId).
 */

/** One kind of account: its table, its type, and its fields beyond the common ones. */
export interface AccountKind<Fields extends Record<string, unknown>> {
  label: string;
  table: 'coin_accounts' | 'news_accounts' | 'market_accounts';
  accountType: AccountType;
  /** API field -> column, for the fields beyond twitterAccountName, accountType, active, userId. */
  columns: { [K in keyof Fields]: string };
  /** Whether the list can be filtered by unique name. */
  byUniqueName: boolean;
}

interface Common {
  twitterAccountName: string;
  accountType: string;
  active: boolean;
  userId: string;
}

export type Account<Fields> = Common & Fields;

export interface CoinFields extends Record<string, unknown> {
  currencyCode: string;
  uniqueName: string;
}
export type NewsFields = Record<string, unknown>;
export interface MarketFields extends Record<string, unknown> {
  market: string;
  uniqueName: string;
  listingActive: boolean;
  marketAnnouncementActive: boolean;
}

export const COIN: AccountKind<CoinFields> = {
  label: 'coin account',
  table: 'coin_accounts',
  accountType: 'COIN',
  columns: { currencyCode: 'currency_code', uniqueName: 'unique_name' },
  byUniqueName: true,
};
export const NEWS: AccountKind<NewsFields> = {
  label: 'news account',
  table: 'news_accounts',
  accountType: 'NEWS',
  columns: {},
  byUniqueName: false,
};
export const MARKET: AccountKind<MarketFields> = {
  label: 'market account',
  table: 'market_accounts',
  accountType: 'MARKET',
  columns: {
    market: 'market',
    uniqueName: 'unique_name',
    listingActive: 'listing_active',
    marketAnnouncementActive: 'market_announcement_active',
  },
  byUniqueName: true,
};

const COMMON_COLUMNS: Record<keyof Common, string> = {
  twitterAccountName: 'twitter_account_name',
  accountType: 'account_type',
  active: 'active',
  userId: 'user_id',
};

const fieldsOf = <F extends Record<string, unknown>>(kind: AccountKind<F>) =>
  Object.entries({ ...COMMON_COLUMNS, ...kind.columns }) as [string, string][];

/** `column AS "field"` for every field: rows come back in the API's shape. */
const selectList = <F extends Record<string, unknown>>(kind: AccountKind<F>) =>
  fieldsOf(kind)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', ');

const valuesOf = <F extends Record<string, unknown>>(
  kind: AccountKind<F>,
  account: Account<F>,
): unknown[] => fieldsOf(kind).map(([field]) => (account as Record<string, unknown>)[field]);

/** GET /get-…-accounts: by Twitter name; coin and market ones filtered by unique name (any case). */
export async function listAccounts<F extends Record<string, unknown>>(
  db: Queryable,
  kind: AccountKind<F>,
  uniqueName = '',
): Promise<Account<F>[]> {
  const name = uniqueName.trim();
  return db.query<Account<F>>(
    `SELECT ${selectList(kind)} FROM ${kind.table}
      ${kind.byUniqueName && name ? 'WHERE lower(unique_name) = lower($1)' : ''}
      ORDER BY lower(twitter_account_name), user_id`,
    kind.byUniqueName && name ? [name] : [],
  );
}

export const wrongType = <F extends Record<string, unknown>>(
  kind: AccountKind<F>,
  account: { accountType: string },
): string | null =>
  account.accountType === kind.accountType
    ? null
    : `accountType: a ${kind.label} has accountType ${kind.accountType}, not ${account.accountType}.`;

/** POST /add-…-account: 'duplicate' when an account of this kind has that userId. */
export async function addAccount<F extends Record<string, unknown>>(
  db: Queryable,
  kind: AccountKind<F>,
  account: Account<F>,
): Promise<Outcome<Account<F>>> {
  const fields = fieldsOf(kind);
  const [row] = await db.query<Account<F>>(
    `INSERT INTO ${kind.table} (${fields.map(([, column]) => column).join(', ')})
     VALUES (${fields.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (user_id) DO NOTHING
     RETURNING ${selectList(kind)}`,
    valuesOf(kind, account),
  );
  return row
    ? written(row)
    : refusal('duplicate', `A ${kind.label} with userId ${account.userId} already exists.`);
}

/**
 * POST /update-…-account: the account of `userId` takes every field sent, and `newUserId` as its
 * userId. Unknown userId: 'not_found'; a newUserId another account of this kind has: 'duplicate'.
 */
export async function updateAccount<F extends Record<string, unknown>>(
  db: Database,
  kind: AccountKind<F>,
  account: Account<F> & { newUserId: string },
): Promise<Outcome<Account<F>>> {
  const taken = `A ${kind.label} with userId ${account.newUserId} already exists.`;
  return atomically(
    db,
    async (tx) => {
      const [known] = await tx.query<{ id: number }>(
        `SELECT id FROM ${kind.table} WHERE user_id = $1 FOR UPDATE`,
        [account.userId],
      );
      if (!known) refuse('not_found', `No ${kind.label} with userId ${account.userId}.`);
      const [other] = await tx.query<{ id: number }>(
        `SELECT id FROM ${kind.table} WHERE user_id = $1 AND id <> $2`,
        [account.newUserId, known.id],
      );
      if (other) refuse('duplicate', taken);
      const fields = fieldsOf(kind);
      const [row] = await tx.query<Account<F>>(
        `UPDATE ${kind.table} SET ${fields.map(([, column], i) => `${column} = $${i + 1}`).join(', ')}
          WHERE id = $${fields.length + 1}
          RETURNING ${selectList(kind)}`,
        [...valuesOf(kind, { ...account, userId: account.newUserId }), known.id],
      );
      return row!;
    },
    taken,
  );
}

/** DELETE /delete-…-account: the record's fields are sent; its userId says which. */
export async function deleteAccount<F extends Record<string, unknown>>(
  db: Queryable,
  kind: AccountKind<F>,
  account: { userId: string },
): Promise<Outcome<Account<F>>> {
  const [row] = await db.query<Account<F>>(
    `DELETE FROM ${kind.table} WHERE user_id = $1 RETURNING ${selectList(kind)}`,
    [account.userId],
  );
  return row
    ? written(row)
    : refusal('not_found', `No ${kind.label} with userId ${account.userId}.`);
}
