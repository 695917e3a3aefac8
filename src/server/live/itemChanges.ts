import { itemEventSchema, type ItemEvent } from '../../shared/api/liveEvents';
import type { Database, Queryable } from '../db/database';

/** Where migration 13's trigger announces each write recorded in item_history. */
export const ITEM_CHANGES_CHANNEL = 'dqc_item_changes';

/** One recorded write, numbered by its item_history id (the event stream's `id:`). */
export interface SequencedEvent {
  seq: number;
  event: ItemEvent;
}

export interface ItemChangeListener {
  onEvent(event: SequencedEvent): void;
  /** Events may have been missed: the database connection that listens failed. */
  onLost(): void;
}

/** A time as PostgreSQL's JSON or a driver's Date gives it, as one ISO form. */
const isoOf = (value: unknown): string => new Date(value as string | Date).toISOString();

/** An event from a NOTIFY payload or an item_history row; null when it cannot be read. */
function eventOf(row: Record<string, unknown>): SequencedEvent | null {
  const seq = Number(row.seq);
  const read = itemEventSchema.safeParse({
    kind: row.kind,
    id: Number(row.id),
    state: row.state,
    who: row.who ?? null,
    at: isoOf(row.at),
  });
  return Number.isSafeInteger(seq) && read.success ? { seq, event: read.data } : null;
}

/**
 * This server process's one LISTEN on the item changes, shared by all of its event-stream clients
 * (DESIGN.md, Several people at once: LISTEN/NOTIFY, several server processes on one database).
 * It starts listening when the first client subscribes and stops when the server closes.
 */
export class ItemChanges {
  readonly #listeners = new Set<ItemChangeListener>();
  #listening: Promise<() => Promise<void>> | null = null;

  constructor(private readonly db: Database) {}

  /** Resolves once the database listens, so that nothing committed after that is missed. */
  async subscribe(listener: ItemChangeListener): Promise<() => void> {
    this.#listeners.add(listener);
    try {
      await this.#listen();
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return () => this.#listeners.delete(listener);
  }

  #listen(): Promise<() => Promise<void>> {
    if (!this.#listening) {
      const listening = this.db.listen(ITEM_CHANGES_CHANNEL, {
        onPayload: (payload) => this.#deliver(payload),
        onLost: () => [...this.#listeners].forEach((listener) => listener.onLost()),
      });
      // A failed start is tried again by the next subscriber.
      listening.catch(() => {
        if (this.#listening === listening) this.#listening = null;
      });
      this.#listening = listening;
    }
    return this.#listening;
  }

  #deliver(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event =
      typeof parsed === 'object' && parsed !== null
        ? eventOf(parsed as Record<string, unknown>)
        : null;
    if (!event) {
      console.error('[server] an item change notification could not be read; it was dropped');
      return;
    }
    for (const listener of this.#listeners) listener.onEvent(event);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    const listening = this.#listening;
    this.#listening = null;
    if (listening) await (await listening.catch(() => async () => undefined))();
  }
}

/**
 * The recorded writes after `afterSeq`, oldest first, at most `limit`; null when there are more
 * (too many to replay: the client reads again what it shows).
 */
export async function writesSince(
  db: Queryable,
  afterSeq: number,
  limit: number,
): Promise<SequencedEvent[] | null> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id AS seq, service AS kind, item_id AS id, after AS state, actor AS who, at
       FROM item_history WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterSeq, limit + 1],
  );
  if (rows.length > limit) return null;
  return rows.flatMap((row) => eventOf(row) ?? []);
}
