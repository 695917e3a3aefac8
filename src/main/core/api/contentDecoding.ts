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
  const codings = codingsOf(contentEncoding).filter((coding) => coding in DECODERS);
  if (codings.length !== 1 || DECODERS[codings[0]!] !== gzip) {
    take(await decodeContent(body, contentEncoding));
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const inflating = zlib.createUnzip(LENIENT);
    let failed: unknown = null;
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
      if (failed === null) reject(new ContentDecodingError(`it is not valid ${codings[0]!}`));
      failed ??= true;
    });
    // After the last chunk's microtask.
    inflating.on('end', () => queueMicrotask(() => failed === null && resolve()));
    inflating.end(body);
  });
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
