import {
  bridgePayloadSchemas,
  isBridgeChannel,
  type BridgeChannel,
  type Envelope,
  type CheckedPayloadOf,
  type ResultOf,
} from '../../../shared/bridge';
import { toBridgeError } from '../bridgeFailure';
import type { Logger } from '../log';
import { callContext, signedOut, type CallContext } from './callContext';

/** A channel's handler: its checked payload, and who is calling (callContext.ts). */
export type BridgeHandler<C extends BridgeChannel> = (
  payload: CheckedPayloadOf<C>,
  context: CallContext,
) => Promise<ResultOf<C>>;

export type BridgeHandlers = { [C in BridgeChannel]: BridgeHandler<C> };

export type Dispatch = (channel: unknown, payload: unknown) => Promise<Envelope<unknown>>;

/**
 * The one entry point for every bridge call, from IPC or WebSocket alike: an unknown channel or
 * a payload that fails its schema is answered with a 400 envelope and never reaches a handler.
 * Each handler is handed the call's context: the signed-in user (`currentUser`), asked once here
 * for every channel instead of by each service.
 */
export function createDispatcher(
  handlers: BridgeHandlers,
  log: Logger,
  currentUser: () => string | null = signedOut,
): Dispatch {
  return async (channel, payload) => {
    if (!isBridgeChannel(channel)) {
      return {
        ok: false,
        error: {
          status: 400,
          code: 'UNKNOWN_CHANNEL',
          message: `Unknown bridge channel: ${String(channel).slice(0, 80)}`,
        },
      };
    }
    const broken = brokenTextAt(payload, []);
    if (broken !== null) {
      return {
        ok: false,
        error: {
          status: 400,
          code: 'INVALID_PAYLOAD',
          message: `Invalid payload for ${channel}: ${broken || 'payload'}: text is not valid Unicode (a lone surrogate)`,
        },
      };
    }
    const parsed = bridgePayloadSchemas[channel].safeParse(payload);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`)
        .join('; ');
      return {
        ok: false,
        error: {
          status: 400,
          code: 'INVALID_PAYLOAD',
          message: `Invalid payload for ${channel}: ${detail}`,
        },
      };
    }
    try {
      const handler = handlers[channel] as (p: unknown, c: CallContext) => Promise<unknown>;
      return { ok: true, data: await handler(parsed.data, callContext(currentUser)) };
    } catch (error) {
      const bridgeError = toBridgeError(error);
      if (bridgeError.status >= 500 || bridgeError.status === 0)
        log.warn(`${channel} failed:`, bridgeError.message);
      return { ok: false, error: bridgeError };
    }
  };
}

/** A UTF-16 surrogate without its pair: no URL or form can carry it (encodeURIComponent throws). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string in the payload that is not well-formed Unicode, or null. */
function brokenTextAt(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path.join('.') : null;
  if (typeof value !== 'object' || value === null || path.length > 8) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = brokenTextAt(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
