import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A compressed body decoded in one call with large output chunks. Axios's own decoding (a zlib
 * stream with Node's default 16 KiB chunks) makes some 900 round trips to zlib's thread for the
 * catalogue's 13.9 MB: 90-200 ms on this machine class, against 20-40 ms for the same body here
 * (issue 25, item 3).
 */
const CHUNK = 1 << 20;
const unzip = promisify(zlib.unzip);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

/** The failure of a body that could not be decoded; the caller says which answer it was. */
export class ContentDecodingError extends Error {}

async function decodeOne(body: Buffer, coding: string): Promise<Buffer> {
  switch (coding) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return unzip(body, { chunkSize: CHUNK });
    case 'deflate':
      // RFC 9110 means zlib-wrapped deflate; some servers send it raw (no header), as axios allows.
      return unzip(body, { chunkSize: CHUNK }).catch(() => inflateRaw(body, { chunkSize: CHUNK }));
    case 'br':
      return brotli(body, { chunkSize: CHUNK });
    default:
      throw new ContentDecodingError(`it is encoded as "${coding}", which the console cannot read`);
  }
}

/**
 * The body as the server meant it, from the bytes sent and their Content-Encoding (codings listed
 * in the order applied, so undone last first). Throws ContentDecodingError for a coding the
 * console does not know or a body that is not what its coding says.
 */
export async function decodeContent(body: Buffer, contentEncoding: unknown): Promise<Buffer> {
  const codings =
    typeof contentEncoding === 'string'
      ? contentEncoding
          .split(',')
          .map((coding) => coding.trim().toLowerCase())
          .filter(Boolean)
      : [];
  let decoded = body;
  for (const coding of codings.reverse()) {
    try {
      decoded = await decodeOne(decoded, coding);
    } catch (error) {
      if (error instanceof ContentDecodingError) throw error;
      throw new ContentDecodingError(`it is not valid ${coding}`);
    }
  }
  return decoded;
}

const SYNC: Record<string, (body: Buffer) => Buffer> = {
  gzip: (body) => zlib.unzipSync(body),
  'x-gzip': (body) => zlib.unzipSync(body),
  deflate: (body) => zlib.unzipSync(body),
  br: (body) => zlib.brotliDecompressSync(body),
  identity: (body) => body,
};

/**
 * The text of an error answer read as raw bytes (a few hundred bytes as a rule, so decoded at
 * once): what toBridgeError (bridgeFailure.ts) reads the provider's message from. '' when it
 * cannot be decoded; the user is then told the status alone.
 */
export function errorBodyText(body: unknown, contentEncoding: unknown): unknown {
  if (!Buffer.isBuffer(body) && !(body instanceof ArrayBuffer)) return body;
  const codings = typeof contentEncoding === 'string' ? contentEncoding.split(',') : [];
  try {
    let decoded = Buffer.isBuffer(body) ? body : Buffer.from(body);
    for (const coding of codings.reverse()) {
      const decode = SYNC[coding.trim().toLowerCase() || 'identity'];
      if (!decode) return '';
      decoded = decode(decoded);
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
