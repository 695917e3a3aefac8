import type { Queryable } from '../db/database';
import { ITEM_STATE_COLUMNS, itemStateOf } from '../insight/historyRecord';
import { NEWS, TWEETS } from '../review/serviceDefs';
import type { Service } from '../claims/claimSql';

interface DecidedStory {
  id: string | number;
  decision: 'select' | 'eliminate';
  decided_by: string | null;
  decided_at: string | Date;
}

/**
 * Later copies follow (issue 48): arrivals that joined a decided story whose inheritance is on take
 * its decision, in the grouping's transaction. The item is decided (selected or not, manually
 * changed) but not reviewed by anyone: no person looked at it. Its history says where the decision
 * came from: source 'story', the story, who decided it and when. Answers how many inherited.
 */
export async function inheritDecisions(
  tx: Queryable,
  service: Service,
  joined: readonly { itemId: string; storyId: string }[],
): Promise<number> {
  if (joined.length === 0) return 0;
  const def = service === 'news' ? NEWS : TWEETS;
  const stories = await tx.query<DecidedStory>(
    `SELECT id, decision, decided_by, decided_at FROM stories
      WHERE id = ANY($1::bigint[]) AND decision IS NOT NULL AND inherit`,
    [[...new Set(joined.map((j) => j.storyId))]],
  );
  if (stories.length === 0) return 0;
  const byId = new Map(stories.map((s) => [String(s.id), s]));
  let inherited = 0;
  for (const decision of ['select', 'eliminate'] as const) {
    const items = joined.filter((j) => byId.get(j.storyId)?.decision === decision);
    if (items.length === 0) continue;
    const before = await tx.query<Record<string, unknown>>(
      `SELECT ${ITEM_STATE_COLUMNS} FROM ${def.table} WHERE id = ANY($1::bigint[]) FOR UPDATE`,
      [items.map((i) => i.itemId)],
    );
    const after = await tx.query<Record<string, unknown>>(
      `UPDATE ${def.table} SET selected = $2, manually_changed = true, manually_changed_by = NULL,
              version = version + 1, changed_at = now()
        WHERE id = ANY($1::bigint[]) RETURNING ${ITEM_STATE_COLUMNS}`,
      [items.map((i) => i.itemId), decision === 'select'],
    );
    const storyOf = new Map(items.map((i) => [String(i.itemId), i.storyId]));
    const beforeById = new Map(before.map((r) => [String(r.id), r]));
    const call = `${def.calls.manualChange.method} ${def.calls.manualChange.path.replace('{case}', `manually-${decision}`)}`;
    await tx.query(
      `INSERT INTO item_history (service, item_id, actor, call, source, before, after, story_id, story_decided_at)
       SELECT $1, u.item_id, s.decided_by, $2, 'story', u.before::jsonb, u.after::jsonb, s.id, s.decided_at
         FROM unnest($3::bigint[], $4::text[], $5::text[], $6::bigint[]) AS u(item_id, before, after, story_id)
         JOIN stories s ON s.id = u.story_id`,
      [
        service,
        call,
        after.map((r) => r.id),
        after.map((r) => JSON.stringify(itemStateOf(beforeById.get(String(r.id)) ?? r))),
        after.map((r) => JSON.stringify(itemStateOf(r))),
        after.map((r) => storyOf.get(String(r.id)) ?? null),
      ],
    );
    inherited += after.length;
  }
  return inherited;
}
