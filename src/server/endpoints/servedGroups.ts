import { AUTH_GROUPS, DATA_GROUPS, EXTENSION_GROUPS } from '../../shared/api';

/**
 * Every group of declared calls this server serves, by how it is served: the token calls outside
 * the ADMIN check, SPEC.md 7's data calls and our extensions behind it. The routes are registered
 * from these (authEndpoints.ts, dataEndpoints.ts) and the OpenAPI document is built from the same
 * list (src/server/openapi), so neither can name a call the other leaves out.
 */
export const SERVED_GROUPS = {
  auth: AUTH_GROUPS,
  data: DATA_GROUPS,
  extensions: EXTENSION_GROUPS,
} as const;

export type ServedGroupKind = keyof typeof SERVED_GROUPS;
