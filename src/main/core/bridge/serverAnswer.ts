import type { z } from 'zod';
import { BridgeFailure } from '../bridgeFailure';

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
  if (!parsed.success)
    throw new BridgeFailure(502, 'BAD_ANSWER', `The server sent an unreadable ${what}.`);
  return parsed.data;
}
