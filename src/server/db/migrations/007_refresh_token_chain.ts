/**
 * Migration 7: the token that replaced a used one. A client that lost the rotation's answer may
 * present the used one again while its successor is still unused (src/server/auth/authSessions.ts,
 * grace).
 */
export const refreshTokenChain: readonly string[] = [
  'ALTER TABLE refresh_tokens ADD COLUMN replaced_by text',
];
