import type { ManualCase, ReviewFilterBody } from '../../shared/bodies/review';
import { refusal, stale, written, type Outcome } from '../../shared/outcome';
import { releaseOnDecision } from '../claims/claimRepo';
import type { Database, Queryable } from '../db/database';
import {
  ITEM_STATE_COLUMNS,
  itemStateOf,
  recordWrite,
  type ItemState,
  type WriteOrigin,
} from '../insight/historyRecord';
import type { ExpectedVersion } from './conditionalWrite';
import { filterCountQuery, filterPageQuery, ITEMS, type FilterView } from './filterQuery';
import { upsertKeyword } from './keywordsRepo';
import type { ReviewServiceDef } from './serviceDefs';

export async function filterItems<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  filter: ReviewFilterBody,
  view: FilterView = ITEMS,
): Promise<Item[]> {
  const query = filterPageQuery(def.table, def.selectList, filter, view);
  return (await db.query<Record<string, unknown>>(query.sql, query.params)).map(def.toItem);
}

export async function countItems<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  filter: ReviewFilterBody,
  view: FilterView = ITEMS,
): Promise<number> {
  const query = filterCountQuery(def.table, filter, view);
  return (await db.query<{ total: number }>(query.sql, query.params))[0]?.total ?? 0;
}

export async function findItem<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  id: number,
): Promise<Item | null> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${def.selectList} FROM ${def.table} WHERE id = $1`,
    [id],
  );
  return rows[0] ? def.toItem(rows[0]) : null;
}

/** The refusal of a change whose natural key names no item. */
const noItem = <Item, Body>(def: ReviewServiceDef<Item, Body>) =>
  refusal('not_found', `No ${def.name} item with that id.`);

/** What a change body says beside the item's key; its reviewedBy is never read (origin.actor is). */
interface ChangeFields {
  keyword?: string | null;
  unwantedUsage?: string | null;
}

const normalizedKeyword = (keyword: string | null | undefined) =>
  keyword?.trim().toLowerCase() || null;

/**
 * The call of a write as SPEC.md 7 writes it, for the item's history: the case filled in
 * ('PUT /twitter-service/manually-eliminate'), the data id left as the template has it.
 */
const callText = (call: { method: string; path: string }, change?: ManualCase) =>
  `${call.method} ${change ? call.path.replace('{case}', change) : call.path}`;

/** The columns a write locks and reads first: the state its history records, and the version. */
const LOCKED_COLUMNS = `${ITEM_STATE_COLUMNS}, version`;

/** The item a change body names (by its natural key), locked for the write; undefined if none. */
async function lockByKey<Item, Body>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  body: Body,
): Promise<Record<string, unknown> | undefined> {
  const [a, b] = def.keyOf(body);
  const [colA, colB] = def.keyColumns;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT ${LOCKED_COLUMNS} FROM ${def.table} WHERE ${colA} = $1 AND ${colB} = $2 FOR UPDATE`,
    [a, b],
  );
  return rows[0];
}

/**
 * The refusal of a write whose If-Match names a version the locked item no longer has, with the
 * item as it is now; null when the write may go on.
 */
async function staleRefusal<Item, Body>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  before: Record<string, unknown>,
  expected: ExpectedVersion,
) {
  const version = Number(before.version);
  if (expected === null || version === expected) return null;
  const [row] = await tx.query<Record<string, unknown>>(
    `SELECT ${def.selectList} FROM ${def.table} WHERE id = $1`,
    [before.id],
  );
  return stale(
    `The ${def.name} item ${String(before.id)} is at version ${version}, not ${expected}: it was written since. Nothing was written.`,
    def.toItem(row!),
  );
}

/**
 * Writes one item (locked by lockByKey) and records the write in its history, in the caller's
 * transaction: `set` takes its parameters from $2 on. Every write raises the item's version and
 * says when it was made (the conditional-writes extension).
 */
async function writeItem<Item, Body>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  before: Record<string, unknown>,
  write: {
    set: string;
    params: unknown[];
    call: string;
    origin: WriteOrigin;
    /** A decision (not an added keyword) ends the writer's claim on the item. */
    decides?: true;
  },
): Promise<Item> {
  const id = Number(before.id);
  const [row] = await tx.query<Record<string, unknown>>(
    `UPDATE ${def.table} SET ${write.set}, version = version + 1, changed_at = now()
      WHERE id = $1 RETURNING ${def.selectList}`,
    [id, ...write.params],
  );
  await recordWrite(tx, {
    service: def.name,
    itemId: id,
    call: write.call,
    origin: write.origin,
    before: itemStateOf(before),
    after: itemStateOf(row!),
  });
  if (write.decides) await releaseOnDecision(tx, def.name, id, write.origin.actor);
  return def.toItem(row!);
}

/** The keyword a change names goes into that service's list, with its type and unwanted usage. */
function addToKeywordList<Item, Body extends ChangeFields>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  keyword: string,
  body: Body,
) {
  return upsertKeyword(
    tx,
    def.keywordTable,
    keyword,
    def.keywordTypeOf(body) ?? 'NO_FILTER',
    body.unwantedUsage,
  );
}

