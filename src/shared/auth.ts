import { z } from 'zod';

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

/** The token endpoint's answer (SPEC.md 7: access_token, refresh_token, id_token). */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  id_token: z.string().min(1),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The claims the console reads from an access token. */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  preferred_username: z.string().optional(),
  realm_access: z.object({ roles: z.array(z.string()) }).optional(),
  exp: z.number().optional(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export const userInfoSchema = z.object({
  sub: z.string(),
  preferred_username: z.string(),
  roles: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
