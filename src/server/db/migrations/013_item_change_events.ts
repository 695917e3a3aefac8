/**
 * Migration 13 (DESIGN.md, Several people at once: cards stay true): every write a reviewer's call
 * records in item_history (migration 10) is announced with NOTIFY on dqc_item_changes, which
 * PostgreSQL delivers when the write's transaction commits (a rolled-back write announces nothing),
 * to every session listening on the database: each server process listens and forwards it to its
 * own event-stream clients (src/server/live/), so a write through one process reaches the consoles
 * connected to another. The payload is the item's state after the write, who made it and when,
 * and the record's id, which orders one item's writes (they are made under its row lock). Model
 * runs' changes are not recorded in item_history and are not announced: one run may change a
 * million items.
 */
export const itemChangeEvents: readonly string[] = [
  `CREATE FUNCTION notify_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('dqc_item_changes', json_build_object(
       'seq', NEW.id, 'kind', NEW.service, 'id', NEW.item_id, 'state', NEW.after,
       'who', NEW.actor, 'at', NEW.at)::text);
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER item_history_notify AFTER INSERT ON item_history
     FOR EACH ROW EXECUTE FUNCTION notify_item_change()`,
];
