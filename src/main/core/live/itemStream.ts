import {
  HEARTBEAT_SECONDS,
  ITEM_EVENT,
  itemEventSchema,
  liveCalls,
  READY_EVENT,
  RESYNC_EVENT,
  type ItemEvent,
} from '../../../shared/api/liveEvents';
import type { Logger } from '../log';
import type { SessionManager } from '../session/sessionManager';
import { SseParser, type SseMessage } from './sseParser';

/**
 * The waits before the stream is opened again after a failure: doubling, bounded at the last one,
 * with a little jitter so that a server restart is not met by every console at the same moment.
 * Back to the first after a connection that opened. A stream that ended cleanly after it opened
 * (its access token expired) is opened again at once.
 */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

/** A stream that ended sooner after it opened is opened again only after a wait. */
const MIN_OPEN_MS = 1_000;

/** Silence longer than this (no event, no heartbeat) means a dead connection: it is dropped. */
const SILENCE_MS = (HEARTBEAT_SECONDS * 2 + 5) * 1000;

export interface ItemStreamHandlers {
  /** A write to an item; `seq` orders the writes to one item. */
  onEvent(seq: number, event: ItemEvent): void;
  /** The stream is open and the server listens; `continued` when it replayed what was missed. */
  onOpen(continued: boolean): void;
  /** Writes were missed and cannot be replayed: what is on screen must be read again. */
  onResync(): void;
  /** The stream is not open (a failure, or between two connections). */
  onDown(): void;
}

type Session = Pick<
  SessionManager,
  'accessToken' | 'userId' | 'isStale' | 'refreshAccessToken' | 'isLogged'
>;

/**
 * Our server's item-events stream (src/shared/api/liveEvents.ts), read over the fetch core is given
 * (Chromium's network stack in the desktop app), with the session's bearer token and User-Id like
 * every call. It reconnects with a bounded backoff and sends the last event id it saw, so that the
 * server replays what was missed meanwhile; a 401 refreshes the token once, as the API client does.
 * A 403 or 404 (the extension refused or gone) stops it: the caller falls back to polling.
 */
export class ItemStream {
  #running = false;
  #abort: AbortController | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;
  /** The last event id heard in this session: sent as Last-Event-ID. */
  #lastEventId: string | null = null;

  constructor(
    private readonly options: {
      apiUrl: string;
      fetch: typeof fetch;
      session: Session;
      log: Logger;
      handlers: ItemStreamHandlers;
      /** Called when the server refuses the stream for good (403, 404). */
      onRefused(): void;
    },
  ) {}

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#failures = 0;
    void this.#connect();
  }

  stop(): void {
    this.#running = false;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#abort?.abort();
    this.#abort = null;
  }

  /** A new session starts over: its events are another user's to replay. */
  forget(): void {
    this.stop();
    this.#lastEventId = null;
  }

  #url(): string {
    return `${this.options.apiUrl.replace(/\/+$/, '')}${liveCalls.itemEvents.path}`;
  }

  async #connect(refreshed = false): Promise<void> {
    if (!this.#running) return;
    const outcome = await this.#attempt(refreshed);
    if (!this.#running) return;
    switch (outcome) {
      case 'refreshed':
        // A 401 refreshed the token: once more with it, at once.
        return void this.#connect(true);
      case 'refused':
        this.stop();
        return this.options.onRefused();
      case 'ended':
        this.options.handlers.onDown();
        return void this.#connect();
      case 'failed':
        this.options.handlers.onDown();
        return this.#schedule();
    }
  }

  /**
   * One connection, read to its end: 'ended' when a stream that opened ended cleanly (its token
   * expired), 'refreshed' after a 401 and a refresh, 'refused' on 403 or 404, else 'failed'.
   */
  async #attempt(refreshed: boolean): Promise<'ended' | 'refreshed' | 'refused' | 'failed'> {
    const { session, log, handlers } = this.options;
    const abort = new AbortController();
    this.#abort = abort;
    let opened = false;
    let openedAt = 0;
    try {
      if (session.isStale()) await session.refreshAccessToken().catch(() => undefined);
      const token = session.accessToken();
      if (!token) throw new Error('no session');
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
      };
      const userId = session.userId();
      if (userId) headers['User-Id'] = userId;
      if (this.#lastEventId !== null) headers['Last-Event-ID'] = this.#lastEventId;
      const response = await this.options.fetch(this.#url(), { headers, signal: abort.signal });
      if (response.status === 401 && !refreshed && session.isLogged()) {
        await response.body?.cancel().catch(() => undefined);
        await session.refreshAccessToken();
        return 'refreshed';
      }
      if (response.status === 403 || response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        log.info(`[core] The item event stream was refused (${response.status}); polling instead.`);
        return 'refused';
      }
      if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
      const continued = this.#lastEventId !== null;
      const parser = new SseParser((message) => {
        if (message.lastEventId) this.#lastEventId = message.lastEventId;
        if (message.event === READY_EVENT && !opened) {
          opened = true;
          openedAt = Date.now();
          this.#failures = 0;
          handlers.onOpen(continued);
        } else this.#message(message);
      });
      const endedCleanly = await this.#read(response.body, parser, abort);
      // One that ended as soon as it opened is a failure, so that it is not opened in a loop.
      return opened && endedCleanly && Date.now() - openedAt >= MIN_OPEN_MS ? 'ended' : 'failed';
    } catch (error) {
      if (this.#running)
        log.info(
          `[core] The item event stream failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      return 'failed';
    } finally {
      if (this.#abort === abort) this.#abort = null;
    }
  }

  /** Reads until the stream ends (true) or goes silent for too long (false). */
  async #read(
    body: ReadableStream<Uint8Array>,
    parser: SseParser,
    abort: AbortController,
  ): Promise<boolean> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let silence = setTimeout(() => abort.abort(), SILENCE_MS);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        clearTimeout(silence);
        if (done) return true;
        silence = setTimeout(() => abort.abort(), SILENCE_MS);
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(silence);
      reader.releaseLock();
    }
  }

  #message(message: SseMessage): void {
    const { handlers, log } = this.options;
    if (message.event === RESYNC_EVENT) return handlers.onResync();
    if (message.event !== ITEM_EVENT) return;
    const seq = Number(message.lastEventId);
    let read;
    try {
      read = itemEventSchema.safeParse(JSON.parse(message.data));
    } catch {
      read = null;
    }
    if (!read?.success || !Number.isSafeInteger(seq)) {
      log.info('[core] An item event could not be read; it was left out.');
      return;
    }
    handlers.onEvent(seq, read.data);
  }

  #schedule(): void {
    const step = Math.min(this.#failures, RECONNECT_DELAYS_MS.length - 1);
    this.#failures += 1;
    const delay = RECONNECT_DELAYS_MS[step]! * (0.8 + Math.random() * 0.4);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#connect();
    }, delay);
  }
}
