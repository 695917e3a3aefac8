import type { z } from 'zod';
import type { ItemEvent } from '../../../shared/api/liveEvents';
import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import type { InsightFilterBody } from '../../../shared/bodies/insight';
import type { BridgeEvent } from '../../../shared/bridge';
import { reviewTarget, type JournalEntry } from '../../../shared/journal';
import type { ItemChange, liveWatchPayloadSchema, WatchedItem } from '../../../shared/liveItems';
import type { ServerExtensions } from '../insight/serverExtensions';
import type { Logger } from '../log';
import type { ReviewCalls } from '../runs/reviewCalls';
import type { SessionManager } from '../session/sessionManager';
import { ItemStream } from './itemStream';
import { readShown } from './readShown';

/**
 * How often what is on screen is read again against a provider without the event stream, while
 * the window is in use (visible and focused): every 30 s. Its cost to the provider, per console in
 * use (docs/architecture.md, Cards stay true): one list call of the page per read, 120 an hour,
 * plus one find-by-id per shown item that left the page's filter since the last read (someone
 * reviewed or decided it), at most the page's 20: 120 to 2,520 calls an hour, 2 to 42 a minute.
 * Nothing while the window is hidden or not focused, nor while the event stream is open.
 */
export const POLL_INTERVAL_MS = 30_000;

type WatchPayload = z.output<typeof liveWatchPayloadSchema>;

interface Shown {
  state: WatchedItem;
  /** The sequence number of the last event applied to it (events of one item come in order). */
  seq: number;
  /** That event's change, as sent: the item as the server last said it was. */
  last?: { state: WatchedItem; change: ItemChange };
}

interface Watch {
  filterType: FilterType;
  filter: InsightFilterBody | null;
  items: Map<number, Shown>;
  inUse: boolean;
  /** What the page said it shows, to tell a new page from the same one told again. */
  key: string;
}

export interface LiveItemsDeps {
  apiUrl: string;
  fetch: typeof fetch;
  session: SessionManager;
  extensions: ServerExtensions;
  calls: ReviewCalls;
  emit(event: BridgeEvent): void;
  log: Logger;
  /** Tests shorten it; POLL_INTERVAL_MS otherwise. */
  pollIntervalMs?: number;
}

const same = (a: WatchedItem, b: WatchedItem) =>
  (a.selected === null || b.selected === null || a.selected === b.selected) &&
  (a.manuallyChanged === null ||
    b.manuallyChanged === null ||
    a.manuallyChanged === b.manuallyChanged) &&
  a.reviewedBy === b.reviewedBy &&
  a.eliminatedKeyword === b.eliminatedKeyword;

/** An item as a read gave it, in the watched fields (null where the provider sent nothing). */
function watchedOf(item: ReviewItem): WatchedItem {
  return {
    id: item.id ?? 0,
    selected: item.selected ?? null,
    manuallyChanged: item.manuallyChanged ?? null,
    reviewedBy: item.reviewedBy ?? null,
    eliminatedKeyword: item.eliminatedKeyword ?? null,
  };
}

/**
 * Cards that stay true while others work (DESIGN.md, Several people at once): core follows the
 * items the Review page shows (live.watch) and sends review.itemsChanged when one changes
 * elsewhere. Against our server it listens to the item-events stream (itemStream.ts) while the
 * page shows items; against any provider, and while that stream is not open, it reads the page
 * again every POLL_INTERVAL_MS while the window is in use, and at once when the window comes back
 * into use after longer than that. Items this console wrote since the page last said what it shows
 * are left to the page's own reload (SPEC.md 4's reload after a decision), so that a poll never
 * marks a reviewer's own decision as someone else's.
 */
export class LiveItems {
  #watch: Watch | null = null;
  /** Goes up with each new page: a read started for an older one is dropped. */
  #generation = 0;
  #lastReadAt = 0;
  #reading = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #streamOpen = false;
  /** The server refused the stream in this session: poll. */
  #refused = false;
  /** Journal targets ('tweet 12') this console wrote since the last new page. */
  readonly #ownWrites = new Set<string>();
  readonly #stream: ItemStream;
  readonly #interval: number;

