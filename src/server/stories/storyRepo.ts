import type { StoryDecision } from '../../shared/bodies/stories';
import type { StoryMember, StoryView } from '../../shared/responses/stories';
import type { Service } from '../claims/claimSql';
import type { Database, Queryable } from '../db/database';
import { STORY_COLUMNS } from './storyColumns';

/** What a story call answers: the value, or a refusal with its status and sentence. */
export type StoryOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; error: string; what: string; current?: StoryView };

const refused = <T>(
  status: number,
  error: string,
  what: string,
  current?: StoryView,
): StoryOutcome<T> => ({ ok: false, status, error, what, ...(current ? { current } : {}) });

interface StoryRow {
  id: string | number;
  lead_id: string | number;
  members: number;
  first_time: string | Date;
  last_time: string | Date;
  decision: StoryDecision | null;
  decided_by: string | null;
  decided_at: string | Date | null;
  inherit: boolean;
  version: string | number;
}

const STORY_COLUMNS_SQL =
  'id, lead_id, members, first_time, last_time, decision, decided_by, decided_at, inherit, version';

const iso = (value: string | Date): string => new Date(value).toISOString();

export const storyViewOf = (row: StoryRow): StoryView => ({
  id: Number(row.id),
  leadId: Number(row.lead_id),
  members: Number(row.members),
  firstTime: iso(row.first_time),
  lastTime: iso(row.last_time),
  decision: row.decision,
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : iso(row.decided_at),
  inherit: row.inherit,
  version: Number(row.version),
});

const noStory = <T>(service: Service, id: number): StoryOutcome<T> =>
  refused(404, 'not_found', `There is no ${service} story ${id}.`);

