import type { CheckedJournalQuery, JournalEntry } from '../../../shared/journal';
import type { ReadEntry } from './journalFiles';
import { timeOf } from './journalLine';

/**
 * The retained entries in memory, so that the Journal screen's queries never touch the disk:
 * every entry in seq order, and the entries of each run and of each target apart, since "this
 * item's history" and "this run's writes" are the lookups a screen makes one after the other.
 * Area and outcome filters scan: 100,000 entries are a few milliseconds (npm run bench --
 * journal), less than another copy of every list would cost in memory.
 */
export class JournalIndex {
  /** Oldest first (ascending seq); a query walks it from the end. */
  #entries: ReadEntry[] = [];
  readonly #byRun = new Map<string, ReadEntry[]>();
  readonly #byTarget = new Map<string, ReadEntry[]>();

  /** Entries read from files, in any order; a seq seen twice (a file copied by hand) counts once. */
  constructor(read: readonly ReadEntry[] = []) {
    const sorted = [...read].sort((a, b) => a.entry.seq - b.entry.seq);
    this.#entries = sorted.filter((r, i) => i === 0 || r.entry.seq !== sorted[i - 1]!.entry.seq);
    for (const r of this.#entries) this.#addToMaps(freeze(r));
  }

  get size(): number {
    return this.#entries.length;
  }

  /** The highest seq held, 0 when none. */
  get lastSeq(): number {
    return this.#entries.at(-1)?.entry.seq ?? 0;
  }

  /** An entry numbered after every one held. */
  add(read: ReadEntry): void {
    freeze(read);
    this.#entries.push(read);
    this.#addToMaps(read);
  }

  /** Forgets the entries up to this seq: those of a file deleted as the oldest past the limit. */
  dropThrough(seq: number): void {
    const kept = this.#entries.findIndex((r) => r.entry.seq > seq);
    if (kept === 0) return;
    this.#entries = kept === -1 ? [] : this.#entries.slice(kept);
    this.#rebuildMaps();
  }

  /** Forgets the entries older than this time (past the retention). */
  dropOlderThan(time: number): void {
    const kept = this.#entries.filter((r) => r.time >= time);
    if (kept.length === this.#entries.length) return;
    this.#entries = kept;
    this.#rebuildMaps();
  }

  /** One page, newest first, of the entries at or after `since` that match the query. */
  page(query: CheckedJournalQuery, since: number): { entries: JournalEntry[]; total: number } {
    const { area, outcome, runId, target } = query;
    const candidates =
      target != null
        ? (this.#byTarget.get(target) ?? [])
        : runId != null
          ? (this.#byRun.get(runId) ?? [])
          : this.#entries;
    const earliest = Math.max(since, query.from != null ? timeOf(query.from) : -Infinity);
    const latest = query.to != null ? timeOf(query.to) : Infinity;
    const first = query.page * query.pageSize;
    const end = first + query.pageSize;
    const entries: JournalEntry[] = [];
    let total = 0;
    for (let i = candidates.length - 1; i >= 0; i--) {
      const { entry, time } = candidates[i]!;
      if (time < earliest || time > latest) continue;
      if (area != null && entry.area !== area) continue;
      if (outcome != null && entry.outcome !== outcome) continue;
      if (runId != null && entry.runId !== runId) continue;
      if (target != null && entry.target !== target) continue;
      if (total >= first && total < end) entries.push(entry);
      total++;
    }
    return { entries, total };
  }

  /** The run's entries at or after `since`, oldest first. */
  ofRun(runId: string, since: number): JournalEntry[] {
    return (this.#byRun.get(runId) ?? []).filter((r) => r.time >= since).map((r) => r.entry);
  }

  #addToMaps(read: ReadEntry): void {
    const { runId, target } = read.entry;
    if (runId !== null) listOf(this.#byRun, runId).push(read);
    if (target !== null) listOf(this.#byTarget, target).push(read);
  }

  #rebuildMaps(): void {
    this.#byRun.clear();
    this.#byTarget.clear();
    for (const r of this.#entries) this.#addToMaps(r);
  }
}

function listOf(map: Map<string, ReadEntry[]>, key: string): ReadEntry[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** Entries are handed out as they are held: frozen, so no caller can change the journal. */
function freeze(read: ReadEntry): ReadEntry {
  if (read.entry.before) Object.freeze(read.entry.before);
  Object.freeze(read.entry);
  return read;
}
