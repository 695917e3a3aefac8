import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A compressed body decoded in one call with large output chunks. Axios's own decoding (a zlib
 * stream with Node's default 16 KiB chunks) makes some 900 round trips to zlib's thread for the
 * catalogue's 13.9 MB: 90-200 ms on this machine class, against 20-40 ms for the same body here
 * (docs/performance.md, The server and the catalogue).
 */
const CHUNK = 1 << 20;
/** As axios decodes: a body cut short gives what it holds, not an error (JSON then judges it). */
const LENIENT = { chunkSize: CHUNK, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI = { chunkSize: CHUNK };
const unzip = promisify(zlib.unzip);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

/** The failure of a body that could not be decoded; the caller says which answer it was. */
export class ContentDecodingError extends Error {}

/**
 * One coding's decoder, in both forms: `later` on zlib's thread (the catalogue's megabytes),
 * `now` at once (an error answer's short body, read where axios wants its text synchronously).
 */
interface Decoder {
  now(body: Buffer): Buffer;
  later(body: Buffer): Promise<Buffer>;
}

const gzip: Decoder = {
  now: (body) => zlib.unzipSync(body, LENIENT),
  later: (body) => unzip(body, LENIENT),
};

const DECODERS: Record<string, Decoder> = {
  gzip,
  'x-gzip': gzip,
  // RFC 9110 means zlib-wrapped deflate; some servers send it raw (no header), as axios allows.
  deflate: {
    now: (body) => {
      try {
        return zlib.unzipSync(body, LENIENT);
      } catch {
        return zlib.inflateRawSync(body, LENIENT);
      }
    },
    later: (body) => unzip(body, LENIENT).catch(() => inflateRaw(body, LENIENT)),
  },
  br: {
    now: (body) => zlib.brotliDecompressSync(body, BROTLI),
    later: (body) => brotli(body, BROTLI),
  },
};

/** The codings of a Content-Encoding header, in the order they were applied. */
const codingsOf = (contentEncoding: unknown): string[] =>
  typeof contentEncoding === 'string'
    ? contentEncoding
        .split(',')
        .map((coding) => coding.trim().toLowerCase())
        .filter((coding) => coding !== '' && coding !== 'identity')
    : [];

/**
 * The codings of a Content-Encoding header the console does not decode. Their bodies are read as
 * sent, as axios read them (a server may name a charset there by mistake); when such a body does
 * not read, the error says which coding it claimed.
 */
export const unknownCodings = (contentEncoding: unknown): string[] =>
  codingsOf(contentEncoding).filter((coding) => !(coding in DECODERS));

/**
 * The body as the server meant it, from the bytes sent and their Content-Encoding (codings listed
 * in the order applied, so undone last first). Throws ContentDecodingError for a body that is not
 * what its coding says.
 */
export async function decodeContent(body: Buffer, contentEncoding: unknown): Promise<Buffer> {
  let decoded = body;
  for (const coding of codingsOf(contentEncoding).reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder) continue;
    try {
      decoded = await decoder.later(decoded);
    } catch {
      throw new ContentDecodingError(`it is not valid ${coding}`);
    }
  }
  return decoded;
}

/**
 * The body as the server meant it, handed to `take` a chunk (of up to 1 MiB) at a time as it is
 * decoded. A gzip body, the reference server's, is inflated on zlib's thread while `take` reads
 * the chunk before (each chunk is taken in a microtask, once zlib has been asked for the next):
 * the catalogue's scan (listScan.ts) then costs little beyond the inflation itself. Any other
 * coding is decoded whole (decodeContent) and taken at once. Throws ContentDecodingError, as
 * decodeContent does.
 */
export async function decodeContentInChunks(
  body: Buffer,
  contentEncoding: unknown,
  take: (chunk: Buffer) => void,
): Promise<void> {
  const gzipped = onlyGzip(contentEncoding);
  if (gzipped === null) {
    take(await decodeContent(body, contentEncoding));
    return;
  }
  const inflating = zlib.createUnzip(LENIENT);
  const inflated = takeInflated(inflating, gzipped, take);
  inflating.end(body);
  await inflated.done;
}

/**
 * The failure of a body that ended before its end: the connection broke while it came, or the
 * call was given up (its cause says which).
 */
export class BodyCutError extends Error {}

