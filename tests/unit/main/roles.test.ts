import { describe, expect, it } from 'vitest';
import { isRefusedForRole, readAccessClaims } from '../../../src/main/core/session/roles';
import { fakeJwt } from '../../support/fakeJwt';

describe('ADMIN role check (SPEC.md 5)', () => {
  const claims = (extra: Record<string, unknown>) =>
    readAccessClaims(fakeJwt({ sub: 'u1', ...extra }))!;

  it('allows a token whose realm roles include ADMIN', () => {
    expect(isRefusedForRole(claims({ realm_access: { roles: ['REVIEWER', 'ADMIN'] } }))).toBe(
      false,
    );
  });

  it('refuses a token whose realm roles lack ADMIN', () => {
    expect(isRefusedForRole(claims({ realm_access: { roles: ['VIEWER'] } }))).toBe(true);
  });

  it('refuses an empty roles list', () => {
    expect(isRefusedForRole(claims({ realm_access: { roles: [] } }))).toBe(true);
  });

  it('allows a token with no roles claim at all', () => {
    expect(isRefusedForRole(claims({}))).toBe(false);
  });

  it('is case-sensitive: "admin" is not ADMIN', () => {
    expect(isRefusedForRole(claims({ realm_access: { roles: ['admin'] } }))).toBe(true);
  });

  it('reads nothing from a token that is not a JWT', () => {
    expect(readAccessClaims('not-a-jwt')).toBeNull();
    expect(readAccessClaims(fakeJwt({ noSub: true }))).toBeNull();
  });
});
