import { EventEmitter } from 'node:events';
import {
  AxiosError,
  isAxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import { currencyCalls } from '../../../shared/api/configuration';
import { currencyRecord, type Currency } from '../../../shared/api/records';
import { fillPath } from '../../../shared/api/call';
import { parseAnswerText } from '../api/answerText';
import {
  BodyCutError,
  bodyText,
  ContentDecodingError,
  decodeArrivingInChunks,
  errorBodyText,
  unknownCodings,
} from '../api/contentDecoding';
import { arrivingChunks, failuresReadWhole } from '../api/arrivingBody';
import { badAnswer } from '../bridge/serverAnswer';
import { BridgeFailure, UNREACHABLE_MESSAGE } from '../bridgeFailure';
import { withRoomToGrow } from '../youngGeneration';
import { LazyRows, type RowList } from './lazyRows';
import { POOL_CHUNK, type ChunkPool } from './chunkPool';
import { ListScan } from './listScan';
import { ScannedRows } from './scannedRows';

/** What one read of the catalogue (or of a search in it) brought back. */
export type CatalogueRead =
  /** 304: the list core holds under `etag` is still the server's. */
  | { kind: 'same' }
  /**
   * A full answer, read leniently as every list is (each record parsed and read when a page
   * first shows it, scannedRows.ts); its ETag when the server gave one.
   */
  | { kind: 'fresh'; rows: RowList<Currency>; etag: string | null };

/**
 * GET get-currencies (text '') or get-currencies-includes-{text}, as the generic caller sends it
 * (sendCall.ts), plus two headers: If-None-Match with the ETag of the list core holds, so an
 * unchanged catalogue costs a 304 and no body, and Accept-Encoding, so a server that compresses
 * sends 1.3 MB instead of 13. A provider that ignores both answers 200 with the whole list, as
 * before. Authorization, User-Id and the refresh-and-retry stay the API client's.
 *
 * The body is read as it arrives: our server sends the catalogue while it reads it
 * (catalogueStream.ts), and core inflates and scans each part while the next is read, rather than
 * all of it after the last byte (docs/performance.md, The server and the catalogue). A provider
 * that sends it whole is read the same way. Through Node's http (browser mode, the benchmarks) the
 * body is decoded here, not by axios (contentDecoding.ts says why); a fetch (Electron's net.fetch)
 * hands it over decoded already.
 */
export async function readCatalogue(
  api: AxiosInstance,
  text: string,
  etag: string | null,
  pool?: ChunkPool,
): Promise<CatalogueRead> {
  const declared = text ? currencyCalls.getCurrenciesIncludes : currencyCalls.getCurrencies;
  const rawBody = api.defaults.adapter !== 'fetch';
  const response = await api.request<unknown>({
    method: 'GET',
    url: fillPath(declared.path, { text }),
    responseType: 'stream',
    decompress: !rawBody,
    adapter: failuresReadWhole(api.defaults.adapter),
    // A failure's body is read as text, as every call's is, so its message reaches the user.
    transformResponse: [
      (data: unknown, headers: Record<string, unknown>, status?: number) =>
        status === undefined || (status >= 200 && status < 300) || status === 304
          ? data
          : errorBodyText(data, rawBody ? headers['content-encoding'] : undefined),
    ],
    headers: {
      'Content-Type': false,
      'Accept-Encoding': 'gzip',
      ...(etag ? { 'If-None-Match': etag } : {}),
    },
    // A 304 is an answer here, not a failure.
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
  });
  if (response.status === 304) {
    // Read to its end (it has no body), so that the connection serves the next call.
    for await (const piece of arrivingChunks(response.data)) void piece;
    return { kind: 'same' };
  }
  const encoding: unknown = rawBody ? response.headers['content-encoding'] : undefined;
  // Node's http breaks the body off as "aborted" when the settings' timeout gives the call up; its
  // request says it was the timeout. (A fetch rejects the body with axios's own timeout error.)
  let timedOut = false;
  const sentRequest: unknown = response.request;
  if (sentRequest instanceof EventEmitter) sentRequest.once('timeout', () => (timedOut = true));
  // Where each record lies, found while the body arrives; each is parsed when a page shows it.
  const scan = new ListScan();
  const filler = pool?.filler();
  const kept: Buffer[] = [];
  const keep = (piece: Buffer) => {
    if (!filler) return scan.push(piece);
    for (const view of filler.append(piece)) {
      kept.push(view);
      scan.push(view);
    }
  };
  await decodeArrivingInChunks(arrivingChunks(response.data), encoding, (chunk) => {
    // A body decoded whole (another coding) is kept in chunks as an inflated one is.
    for (let at = 0; at < chunk.length; at += POOL_CHUNK) keep(chunk.subarray(at, at + POOL_CHUNK));
  }).catch((error: unknown) => {
    // What was read of a body that failed is given back: no list will hold it.
    pool?.release(kept);
    if (error instanceof BodyCutError) throw cutBody(error, timedOut ? response.config : null);
    if (!(error instanceof ContentDecodingError)) throw error;
    return badAnswer(`${declared.describe} (${error.message})`);
  });
  const scanned = scan.end();
  const rows = scanned
    ? new ScannedRows(scanned, currencyRecord, declared.describe, pool)
    : readWhole(scan.body(), encoding, declared.describe);
  const tag: unknown = response.headers.etag;
  return {
    kind: 'fresh',
    rows,
    etag: typeof tag === 'string' && tag ? tag : null,
  };
}

/**
 * A body that broke off: the call given up (the settings' timeout, a cancel) fails as a call given
 * up does (bridgeFailure.ts); any other break is a connection that failed, never a shorter list.
 */
function cutBody(error: BodyCutError, timedOut: InternalAxiosRequestConfig | null): unknown {
  // As axios raises a timeout before the answer: toBridgeError reads the settings' timeout from it.
  if (timedOut) return new AxiosError(error.message, AxiosError.ECONNABORTED, timedOut);
  const { cause } = error;
  return isAxiosError(cause) && !cause.response
    ? cause
    : new BridgeFailure(0, 'UNREACHABLE', UNREACHABLE_MESSAGE);
}

/**
 * A body the scan found not to be a JSON list, read whole as every answer is (answerText.ts): its
 * error says what it is. Should the scan ever be wrong about a list, the list is read all the same.
 */
function readWhole(body: Buffer, encoding: unknown, describe: string): RowList<Currency> {
  // Tens of megabytes of objects that all survive, were it a list: V8 may grow its young generation.
  const answer = withRoomToGrow(() => parseAnswerText(bodyText(body)));
  if (Array.isArray(answer)) return new LazyRows(answer, currencyRecord);
  const unknown = unknownCodings(encoding);
  return badAnswer(
    unknown.length
      ? `${describe} (it is encoded as "${unknown.join(', ')}", which the console cannot read)`
      : describe,
  );
}
