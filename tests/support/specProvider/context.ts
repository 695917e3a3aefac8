/** What every route handler receives. */
import type { Caller } from './auth';
import type { RequestInput } from './body';
import type { Reply } from './http';
import type { ProviderState } from './types';

export interface Ctx extends RequestInput {
  state: ProviderState;
  /** The signed-in ADMIN caller (data routes only). */
  caller: Caller;
}

/**
 * A handler answers with a Reply, or returns nothing after a successful write: the route table
 * then answers the way it declares for that route.
 */
export type Handler = (ctx: Ctx) => Reply | void;
