import type { AuditSource } from '../../shared/quality/auditRecord';
import {
  blindNewsSchema,
  blindTweetSchema,
  type AuditCardView,
} from '../../shared/responses/audit';
import type { Queryable } from '../db/database';
import { NEWS, TWEETS } from '../review/serviceDefs';

/**
 * An audit card is blind: it is built by picking the allowed fields (the keys of the blind
 * schemas, src/shared/responses/audit.ts) out of the item, never by leaving some out, so that a
 * field added to the review items later stays hidden until it is allowed on purpose.
 */
const ALLOWED: Record<AuditSource, readonly string[]> = {
  tweets: Object.keys(blindTweetSchema.shape),
  news: Object.keys(blindNewsSchema.shape),
};

function pickAllowed(item: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.filter((field) => field in item).map((f) => [f, item[f]]));
}

/** An audit item as the card needs it. */
export interface AuditItemRef {
  sampleItemId: number;
  sampleId: number;
  service: AuditSource;
  itemId: number;
}

/** The blind cards of these audit items, by audit item id; an item deleted since has none. */
export async function blindCards(
  db: Queryable,
  refs: readonly AuditItemRef[],
): Promise<Map<number, AuditCardView>> {
  const cards = new Map<number, AuditCardView>();
  for (const def of [TWEETS, NEWS] as const) {
    const own = refs.filter((ref) => ref.service === def.name);
    if (own.length === 0) continue;
    const rows = await db.query<Record<string, unknown>>(
      `SELECT ${def.selectList} FROM ${def.table} WHERE id = ANY($1::bigint[])`,
      [own.map((ref) => ref.itemId)],
    );
    const items = new Map(rows.map((row) => [Number(row.id), def.toItem(row)]));
    for (const ref of own) {
      const item = items.get(ref.itemId);
      if (item === undefined) continue;
      const picked = pickAllowed(item, ALLOWED[def.name]);
      // The picked fields are the blind schema's own keys, read from an item of that service.
      cards.set(ref.sampleItemId, {
        sampleItemId: ref.sampleItemId,
        sampleId: ref.sampleId,
        service: def.name,
        item: picked,
      } as AuditCardView);
    }
  }
  return cards;
}
