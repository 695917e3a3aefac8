import { isAxiosError } from 'axios';
import type { BridgeError } from '../../shared/bridge';
import type { ItemConflict } from '../../shared/conflict';
import { answerFields, parseAnswerText } from './api/answerText';

/** An error meant for the user: its status, code and message cross the bridge as they are. */
export class BridgeFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A card's decision refused for a change it had not seen (writes/conflictCheck.ts). */
    readonly conflict?: ItemConflict,
  ) {
    super(message);
    this.name = 'BridgeFailure';
  }
}

export const UNREACHABLE_MESSAGE =
  'Cannot reach the server. Check your network connection and try again.';

/** A call given up after the request timeout of the settings (none by default). */
export function timeoutMessage(seconds: number): string {
  return `The server did not answer within ${seconds} second${seconds === 1 ? '' : 's'}. Try again, or ask IT whether the server is slow.`;
}

/** Turns anything thrown by a handler into the envelope's error, never losing the status. */
export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof BridgeFailure) {
    const conflict = error.conflict ? { conflict: error.conflict } : {};
    return { status: error.status, code: error.code, message: error.message, ...conflict };
  }
  if (isAxiosError(error)) {
    const response = error.response;
    if (!response && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')) {
      const seconds = Math.round((error.config?.timeout ?? 0) / 1000);
      return { status: 0, code: 'TIMEOUT', message: timeoutMessage(seconds) };
    }
    if (!response) return { status: 0, code: 'UNREACHABLE', message: UNREACHABLE_MESSAGE };
    // Data calls read answers as text (sendCall.ts): a JSON error body is parsed here, and a
    // short plain-text one is the provider's own sentence.
    const body = parseAnswerText(response.data);
    const data = answerFields(body);
    // A gateway's or proxy's HTML error page is markup, not a sentence for the user.
    const plain =
      typeof body === 'string' && body.length <= 300 && !/^\s*</.test(body)
        ? body.trim()
        : undefined;
    const text = [data?.error_description, data?.message, plain].find(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    return {
      status: response.status,
      code: typeof data?.error === 'string' ? data.error : 'HTTP_ERROR',
      message: text ?? `The server answered with status ${response.status}.`,
    };
  }
  return {
    status: 500,
    code: 'INTERNAL',
    message: error instanceof Error ? error.message : 'Something went wrong.',
  };
}
