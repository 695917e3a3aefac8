import type { Runs } from '../review/loadItems';

/**
 * The stories of items loaded with their follower flags (loadItems with `stories`), written by
 * the database itself, as if the grouper had grouped every one of them: a story for each item
 * that follows none, led by it, and every item a member of the story of the last such item before
 * it, with twenty band keys shared by the story's members (random 32-bit numbers, as real band
 * keys are). The band-key index is built once the rows are in, as a restore would: kept up row by
 * row it would take hours at ten million items. Member counts are left at one: nothing measured
 * reads them.
 *
 * A story's id is its lead's id moved past the stories the server already has (the demo items'),
 * news beyond tweets, and the story sequence is moved past them all, so that stories the grouper
 * starts later never collide.
 */
const STORY_IDS = { tweets: 2_000_000_000, news: 3_000_000_000 } as const;

export async function groupLoaded(db: Runs, table: 'tweets' | 'news'): Promise<void> {
  const offset = STORY_IDS[table];
  await db.query(`INSERT INTO stories (id, service, lead_id, members, first_time, last_time)
     SELECT ${offset} + t.id, '${table}', t.id, 1, t.detect_time, t.detect_time FROM ${table} t
      WHERE NOT t.story_follower
        AND NOT EXISTS (SELECT 1 FROM story_members m WHERE m.service = '${table}' AND m.item_id = t.id)`);
  await db.query(`INSERT INTO story_members (service, item_id, story_id, keys)
     SELECT '${table}', x.id, ${offset} + x.lead,
            ARRAY(SELECT hashint8(x.lead * 20 + b) FROM generate_series(0, 19) AS b)
       FROM (SELECT t.id, max(t.id) FILTER (WHERE NOT t.story_follower) OVER (ORDER BY t.id) AS lead
               FROM ${table} t
              WHERE NOT EXISTS (SELECT 1 FROM story_members m WHERE m.service = '${table}' AND m.item_id = t.id)) AS x
      WHERE x.lead IS NOT NULL`);
  await db.query(
    `SELECT setval('stories_id_seq', greatest((SELECT max(id) FROM stories), ${STORY_IDS.news * 2}))`,
  );
}

/** Drops the band-key index before a bulk load of members; buildKeyIndex makes it again. */
export async function dropKeyIndex(db: Runs): Promise<void> {
  await db.query('DROP INDEX IF EXISTS story_members_keys');
}

/** The band-key index as migration 19 declares it, built in one pass with room to sort. */
export async function buildKeyIndex(db: Runs): Promise<void> {
  await db.query("SET maintenance_work_mem = '2GB'");
  await db.query(
    'CREATE INDEX story_members_keys ON story_members USING gin (keys) WITH (fastupdate = off) WHERE NOT split',
  );
  await db.query('RESET maintenance_work_mem');
  await db.query('ANALYZE story_members');
  await db.query('ANALYZE stories');
}
