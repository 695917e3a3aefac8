import type { z } from 'zod';
import { BridgeFailure } from '../bridgeFailure';

/** The 502 for an answer the console cannot read, naming what it should have been. */
export function badAnswer(what: string): never {
  throw new BridgeFailure(502, 'BAD_ANSWER', `The server sent an unreadable ${what}.`);
}

/**
 * Reads a server answer with the shared schema of what it should be. An answer of another shape
 * becomes a clear 502 for the screen instead of a crash deep inside it.
 */
export function serverAnswer<S extends z.ZodType>(
  schema: S,
  data: unknown,
  what: string,
): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) badAnswer(what);
  return parsed.data;
}
