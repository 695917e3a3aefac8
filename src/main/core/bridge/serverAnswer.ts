import { BridgeFailure } from '../bridgeFailure';

/** The 502 for an answer the console cannot read, naming what it should have been. */
export function badAnswer(what: string): never {
  throw new BridgeFailure(502, 'BAD_ANSWER', `The server sent an unreadable ${what}.`);
}