/**
 * decodeContentInChunks for a body that is still arriving (the catalogue, which our server sends
 * as it reads it): a gzip body is inflated as its bytes come, a body with no coding is taken as it
 * comes, and any other coding is decoded once it has all come. Throws BodyCutError when the body
 * breaks off, ContentDecodingError as decodeContent does, and what `take` throws; the body is
 * then left unread.
 */
export async function decodeArrivingInChunks(
  body: AsyncIterable<Buffer>,
  contentEncoding: unknown,
  take: (chunk: Buffer) => void,
): Promise<void> {
  const arriving = body[Symbol.asyncIterator]();
  const next = () =>
    arriving.next().catch((error: unknown) => {
      throw new BodyCutError(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    });
  const gzipped = onlyGzip(contentEncoding);
  if (gzipped === null && codingsOf(contentEncoding).some((coding) => coding in DECODERS)) {
    const whole: Buffer[] = [];
    for (let piece = await next(); !piece.done; piece = await next()) whole.push(piece.value);
    take(await decodeContent(Buffer.concat(whole), contentEncoding));
    return;
  }
  if (gzipped === null) {
    try {
      for (let piece = await next(); !piece.done; piece = await next()) take(piece.value);
    } catch (error) {
      await arriving.return?.();
      throw error;
    }
    return;
  }
  const inflating = zlib.createUnzip(LENIENT);
  const inflated = takeInflated(inflating, gzipped, take);
  try {
    for (let piece = await next(); !piece.done; piece = await next()) {
      if (inflated.failed()) break;
      // zlib holds at most its buffer's worth before the next piece is read from the socket.
      if (!inflating.write(piece.value)) await drainedOrFailed(inflating, inflated.done);
    }
  } catch (error) {
    inflating.destroy();
    inflated.done.catch(() => undefined);
    await arriving.return?.();
    throw error;
  }
  if (inflated.failed()) await arriving.return?.();
  else inflating.end();
  await inflated.done;
}

/** The one coding of a body that is gzip alone, or null: only gzip is inflated as it comes. */
function onlyGzip(contentEncoding: unknown): string | null {
  const codings = codingsOf(contentEncoding).filter((coding) => coding in DECODERS);
  return codings.length === 1 && DECODERS[codings[0]!] === gzip ? codings[0]! : null;
}

const drainedOrFailed = (inflating: zlib.Unzip, done: Promise<void>) =>
  Promise.race([new Promise<void>((resolve) => inflating.once('drain', resolve)), done]);

/**
 * Hands what `inflating` gives to `take`, each chunk in a microtask (zlib is then already at work
 * on the next). `done` settles after the last chunk is taken, or with the first failure: a body
 * that is not valid gzip (ContentDecodingError) or what `take` threw.
 */
function takeInflated(
  inflating: zlib.Unzip,
  coding: string,
  take: (chunk: Buffer) => void,
): { done: Promise<void>; failed(): boolean } {
  let failed: unknown = null;
  const done = new Promise<void>((resolve, reject) => {
    inflating.on('data', (chunk: Buffer) => {
      queueMicrotask(() => {
        if (failed !== null) return;
        try {
          take(chunk);
        } catch (error) {
          failed = error;
          inflating.destroy();
          reject(error);
        }
      });
    });
    inflating.on('error', () => {
      if (failed === null) reject(new ContentDecodingError(`it is not valid ${coding}`));
      failed ??= true;
    });
    // After the last chunk's microtask.
    inflating.on('end', () => queueMicrotask(() => failed === null && resolve()));
  });
  // It may fail while the caller awaits the body's next piece; the caller awaits it after that.
  done.catch(() => undefined);
  return { done, failed: () => failed !== null };
}

/**
 * The text of an error answer read as raw bytes (a few hundred bytes as a rule, so decoded at
 * once): what toBridgeError (bridgeFailure.ts) reads the provider's message from. '' when it
 * cannot be decoded; the user is then told the status alone.
 */
export function errorBodyText(body: unknown, contentEncoding: unknown): unknown {
  if (!Buffer.isBuffer(body) && !(body instanceof ArrayBuffer)) return body;
  try {
    let decoded = Buffer.isBuffer(body) ? body : Buffer.from(body);
    for (const coding of codingsOf(contentEncoding).reverse()) {
      const decoder = DECODERS[coding];
      if (decoder) decoded = decoder.now(decoded);
    }
    return bodyText(decoded);
  } catch {
    return '';
  }
}

/** UTF-8 text of a body, without a byte order mark (as axios reads a text answer). */
export function bodyText(body: Buffer): string {
  const text = body.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
