import { NEW_CURRENCY_PAGE_SIZE } from '../../shared/constants';
import type {
  ServerCurrency,
  ServerNewCurrency,
  ServerNewVersionCurrency,
} from './currencyRecords';
import type { NewVersion, SaveNewCurrency } from '../../shared/bodies/currency';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type { Database, Queryable } from '../db/database';
import { containsPattern, isoOrNull } from '../db/sqlText';
import {
  arrayUnion,
  currenciesWithSymbols,
  CURRENCY_SELECT,
  currencyIdTaken,
  findCurrency,
  insertCurrency,
  toCurrency,
  toCurrencyFields,
  type CurrencyColumns,
  type CurrencyRow,
} from './currencyRepo';

/**
 * The two queues of detected currencies (SPEC.md 4, Reference data): new currencies wait to be
 * saved into the catalogue; new versions wait to be saved as a separate currency or merged into
 * the currency they replace.
 */

type QueueRow = CurrencyColumns;

const QUEUE_COLUMN_NAMES = [
  'id',
  'currency_id',
  'rank',
  'symbol',
  'name',
  'unique_name',
  'active',
  'search_with_currency',
  'tags',
  'unwanted_usages',
  'detect_time',
  'website',
  'socials',
] as const;
const queueColumns = (alias = '') => QUEUE_COLUMN_NAMES.map((c) => `${alias}${c}`).join(', ');
const QUEUE_COLUMNS = queueColumns();

export interface QueueFilter {
  currencySymbolNameOrUniqueName: string;
  /** 0 means any. */
  currencyId: number;
}

