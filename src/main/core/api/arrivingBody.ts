import axios, { AxiosError, type AxiosAdapter, type AxiosRequestConfig } from 'axios';

/**
 * A response body read as it arrives (axios's responseType 'stream'): Node's http gives a
 * Readable, a fetch (Electron's net.fetch) a web ReadableStream. Either, as Buffers in order; an
 * answer with no body (a 304) gives none. Ending the iteration early (return) lets go of the body.
 */
export function arrivingChunks(data: unknown): AsyncIterable<Buffer> {
  if (isReadableStream(data)) return fromReader(data);
  if (isAsyncIterable(data))
    return (async function* () {
      for await (const piece of data) yield asBuffer(piece);
    })();
  return (async function* () {
    if (data instanceof Uint8Array && data.length > 0) yield asBuffer(data);
    else if (typeof data === 'string' && data !== '') yield Buffer.from(data, 'utf8');
  })();
}

async function* fromReader(stream: ReadableStream<Uint8Array>): AsyncGenerator<Buffer> {
  const reader = stream.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      yield asBuffer(value);
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

const asBuffer = (piece: unknown): Buffer =>
  Buffer.isBuffer(piece)
    ? piece
    : piece instanceof Uint8Array
      ? Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
      : Buffer.from(String(piece), 'utf8');

const isReadableStream = (data: unknown): data is ReadableStream<Uint8Array> =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { getReader?: unknown }).getReader === 'function';

const isAsyncIterable = (data: unknown): data is AsyncIterable<unknown> =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';

/**
 * The client's adapter (Node's http, or fetch), for a call that reads its answer as it arrives,
 * but whose failures read as every call's do: a status the call does not take has its whole body
 * read first, so that transformResponse gets bytes (its text is the user's message,
 * bridgeFailure.ts) and the API client's interceptors (refresh and retry on 401) see the same
 * error axios would have raised.
 */
export function failuresReadWhole(adapter: AxiosRequestConfig['adapter']): AxiosAdapter {
  return async (config) => {
    const send = axios.getAdapter(adapter ?? axios.defaults.adapter, config);
    const { validateStatus } = config;
    const response = await send({ ...config, validateStatus: null });
    response.config = config;
    if (!validateStatus || validateStatus(response.status)) return response;
    const pieces: Buffer[] = [];
    try {
      for await (const piece of arrivingChunks(response.data)) pieces.push(piece);
    } catch {
      // What arrived of a failure's body is all there is to read; the status still says it.
    }
    response.data = Buffer.concat(pieces);
    throw new AxiosError(
      `Request failed with status code ${response.status}`,
      response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      response.request,
      response,
    );
  };
}
