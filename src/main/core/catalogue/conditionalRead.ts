import type { AxiosInstance } from 'axios';
import { currencyCalls } from '../../../shared/api/configuration';
import { currencyRecord, type Currency } from '../../../shared/api/records';
import { fillPath } from '../../../shared/api/call';
import { parseAnswerText } from '../api/answerText';
import {
  bodyText,
  ContentDecodingError,
  decodeContent,
  errorBodyText,
  unknownCodings,
} from '../api/contentDecoding';
import { badAnswer } from '../bridge/serverAnswer';
import { withRoomToGrow } from '../youngGeneration';
import { LazyRows, type RowList } from './lazyRows';

/** What one read of the catalogue (or of a search in it) brought back. */
export type CatalogueRead =
  /** 304: the list core holds under `etag` is still the server's. */
  | { kind: 'same' }
  /**
   * A full answer, read leniently as every list is (each record when a page first shows it,
   * lazyRows.ts); its ETag when the server gave one.
   */
  | { kind: 'fresh'; rows: RowList<Currency>; etag: string | null };

/**
 * GET get-currencies (text '') or get-currencies-includes-{text}, as the generic caller sends it
 * (sendCall.ts), plus two headers: If-None-Match with the ETag of the list core holds, so an
 * unchanged catalogue costs a 304 and no body, and Accept-Encoding, so a server that compresses
 * sends 1.3 MB instead of 13. A provider that ignores both answers 200 with the whole list, as
 * before. Authorization, User-Id and the refresh-and-retry stay the API client's.
 *
 * Through Node's http (browser mode, the benchmarks) the body is decoded here, not by axios
 * (contentDecoding.ts says why); a fetch (Electron's net.fetch) hands it over decoded already.
 */
export async function readCatalogue(
  api: AxiosInstance,
  text: string,
  etag: string | null,
): Promise<CatalogueRead> {
  const declared = text ? currencyCalls.getCurrenciesIncludes : currencyCalls.getCurrencies;
  const rawBody = api.defaults.adapter !== 'fetch';
  const response = await api.request<ArrayBuffer | Buffer>({
    method: 'GET',
    url: fillPath(declared.path, { text }),
    responseType: 'arraybuffer',
    decompress: !rawBody,
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
  if (response.status === 304) return { kind: 'same' };
  const sent = Buffer.isBuffer(response.data) ? response.data : Buffer.from(response.data);
  let body = sent;
  if (rawBody)
    body = await decodeContent(sent, response.headers['content-encoding']).catch(
      (error: unknown) => {
        if (!(error instanceof ContentDecodingError)) throw error;
        return badAnswer(`${declared.describe} (${error.message})`);
      },
    );
  // As declared.answer reads it (a list whose entries are records), its entries read lazily.
  // Tens of megabytes of objects that all survive: V8 may grow its young generation for them.
  const answer = withRoomToGrow(() => parseAnswerText(bodyText(body)));
  if (!Array.isArray(answer)) {
    const unknown = rawBody ? unknownCodings(response.headers['content-encoding']) : [];
    badAnswer(
      unknown.length
        ? `${declared.describe} (it is encoded as "${unknown.join(', ')}", which the console cannot read)`
        : declared.describe,
    );
  }
  const tag: unknown = response.headers.etag;
  return {
    kind: 'fresh',
    rows: new LazyRows(answer, currencyRecord),
    etag: typeof tag === 'string' && tag ? tag : null,
  };
}