/** WHERE clause and parameters of a queue filter. */
function queueWhere(filter: QueueFilter, alias = ''): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const text = filter.currencySymbolNameOrUniqueName.trim();
  if (text) {
    params.push(containsPattern(text));
    const p = `$${params.length}`;
    clauses.push(
      `(${alias}symbol ILIKE ${p} OR ${alias}name ILIKE ${p} OR ${alias}unique_name ILIKE ${p})`,
    );
  }
  if (filter.currencyId > 0) {
    params.push(filter.currencyId);
    clauses.push(`${alias}currency_id = $${params.length}`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** A queued row as the API shows it: a detected currency always has its detect time. */
const queueFields = (row: QueueRow) => ({
  ...toCurrencyFields(row),
  detectTime: isoOrNull(row.detect_time) ?? '',
});

/**
 * Inside the caller's transaction: the form's values, with the queued row's detect time, websites
 * and socials, become a catalogue currency and the row leaves its queue; on a clash nothing moves.
 */
async function moveIntoCatalogue(
  tx: Queryable,
  form: SaveNewCurrency,
  queued: QueueRow,
  queue: 'new_currencies' | 'new_version_currencies',
): Promise<Outcome<ServerCurrency>> {
  const inserted = await insertCurrency(tx, {
    ...form,
    detectTime: queued.detect_time,
    website: queued.website,
    socials: queued.socials,
  });
  if (inserted.ok) await tx.query(`DELETE FROM ${queue} WHERE id = $1`, [queued.id]);
  return inserted;
}

// ---- New currencies ---------------------------------------------------------------------------

/** GET /get-new-currencies: one server page of 25, newest first, with same-symbol currencies. */
export async function listNewCurrencies(
  db: Queryable,
  filter: QueueFilter & { startIndex: number },
): Promise<ServerNewCurrency[]> {
  const where = queueWhere(filter);
  const rows = await db.query<QueueRow>(
    `SELECT ${QUEUE_COLUMNS} FROM new_currencies ${where.sql}
      ORDER BY detect_time DESC, id DESC
      LIMIT ${NEW_CURRENCY_PAGE_SIZE} OFFSET $${where.params.length + 1}`,
    [...where.params, filter.startIndex * NEW_CURRENCY_PAGE_SIZE],
  );
  const same = await currenciesWithSymbols(
    db,
    rows.map((r) => r.symbol),
  );
  return rows.map((row) => ({
    ...queueFields(row),
    sameCurrencySymbolList: same.filter(
      (c) => c.currency.toLowerCase() === row.symbol.toLowerCase(),
    ),
  }));
}

/** GET /find-new-currencies-filter-count. */
export async function countNewCurrencies(db: Queryable, filter: QueueFilter): Promise<number> {
  const where = queueWhere(filter);
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_currencies ${where.sql}`,
    where.params,
  );
  return row?.n ?? 0;
}

/**
 * POST /save-new-currency: the detected currency leaves its queue and enters the catalogue with
 * the values of the form, in one transaction.
 */
export async function saveNewCurrency(
  db: Database,
  form: SaveNewCurrency,
): Promise<Outcome<ServerCurrency>> {
  return db.transaction(async (tx) => {
    const [queued] = await tx.query<QueueRow>(
      `SELECT ${QUEUE_COLUMNS} FROM new_currencies WHERE currency_id = $1 FOR UPDATE`,
      [form.currencyId],
    );
    if (!queued)
      return refusal('not_found', `No new currency with currency id ${form.currencyId}.`);
    return moveIntoCatalogue(tx, form, queued, 'new_currencies');
  });
}

// ---- New versions -----------------------------------------------------------------------------

/** GET /get-new-version-currencies: every match, newest first, each with its old currency. */
export async function listNewVersions(
  db: Queryable,
  filter: QueueFilter,
): Promise<ServerNewVersionCurrency[]> {
  const where = queueWhere(filter);
  const rows = await db.query<QueueRow & { old_currency: number }>(
    `SELECT ${QUEUE_COLUMNS}, old_currency FROM new_version_currencies ${where.sql}
      ORDER BY detect_time DESC, id DESC`,
    where.params,
  );
  if (rows.length === 0) return [];
  const oldRows = await db.query<CurrencyRow>(`${CURRENCY_SELECT} WHERE c.id = ANY($1::int[])`, [
    [...new Set(rows.map((r) => Number(r.old_currency)))],
  ]);
  const olds = new Map(oldRows.map((r) => [Number(r.id), toCurrency(r)]));
  return rows.flatMap((row) => {
    const old = olds.get(Number(row.old_currency));
    if (!old) return [];
    return [
      {
        ...queueFields(row),
        // The provider ids the old currency has had: the one a merge would retire, then older ones.
        currencyIds: [old.currencyId, ...old.currencyIds],
        oldVersionCurrency: old,
      },
    ];
  });
}

/** The queued new version and the unique name of its old currency, locked for this transaction. */
async function takeNewVersion(
  tx: Queryable,
  form: NewVersion,
): Promise<Outcome<{ row: QueueRow; oldId: number }>> {
  const [row] = await tx.query<QueueRow & { old_currency: number; old_unique_name: string }>(
    `SELECT ${queueColumns('v.')}, v.old_currency, c.unique_name AS old_unique_name
       FROM new_version_currencies v JOIN currencies c ON c.id = v.old_currency
      WHERE v.currency_id = $1 FOR UPDATE OF v`,
    [form.currencyId],
  );
  if (!row) return refusal('not_found', `No new version with currency id ${form.currencyId}.`);
  if (row.old_unique_name !== form.oldVersionCurrency)
    return refusal(
      'invalid',
      `oldVersionCurrency: the old version of currency ${form.currencyId} is "${row.old_unique_name}".`,
    );
  return written({ row, oldId: Number(row.old_currency) });
}

/** POST /save-new-version-currency-as-new-currency: a separate catalogue currency. */
export async function saveNewVersionAsNew(
  db: Database,
  form: NewVersion,
): Promise<Outcome<ServerCurrency>> {
  return db.transaction(async (tx) => {
    const taken = await takeNewVersion(tx, form);
    if (!taken.ok) return taken;
    return moveIntoCatalogue(tx, form, taken.value.row, 'new_version_currencies');
  });
}

/**
 * POST /merge-new-version-currency-with-old-currency: the old currency keeps its unique name (other
 * records refer to it) and takes the new version's provider id, rank, symbol, name and flags; its
 * previous id joins `currencyIds`; tags, unwanted usages and websites are combined.
 */
export async function mergeNewVersion(
  db: Database,
  form: NewVersion,
): Promise<Outcome<ServerCurrency>> {
  return db.transaction(async (tx) => {
    const taken = await takeNewVersion(tx, form);
    if (!taken.ok) return taken;
    const clash = await tx.query<{ id: number }>(
      'SELECT id FROM currencies WHERE currency_id = $1 AND id <> $2',
      [form.currencyId, taken.value.oldId],
    );
    if (clash.length) return currencyIdTaken(form.currencyId);
    await tx.query(
      `UPDATE currencies SET
          currency_ids = CASE WHEN currency_id = $2 THEN currency_ids ELSE array_append(currency_ids, currency_id) END,
          currency_id = $2, rank = $3, symbol = $4, name = $5, active = $6, search_with_currency = $7,
          tags = ${arrayUnion('tags', '$8')}, unwanted_usages = ${arrayUnion('unwanted_usages', '$9')},
          website = ${arrayUnion('website', '$10')}
        WHERE id = $1`,
      [
        taken.value.oldId,
        form.currencyId,
        form.rank,
        form.currency,
        form.name,
        form.active,
        form.searchWithCurrency,
        form.tags,
        form.unwantedUsages,
        taken.value.row.website,
      ],
    );
    await tx.query('DELETE FROM new_version_currencies WHERE id = $1', [taken.value.row.id]);
    return written((await findCurrency(tx, form.oldVersionCurrency))!);
  });
}