/**
 * One item-level change, all or nothing: manually-select / manually-eliminate set the decision,
 * who made it (the signed-in user, origin.actor) and the manually-changed flag; add-keyword (and
 * a keyword given with either) adds it to the service's keyword list. The item's history records
 * it (add-keyword too: its state is unchanged, but the call was made on it), with who sent it and
 * the bulk run it came from.
 */
export async function applyManualChange<Item, Body extends ChangeFields>(
  db: Database,
  def: ReviewServiceDef<Item, Body>,
  change: ManualCase,
  body: Body,
  origin: WriteOrigin,
  expected: ExpectedVersion = null,
): Promise<Outcome<Item>> {
  const keyword = normalizedKeyword(body.keyword);
  if (change === 'add-keyword' && !keyword)
    return refusal('invalid', 'keyword: a keyword is required to add one.');
  return db.transaction(async (tx) => {
    const before = await lockByKey(tx, def, body);
    if (!before) return noItem(def);
    const refused = await staleRefusal(tx, def, before, expected);
    if (refused) return refused;
    const call = callText(def.calls.manualChange, change);
    const item =
      change === 'add-keyword'
        ? await writeItem(tx, def, before, {
            set: 'manually_changed_by = manually_changed_by',
            params: [],
            call,
            origin,
          })
        : await writeItem(tx, def, before, {
            set: `selected = ${change === 'manually-select'}, manually_changed = true, manually_changed_by = $2`,
            params: [origin.actor],
            call,
            origin,
            decides: true,
          });
    if (keyword) await addToKeywordList(tx, def, keyword, body);
    return written(item);
  });
}

/** add-eliminated-keyword-on-eliminated-*: the item's eliminated keyword, and the keyword list. */
export async function addEliminatedKeyword<Item, Body extends ChangeFields>(
  db: Database,
  def: ReviewServiceDef<Item, Body>,
  body: Body,
  origin: WriteOrigin,
  expected: ExpectedVersion = null,
): Promise<Outcome<Item>> {
  const keyword = normalizedKeyword(body.keyword);
  if (!keyword) return refusal('invalid', 'keyword: an eliminated keyword is required.');
  return db.transaction(async (tx) => {
    const before = await lockByKey(tx, def, body);
    if (!before) return noItem(def);
    const refused = await staleRefusal(tx, def, before, expected);
    if (refused) return refused;
    const item = await writeItem(tx, def, before, {
      set: 'eliminated_keyword = $2, selected = false, manually_changed = true, manually_changed_by = $3',
      params: [keyword, origin.actor],
      call: callText(def.calls.addEliminatedKeyword),
      origin,
      decides: true,
    });
    await addToKeywordList(tx, def, keyword, body);
    return written(item);
  });
}

/**
 * A manual decision on the item with data id `id`, in the caller's transaction: the write
 * manually-select and manually-eliminate make (the decision, who made it, the manually-changed
 * flag, the version raised, the history recorded, the decider's claim ended), for a call that
 * decides an item by id on its own behalf (the audit extension's settlement), recorded in the
 * item's history under that call. Refused, with nothing written, when the item is gone or is not
 * at the version named.
 */
export async function decideById<Item, Body>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  id: number,
  kept: boolean,
  origin: WriteOrigin,
  expected: ExpectedVersion,
  call: string,
): Promise<Outcome<{ before: ItemState; item: Item }>> {
  const [before] = await tx.query<Record<string, unknown>>(
    `SELECT ${LOCKED_COLUMNS} FROM ${def.table} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!before) return refusal('not_found', `No ${def.name} item with data id ${id}.`);
  const refused = await staleRefusal(tx, def, before, expected);
  if (refused) return refused;
  const item = await writeItem(tx, def, before, {
    set: `selected = ${kept ? 'true' : 'false'}, manually_changed = true, manually_changed_by = $2`,
    params: [origin.actor],
    call,
    origin,
    decides: true,
  });
  return written({ before: itemStateOf(before), item });
}

/** The reviewed mark, recorded under the signed-in user (origin.actor), whatever the body named. */
export async function markReviewed<Item, Body>(
  db: Database,
  def: ReviewServiceDef<Item, Body>,
  id: number,
  origin: WriteOrigin,
  expected: ExpectedVersion = null,
): Promise<Outcome<Item>> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<Record<string, unknown>>(
      `SELECT ${LOCKED_COLUMNS} FROM ${def.table} WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!before) return refusal('not_found', `No ${def.name} item with data id ${id}.`);
    const refused = await staleRefusal(tx, def, before, expected);
    if (refused) return refused;
    const item = await writeItem(tx, def, before, {
      set: 'reviewed_by = $2',
      params: [origin.actor],
      call: callText(def.calls.reviewed),
      origin,
      decides: true,
    });
    return written(item);
  });
}