  constructor(private readonly deps: LiveItemsDeps) {
    this.#interval = deps.pollIntervalMs ?? POLL_INTERVAL_MS;
    this.#stream = new ItemStream({
      apiUrl: deps.apiUrl,
      fetch: deps.fetch,
      session: deps.session,
      log: deps.log,
      onRefused: () => {
        this.#refused = true;
        this.#streamOpen = false;
        this.#schedule();
      },
      handlers: {
        onEvent: (seq, event) => this.#onEvent(seq, event),
        onOpen: (continued) => {
          this.#streamOpen = true;
          this.#schedule();
          // A first connection may open after the page was read: what changed in between is read
          // once. A later one was told what it missed (Last-Event-ID).
          if (!continued) void this.#read();
        },
        onResync: () => void this.#read(),
        onDown: () => {
          this.#streamOpen = false;
          this.#schedule();
        },
      },
    });
  }

  /** live.watch: what the page shows now (none: stop following), and whether it is in use. */
  async watch(payload: WatchPayload): Promise<null> {
    if (payload.items.length === 0 || !this.deps.session.isLogged()) {
      this.#stop();
      return null;
    }
    const key = JSON.stringify([payload.filterType, payload.filter, payload.items]);
    const before = this.#watch;
    const cameIntoUse = payload.inUse && !before?.inUse;
    if (before?.key === key) {
      before.inUse = payload.inUse;
    } else {
      const kept = before?.filterType === payload.filterType ? before.items : null;
      // A list read before a write that the stream has already told of (the page's reload raced
      // it) shows the item as it was: the stream's word, which is newer, is told again.
      const behind: ItemChange[] = [];
      const items = new Map<number, Shown>();
      for (const item of payload.items) {
        const last = kept?.get(item.id)?.last;
        if (last && !same(item, last.state)) behind.push(last.change);
        items.set(item.id, {
          state: last && !same(item, last.state) ? last.state : item,
          seq: kept?.get(item.id)?.seq ?? 0,
          ...(last ? { last } : {}),
        });
      }
      this.#watch = {
        filterType: payload.filterType,
        filter: payload.filter as InsightFilterBody | null,
        inUse: payload.inUse,
        // Told again as it is, the page would still show the older word: that is news too.
        key: behind.length > 0 ? '' : key,
        items,
      };
      if (behind.length > 0)
        this.deps.emit({
          type: 'review.itemsChanged',
          filterType: payload.filterType,
          changes: behind,
        });
      this.#generation += 1;
      // The page has just been read: the next read is an interval from now.
      this.#lastReadAt = Date.now();
      this.#ownWrites.clear();
    }
    if (!this.#refused && (await this.deps.extensions.offers('item-events'))) {
      // The session may have ended while the extensions were asked.
      if (this.#watch) this.#stream.start();
    }
    if (cameIntoUse && this.#pollActive() && Date.now() - this.#lastReadAt >= this.#interval)
      void this.#read();
    else this.#schedule();
    return null;
  }

  /** A journalled write of this console: its item is left to the page's reload. */
  onJournal(entry: JournalEntry): void {
    if (entry.target) this.#ownWrites.add(entry.target);
  }

  /** Another session (sign-out, another user) follows nothing of this one's. */
  onSessionEvent(event: BridgeEvent): void {
    if (
      event.type === 'session.signedOut' ||
      (event.type === 'session.changed' && !event.session.signedIn)
    ) {
      this.#stop();
      this.#stream.forget();
      this.#refused = false;
    }
  }

  #stop(): void {
    this.#watch = null;
    this.#generation += 1;
    this.#stream.stop();
    this.#streamOpen = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #pollActive(): boolean {
    return this.#watch !== null && this.#watch.inUse && !this.#streamOpen;
  }

  /** The next poll, an interval after the last read, while polling is what follows the page. */
  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (!this.#pollActive()) return;
    const wait = Math.max(0, this.#lastReadAt + this.#interval - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#read();
    }, wait);
  }

  /** Reads the page again and tells what changed; one read at a time. */
  async #read(): Promise<void> {
    const watch = this.#watch;
    if (!watch || this.#reading) return;
    this.#reading = true;
    const generation = this.#generation;
    try {
      const ids = [...watch.items.keys()].filter(
        (id) => !this.#ownWrites.has(reviewTarget(watch.filterType, id)),
      );
      const read = await readShown(this.deps.calls, watch.filterType, watch.filter, ids);
      // A new page (or none) since the read began: its answer is about cards no longer shown.
      if (generation !== this.#generation) return;
      const at = new Date().toISOString();
      const changes: ItemChange[] = [];
      for (const [id, item] of read) {
        const shown = watch.items.get(id);
        if (!shown || this.#ownWrites.has(reviewTarget(watch.filterType, id))) continue;
        // The read is now the newest word on the item, over the last event heard.
        delete shown.last;
        const now = watchedOf({ ...item, id });
        if (same(shown.state, now)) continue;
        const by = now.reviewedBy !== shown.state.reviewedBy ? now.reviewedBy : null;
        shown.state = now;
        changes.push({
          id,
          fields: {
            ...(item.selected === undefined ? {} : { selected: item.selected }),
            ...(item.manuallyChanged === undefined
              ? {}
              : { manuallyChanged: item.manuallyChanged }),
            reviewedBy: now.reviewedBy,
            eliminatedKeyword: now.eliminatedKeyword,
            ...(item.nlpDecisionRatio === undefined
              ? {}
              : { nlpDecisionRatio: item.nlpDecisionRatio }),
          },
          by,
          at,
          mine: by !== null && by === this.deps.session.view().username,
        });
      }
      if (changes.length > 0) {
        watch.key = '';
        this.deps.emit({ type: 'review.itemsChanged', filterType: watch.filterType, changes });
      }
    } catch (error) {
      this.deps.log.info(
        `[core] What is on screen could not be read again: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.#reading = false;
      if (generation === this.#generation) this.#lastReadAt = Date.now();
      this.#schedule();
    }
  }

  #onEvent(seq: number, event: ItemEvent): void {
    const watch = this.#watch;
    if (!watch || event.kind !== watch.filterType) return;
    const shown = watch.items.get(event.id);
    // An older write than one already applied (a replay after a reconnection) changes nothing.
    if (!shown || seq <= shown.seq) return;
    shown.seq = seq;
    const { state } = event;
    const now: WatchedItem = {
      id: event.id,
      selected: state.selected,
      manuallyChanged: state.manuallyChanged,
      reviewedBy: state.reviewedBy,
      eliminatedKeyword: state.eliminatedKeyword,
    };
    const change: ItemChange = {
      id: event.id,
      fields: { ...state },
      by: event.who,
      at: event.at,
      mine: event.who !== null && event.who === this.deps.session.view().username,
    };
    shown.last = { state: now, change };
    // A write that changed nothing a card shows (a keyword added to the list) is not a change.
    if (same(shown.state, now)) return;
    shown.state = now;
    // The page no longer shows what it said: whatever it says next is news (a reload, even one
    // that reads as the first did).
    watch.key = '';
    this.deps.emit({
      type: 'review.itemsChanged',
      filterType: watch.filterType,
      changes: [change],
    });
  }
}
