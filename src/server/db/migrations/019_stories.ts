/**
 * Migration 19: stories (issue 48, extension `stories`). Every tweet and news item that arrives
 * from now on is grouped into one story (src/server/stories/): the copies of one thing told,
 * decided once.
 * - stories: its service, its lead (first) item, how many members, the decision a reviewer took
 *   on it (which later members inherit unless the lead turned that off), and a version that what a
 *   person changes raises (decision, inheritance, split; not a copy joining): a change on a story
 *   that another person changed since it was shown is refused.
 * - story_members: each grouped item's story, its band keys (src/shared/stories/storyBands.ts) on a
 *   GIN index, where copies look for it, and whether a reviewer split it off (then it is never a
 *   candidate again). Apart from the item tables, whose statement triggers (counts, keyword items,
 *   word counts) would otherwise run again for every grouped item.
 * - story_arrivals: the queue of items waiting to be grouped, filled by insert triggers (with a
 *   NOTIFY for the grouper) and emptied by it. Items here before this migration never enter it:
 *   grouping ten million would hold the server for hours.
 * - story_sentences: how many items of one source (website, account) said a sentence: three make
 *   it that source's boilerplate. Keyed by a hash of the sentence.
 * - item_history.source 'story': a decision an item inherited from its story, with the story and
 *   when its decision was taken (the actor is who took it).
 */
export const stories: readonly string[] = [
  `CREATE TABLE stories (
       id bigserial PRIMARY KEY,
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       lead_id bigint NOT NULL,
       members integer NOT NULL DEFAULT 1,
       first_time timestamptz NOT NULL,
       last_time timestamptz NOT NULL,
       decision text CHECK (decision IN ('select', 'eliminate')),
       decided_by text,
       decided_at timestamptz,
       inherit boolean NOT NULL DEFAULT true,
       version bigint NOT NULL DEFAULT 0
     )`,
  `CREATE TABLE story_members (
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       item_id bigint NOT NULL,
       story_id bigint NOT NULL REFERENCES stories,
       keys integer[] NOT NULL,
       split boolean NOT NULL DEFAULT false,
       PRIMARY KEY (service, item_id)
     )`,
  'CREATE INDEX story_members_story ON story_members (story_id, item_id)',
  // Without the pending list: each search would read all of it, against thousands of keys.
  'CREATE INDEX story_members_keys ON story_members USING gin (keys) WITH (fastupdate = off) WHERE NOT split',
  `CREATE TABLE story_arrivals (
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       item_id bigint NOT NULL,
       PRIMARY KEY (service, item_id)
     )`,
  `CREATE FUNCTION queue_story_arrivals() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO story_arrivals (service, item_id) SELECT TG_TABLE_NAME, id FROM new_rows;
       PERFORM pg_notify('story_arrivals', TG_TABLE_NAME);
       RETURN NULL;
     END $$`,
  `CREATE TRIGGER tweets_story_arrivals AFTER INSERT ON tweets REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION queue_story_arrivals()`,
  `CREATE TRIGGER news_story_arrivals AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION queue_story_arrivals()`,
  `CREATE TABLE story_sentences (
       service text NOT NULL CHECK (service IN ('tweets', 'news')),
       source text NOT NULL,
       sentence text NOT NULL,
       items integer NOT NULL DEFAULT 0,
       PRIMARY KEY (service, source, sentence)
     )`,
  'ALTER TABLE item_history DROP CONSTRAINT item_history_source_check',
  `ALTER TABLE item_history ADD CONSTRAINT item_history_source_check
     CHECK (source IN ('single', 'bulk', 'model', 'story'))`,
  'ALTER TABLE item_history ADD COLUMN story_id bigint',
  'ALTER TABLE item_history ADD COLUMN story_decided_at timestamptz',
];