async function storyRow(
  q: Queryable,
  service: Service,
  id: number,
  lock = false,
): Promise<StoryRow | null> {
  const [row] = await q.query<StoryRow>(
    `SELECT ${STORY_COLUMNS_SQL} FROM stories WHERE id = $1 AND service = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, service],
  );
  return row ?? null;
}

/** The stories of these items: a review page's "+12 similar". */
export async function storiesOfItems(
  db: Database,
  service: Service,
  ids: readonly number[],
): Promise<{ itemId: number; story: StoryView }[]> {
  const rows = await db.query<StoryRow & { item_id: string | number }>(
    `SELECT m.item_id, ${STORY_COLUMNS_SQL.split(', ')
      .map((col) => `s.${col}`)
      .join(', ')}
       FROM story_members m JOIN stories s ON s.id = m.story_id
      WHERE m.service = $2 AND m.item_id = ANY($1::bigint[])
      ORDER BY m.item_id`,
    [ids, service],
  );
  return rows.map((row) => ({ itemId: Number(row.item_id), story: storyViewOf(row) }));
}

/** A story and its members in arrival order (detect time), its lead first. */
export async function storyMembers(
  db: Database,
  service: Service,
  id: number,
): Promise<StoryOutcome<{ story: StoryView; members: StoryMember[] }>> {
  const c = STORY_COLUMNS[service];
  const story = await storyRow(db, service, id);
  if (!story) return noStory(service, id);
  const rows = await db.query<{
    id: string | number;
    source: string;
    detect_time: string | Date;
    selected: boolean;
    manually_changed: boolean;
    reviewed_by: string | null;
    inherited: boolean;
  }>(
    `SELECT t.id, t.${c.source} AS source, t.detect_time, t.selected, t.manually_changed,
            t.reviewed_by,
            EXISTS (SELECT 1 FROM item_history h
                     WHERE h.service = $2 AND h.item_id = t.id AND h.source = 'story') AS inherited
       FROM story_members m JOIN ${c.table} t ON t.id = m.item_id
      WHERE m.story_id = $1 AND m.service = $2
      ORDER BY (t.id = $3) DESC, t.detect_time, t.id`,
    [id, service, story.lead_id],
  );
  return {
    ok: true,
    value: {
      story: storyViewOf(story),
      members: rows.map((r) => ({
        id: Number(r.id),
        source: r.source,
        detectTime: iso(r.detect_time),
        selected: r.selected,
        manuallyChanged: r.manually_changed,
        reviewedBy: r.reviewed_by,
        inherited: r.inherited,
      })),
    },
  };
}

/**
 * Locks a story for a change the console asked for having seen `version`: 404 when there is none,
 * 412 with the story now when it changed since (a member joined, another reviewer decided it).
 */
async function lockShown(
  tx: Queryable,
  service: Service,
  id: number,
  version: number,
): Promise<StoryOutcome<StoryRow>> {
  const row = await storyRow(tx, service, id, true);
  if (!row) return noStory(service, id);
  if (Number(row.version) !== version)
    return refused(
      412,
      'story_changed',
      `The story ${id} changed since it was shown (version ${String(row.version)}, not ${version}): nothing was written. Look at it again.`,
      storyViewOf(row),
    );
  return { ok: true, value: row };
}

/** Records the story's decision (its members were decided by core's run), by the signed-in user. */
export async function decideStory(
  db: Database,
  service: Service,
  id: number,
  decision: StoryDecision | null,
  version: number,
  actor: string,
): Promise<StoryOutcome<StoryView>> {
  return db.transaction(async (tx) => {
    const shown = await lockShown(tx, service, id, version);
    if (!shown.ok) return shown;
    const [row] = await tx.query<StoryRow>(
      `UPDATE stories SET decision = $2,
              decided_by = CASE WHEN $2::text IS NULL THEN NULL ELSE $3 END,
              decided_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
              version = version + 1
        WHERE id = $1 RETURNING ${STORY_COLUMNS_SQL}`,
      [id, decision, actor],
    );
    return { ok: true, value: storyViewOf(row!) };
  });
}

/** Turns inheritance of the story's decision on or off. */
export async function setStoryInherit(
  db: Database,
  service: Service,
  id: number,
  inherit: boolean,
  version: number,
): Promise<StoryOutcome<StoryView>> {
  return db.transaction(async (tx) => {
    const shown = await lockShown(tx, service, id, version);
    if (!shown.ok) return shown;
    const [row] = await tx.query<StoryRow>(
      `UPDATE stories SET inherit = $2, version = version + 1 WHERE id = $1
       RETURNING ${STORY_COLUMNS_SQL}`,
      [id, inherit],
    );
    return { ok: true, value: storyViewOf(row!) };
  });
}

/**
 * Splits a member off into a story of its own, which it leads and no later item joins (the item
 * is never a grouping candidate again). A lead that leaves hands the story to its next member. An
 * item that is not a member: 409, nothing written.
 */
export async function splitStoryMember(
  db: Database,
  service: Service,
  id: number,
  itemId: number,
): Promise<StoryOutcome<{ from: StoryView; to: StoryView }>> {
  const c = STORY_COLUMNS[service];
  return db.transaction(async (tx) => {
    const story = await storyRow(tx, service, id, true);
    if (!story) return noStory(service, id);
    const [item] = await tx.query<{ story_id: string | number | null; detect_time: string | Date }>(
      `SELECT m.story_id, t.detect_time
         FROM ${c.table} t LEFT JOIN story_members m ON m.service = $2 AND m.item_id = t.id
        WHERE t.id = $1 FOR UPDATE OF t`,
      [itemId, service],
    );
    if (!item) return refused(404, 'not_found', `There is no ${service} item ${itemId}.`);
    if (item.story_id === null || Number(item.story_id) !== id)
      return refused(
        409,
        'not_a_member',
        `The ${service} item ${itemId} is not a member of story ${id}: nothing was split.`,
      );
    if (Number(story.members) <= 1)
      return refused(
        409,
        'alone',
        `The ${service} item ${itemId} is the only member of story ${id}: there is nothing to split it from.`,
      );
    const [to] = await tx.query<StoryRow>(
      `INSERT INTO stories (service, lead_id, members, first_time, last_time)
       VALUES ($1, $2, 1, $3, $3) RETURNING ${STORY_COLUMNS_SQL}`,
      [service, itemId, iso(item.detect_time)],
    );
    await tx.query(
      `UPDATE story_members SET story_id = $3, split = true WHERE service = $1 AND item_id = $2`,
      [service, itemId, to!.id],
    );
    const [from] = await tx.query<StoryRow>(
      `UPDATE stories s SET members = s.members - 1, version = s.version + 1,
              lead_id = CASE WHEN s.lead_id = $2
                             THEN (SELECT t.id FROM story_members m JOIN ${c.table} t ON t.id = m.item_id
                                    WHERE m.story_id = s.id ORDER BY t.detect_time, t.id LIMIT 1)
                             ELSE s.lead_id END
        WHERE s.id = $1 RETURNING ${STORY_COLUMNS_SQL}`,
      [id, itemId],
    );
    // The member split off leads its own story now, and so does a new lead of the story it left.
    await tx.query(
      `UPDATE ${c.table} SET story_follower = false
        WHERE id = ANY($1::bigint[]) AND story_follower`,
      [[itemId, from!.lead_id]],
    );
    return { ok: true, value: { from: storyViewOf(from!), to: storyViewOf(to!) } };
  });
}
