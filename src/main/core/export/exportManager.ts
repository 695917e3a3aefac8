import { randomUUID } from 'node:crypto';
import { isAxiosError } from 'axios';
import type { z } from 'zod';
import type { BridgeEvent } from '../../../shared/bridge';
import type { ExportView, exportStartPayloadSchema } from '../../../shared/export';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { SaveFilesPort } from '../desktop/desktopPorts';
import type { Logger } from '../log';
import { chooseDestination, delivered, suggestedName, type Destination } from './destination';
import { PartFile } from './partFile';
import { feedOf, type Feed, type FeedDeps } from './sources';
import { rowWriter } from './writers';

export type CheckedExportStart = z.output<typeof exportStartPayloadSchema>;

export interface ExportManagerDeps extends FeedDeps {
  files: SaveFilesPort | null;
  tempDir: string | null;
  emit(event: BridgeEvent): void;
  log: Logger;
  now?: () => Date;
}

interface Export {
  view: ExportView;
  stop: AbortController;
  /** Settles once nothing more will be written (the file committed or removed). */
  settled: Promise<void>;
  lastEmit: number;
  emitTimer: ReturnType<typeof setTimeout> | null;
}

/** Progress events at most this often (4 a second); a change of status is told at once. */
const PROGRESS_EVERY_MS = 250;
/** Finished exports remembered (for a late Cancel or a second window); older ones are forgotten. */
const KEEP_FINISHED = 20;

export const NO_FILE_CHOSEN = 'No file was chosen.';
export const CANCELLED_MESSAGE = 'The export was cancelled: no file was saved.';

class Cancelled extends Error {}

/** Waits for `work`, or gives up as soon as the export is cancelled (what it answers is dropped). */
function unlessCancelled<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Cancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Why an export failed, in the words the user sees. */
function failureMessage(error: unknown): string {
  const { status, message } = toBridgeError(error);
  // Core's own failures (the session ended, an unreadable answer) say it in their own words.
  if (!isAxiosError(error) || status === 0) return message;
  return `The provider answered ${status}: ${message}`;
}

/**
 * Exports (docs/user-guide.md, A reviewer's shift, Export…): every row of a source written to a
 * CSV or JSON file page by page, under a temporary name beside the destination until complete.
 * Several may run at once; each tells its progress to every window and stops on Cancel leaving
 * nothing behind.
 */
export class ExportManager {
  readonly #exports = new Map<string, Export>();
  readonly #now: () => Date;

  constructor(private readonly deps: ExportManagerDeps) {
    this.#now = deps.now ?? (() => new Date());
  }

  /** Answers once the destination is chosen and the file is open (or why there is none). */
  async start(payload: CheckedExportStart): Promise<ExportView> {
    // Bad input and a session that has ended are refused before any dialog opens.
    const feed = feedOf(payload.source, this.deps);
    this.deps.fromSession('username');
    const name = suggestedName(payload.fileName, payload.format, this.#now());
    const view: ExportView = {
      id: randomUUID(),
      status: 'running',
      format: payload.format,
      written: 0,
      total: null,
      fileName: name,
      savedTo: null,
      downloadUrl: null,
      message: null,
    };
    if (payload.source.kind === 'rows') view.total = payload.source.rows.length;
    if (payload.source.kind === 'pages') view.total = payload.source.total;
    const entry: Export = {
      view,
      stop: new AbortController(),
      settled: Promise.resolve(),
      lastEmit: 0,
      emitTimer: null,
    };
    this.#exports.set(view.id, entry);

    let destination: Destination | null;
    let part: PartFile;
    try {
      destination = await chooseDestination(
        this.deps.files,
        this.deps.tempDir,
        name,
        payload.format,
      );
      if (!destination) {
        this.#finish(entry, 'cancelled', NO_FILE_CHOSEN);
        return { ...view };
      }
      view.fileName = destination.fileName;
      part = await PartFile.create(destination.path);
    } catch (error) {
      this.#finish(entry, 'failed', `The file could not be written: ${failureMessage(error)}`);
      return { ...view };
    }
    this.#changed(entry, true);
    entry.settled = this.#write(entry, payload, feed, destination, part);
    return { ...view };
  }

  /** Stops an export; answers once nothing more is written and the temporary file is gone. */
  async cancel(id: string): Promise<ExportView> {
    const entry = this.#exports.get(id);
    if (!entry) throw new BridgeFailure(404, 'NO_SUCH_EXPORT', 'There is no such export.');
    entry.stop.abort();
    await entry.settled;
    return { ...entry.view };
  }

  async #write(
    entry: Export,
    payload: CheckedExportStart,
    feed: Feed,
    destination: Destination,
    part: PartFile,
  ): Promise<void> {
    const { view, stop } = entry;
    const writer = rowWriter({
      format: payload.format,
      columns: payload.columns,
      out: part,
      scratchPath: `${part.partPath}.rows`,
    });
    try {
      const total = await unlessCancelled(feed.total(), stop.signal);
      view.total = total;
      this.#changed(entry, false);
      for (let page = 0; view.written < total; page += 1) {
        const rows = await unlessCancelled(feed.page(page), stop.signal);
        if (rows.length === 0) break;
        if (stop.signal.aborted) throw new Cancelled();
        await writer.page(rows);
        view.written += rows.length;
        this.#changed(entry, false);
      }
      if (stop.signal.aborted) throw new Cancelled();
      await writer.end();
      if (stop.signal.aborted) throw new Cancelled();
      await part.commit();
      Object.assign(view, delivered(this.deps.files, destination));
      this.#finish(entry, 'done', null);
    } catch (error) {
      await part.discard();
      if (error instanceof Cancelled) this.#finish(entry, 'cancelled', CANCELLED_MESSAGE);
      else {
        const message = this.#failureMessage(error);
        this.deps.log.warn('An export failed:', message);
        this.#finish(entry, 'failed', message);
      }
    } finally {
      await writer.dispose();
    }
  }

  /** A refusal because the session ended says so in the session's words. */
  #failureMessage(error: unknown): string {
    const { status } = toBridgeError(error);
    if (status === 401 || status === 403) {
      try {
        this.deps.fromSession('username');
      } catch (ended) {
        return toBridgeError(ended).message;
      }
    }
    return failureMessage(error);
  }

  #finish(entry: Export, status: ExportView['status'], message: string | null): void {
    entry.view.status = status;
    entry.view.message = message;
    this.#changed(entry, true);
    this.#forgetOld();
  }

  /** Tells every window; progress at most every 250 ms, a change of status at once. */
  #changed(entry: Export, now: boolean): void {
    const send = () => {
      if (entry.emitTimer) clearTimeout(entry.emitTimer);
      entry.emitTimer = null;
      entry.lastEmit = Date.now();
      this.deps.emit({ type: 'export.changed', export: { ...entry.view } });
    };
    if (now) return send();
    if (entry.emitTimer) return;
    const wait = entry.lastEmit + PROGRESS_EVERY_MS - Date.now();
    if (wait <= 0) return send();
    entry.emitTimer = setTimeout(send, wait);
  }

  #forgetOld(): void {
    const finished = [...this.#exports.values()].filter((e) => e.view.status !== 'running');
    for (const entry of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED)))
      this.#exports.delete(entry.view.id);
  }
}
