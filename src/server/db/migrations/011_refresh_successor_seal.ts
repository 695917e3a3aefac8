/**
 * Migration 11: a used refresh token keeps its successor sealed under a key only the used token
 * itself yields, so that a client whose rotation answer was lost gets that same successor again
 * rather than a new one (src/server/auth/successorSeal.ts, src/server/auth/authSessions.ts). The
 * seal is cleared once the successor is used.
 */
export const refreshSuccessorSeal: readonly string[] = [
  'ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text',
];
