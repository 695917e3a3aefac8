import type { JournalArea, JournalEntry } from '../../../shared/journal';
import {
  QUEUE_GLANCE_MAX_AGE_MS,
  QUEUE_IDS,
  QUEUE_TURNOVER_MS,
  QUEUE_WRITES,
  type QueueGlance,
  type QueueId,
  type QueuesGlance,
} from '../../../shared/workbench/queues';
import { toBridgeError } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import type { LocalService } from '../bridge/localServices';
import type { UserJournals } from '../writes/userJournals';
import type { QueueSeenStore } from './queueSeen';
import { readQueue, type QueueRead } from './queueReads';

const JOURNAL_AREAS: readonly JournalArea[] = ['currencies', 'markets', 'mismatches'];
/** Journal pages read for the day's own writes: 5 × 200 per area is more than a day's work. */
const JOURNAL_PAGES = 5;

export interface QueuesServiceDeps {
  /** Reads a provider list as the signed-in user (the handlers' own read channels). */
  read(context: CallContext): QueueRead;
  seen: QueueSeenStore;
  journals: Pick<UserJournals, 'list'>;
  now?: () => number;
}

/**
 * Queues at a glance (issue 49), against any provider: each queue read with SPEC.md 7's calls,
 * one at a time so that the provider sees no burst, each on its own (one that fails says why and
 * hides no other), its turnover from what this console has seen (queueSeen.ts) and the user's own
 * journal. A glance of the last minute is answered again to the side menu unless `fresh`.
 */
export function createQueuesService(deps: QueuesServiceDeps): {
  service: LocalService<'queues'>;
  /** Drops the glances held: a write took a record out of a queue (or put one back). */
  forget(): void;
} {
  const now = deps.now ?? Date.now;
  const held = new Map<string, { at: number; glance: Promise<QueuesGlance> }>();

  async function glanceOf(username: string, context: CallContext): Promise<QueuesGlance> {
    const at = now();
    const read = deps.read(context);
    const own = await ownWrites(username, at).catch(() => new Map<string, number>());
    const queues: QueueGlance[] = [];
    for (const id of QUEUE_IDS) queues.push(await glanceOfQueue(username, id, read, own, at));
    return { queues, readAt: new Date(at).toISOString() };
  }

  async function glanceOfQueue(
    username: string,
    id: QueueId,
    read: QueueRead,
    own: ReadonlyMap<string, number>,
    at: number,
  ): Promise<QueueGlance> {
    const byYou = QUEUE_WRITES[id].reduce((sum, channel) => sum + (own.get(channel) ?? 0), 0);
    try {
      const contents = await readQueue(id, read);
      const turnover = await deps.seen.note(username, id, contents, at);
      const cutoff = at - QUEUE_TURNOVER_MS;
      let oldest: number | null = null;
      let oldestBy: QueueGlance['oldestBy'] = null;
      let cameIn = 0;
      const anyDetectTime = contents.records.some((r) => r.detectedAt !== null);
      for (const record of contents.records) {
        const firstSeen = turnover.firstSeen.get(record.key) ?? at;
        // A record's own detect time where the queue's records have one; else when first seen here.
        const when = anyDetectTime ? record.detectedAt : firstSeen;
        if (when !== null && (oldest === null || when < oldest)) oldest = when;
        if ((record.detectedAt ?? firstSeen) >= cutoff) cameIn += 1;
      }
      if (oldest !== null) oldestBy = anyDetectTime ? 'detectTime' : 'firstSeen';
      return {
        id,
        depth: contents.depth,
        oldestAt: oldest === null ? null : new Date(oldest).toISOString(),
        oldestBy,
        cameIn,
        wentOut: turnover.wentOut,
        byYou,
        watchedSince: turnover.since > cutoff ? new Date(turnover.since).toISOString() : null,
        partial: contents.partial,
        error: null,
      };
    } catch (error) {
      return {
        id,
        depth: null,
        oldestAt: null,
        oldestBy: null,
        cameIn: null,
        wentOut: null,
        byYou,
        watchedSince: null,
        partial: false,
        error: toBridgeError(error).message,
      };
    }
  }

  /** The user's successful writes of the last 24 hours, by channel. */
  async function ownWrites(username: string, at: number): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const from = new Date(at - QUEUE_TURNOVER_MS).toISOString();
    for (const area of JOURNAL_AREAS)
      for (let page = 0; page < JOURNAL_PAGES; page++) {
        const { entries, total } = await deps.journals.list(username, {
          from,
          area,
          outcome: 'ok',
          page,
          pageSize: 200,
        });
        entries.forEach((entry: JournalEntry) =>
          counts.set(entry.channel, (counts.get(entry.channel) ?? 0) + 1),
        );
        if ((page + 1) * 200 >= total) break;
      }
    return counts;
  }

  const service: LocalService<'queues'> = {
    async glance(payload, context) {
      const username = context.user();
      const last = held.get(username);
      if (!payload?.fresh && last && now() - last.at < QUEUE_GLANCE_MAX_AGE_MS) return last.glance;
      const glance = glanceOf(username, context);
      held.set(username, { at: now(), glance });
      // A glance that failed as a whole is not answered again.
      glance.catch(() => {
        if (held.get(username)?.glance === glance) held.delete(username);
      });
      return glance;
    },
  };
  return { service, forget: () => held.clear() };
}
