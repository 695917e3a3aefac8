import { jwtDecode } from 'jwt-decode';
import { accessClaimsSchema, type AccessClaims } from '../../../shared/auth';
import { ADMIN_ROLE } from '../../../shared/constants';

/** Reads the claims the console needs; null if the token is not a readable JWT. */
export function readAccessClaims(accessToken: string): AccessClaims | null {
  try {
    const parsed = accessClaimsSchema.safeParse(jwtDecode(accessToken));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * SPEC.md 5: refused only when the token has realm roles and ADMIN is not among them; a token
 * without a roles claim is allowed.
 */
export function isRefusedForRole(claims: AccessClaims): boolean {
  const roles = claims.realm_access?.roles;
  return roles !== undefined && !roles.includes(ADMIN_ROLE);
}
