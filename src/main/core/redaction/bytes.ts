import { inspect } from 'node:util';
import { Printed } from './printed';
import { redactText } from './redactText';

/**
 * Bytes in a log call (a Buffer, any typed array, an ArrayBuffer). util.inspect would print them
 * as hex, which hides text from the redaction but not from a reader: text is decoded and redacted
 * instead, and anything else is shown by its size only (RELIABILITY.md, "Logs hold no secrets").
 */

/** Larger byte runs are not decoded: only their size is logged. */
const MAX_DECODED_BYTES = 64 * 1024;
/** Text has no control characters other than tab, line feed and carriage return. */
function isText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f)
      return false;
  }
  return true;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function asText(bytes: Uint8Array): string | null {
  if (bytes.byteLength > MAX_DECODED_BYTES) return null;
  try {
    const text = decoder.decode(bytes);
    return isText(text) ? text : null;
  } catch {
    return null;
  }
}

export function isBytes(value: object): value is ArrayBufferView | ArrayBuffer {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

export function printBytes(value: ArrayBufferView | ArrayBuffer, name: string): Printed {
  const bytes = ArrayBuffer.isView(value)
    ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
    : new Uint8Array(value);
  const text = asText(bytes);
  return new Printed(
    text === null
      ? `<${name} ${bytes.byteLength} bytes>`
      : `<${name} ${inspect(redactText(text), { breakLength: Infinity })}>`,
  );
}
