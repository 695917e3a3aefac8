import { z } from 'zod';
import type { tokenAnswer } from './api/auth';

/** What the renderer may know of the session: never a token. */
export interface SessionView {
  signedIn: boolean;
  username: string | null;
  /** Subject claim of the access token (the spec's User-Id). */
  userId: string | null;
  roles: string[];
}

export const SIGNED_OUT: SessionView = { signedIn: false, username: null, userId: null, roles: [] };

export type SignOutReason = 'user' | 'expired' | 'revoked';

/** Bound generously: the spec sets no limits, but a megabyte of "username" is not a username. */
export const signInPayloadSchema = z.object({
  username: z.string().max(256),
  password: z.string().max(1024),
});
export type SignInPayload = z.infer<typeof signInPayloadSchema>;

/** The token endpoint's answer as core reads it (SPEC.md 7: access_token, refresh_token, id_token). */
export type TokenAnswer = z.infer<typeof tokenAnswer>;

/** The claims the console reads from an access token. */
export const accessClaimsSchema = z.object({
  /** The User-Id header; a token without it still signs in (no header is sent then). */
  sub: z.string().optional().catch(undefined),
  preferred_username: z.string().optional().catch(undefined),
  /** SPEC.md 5: no roles claim, no refusal; realm_access without roles is no roles claim. */
  realm_access: z
    .object({ roles: z.array(z.string()).optional().catch(undefined) })
    .optional()
    .catch(undefined),
  exp: z.number().optional().catch(undefined),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;
