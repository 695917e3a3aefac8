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
    expect(readAccessClaims('')).toBeNull();
    expect(readAccessClaims('a.b.c')).toBeNull();
  });

  it('reads a JWT without sub: no User-Id, but the token is readable', () => {
    const read = readAccessClaims(fakeJwt({ preferred_username: 'x' }));
    expect(read).not.toBeNull();
    expect(read!.sub).toBeUndefined();
    expect(read!.preferred_username).toBe('x');
  });

  it('allows realm_access without roles: no roles claim, no refusal (SPEC.md 5)', () => {
    const read = claims({ realm_access: {} });
    expect(read.realm_access?.roles).toBeUndefined();
    expect(isRefusedForRole(read)).toBe(false);
  });

  it('ignores claims of the wrong type instead of refusing the token', () => {
    const read = readAccessClaims(
      fakeJwt({ sub: 5, preferred_username: ['a'], realm_access: { roles: 'ADMIN' }, exp: 'x' }),
    );
    expect(read).toEqual({
      sub: undefined,
      preferred_username: undefined,
      realm_access: { roles: undefined },
      exp: undefined,
    });
    expect(isRefusedForRole(read!)).toBe(false);
    expect(claims({ realm_access: 'ADMIN' }).realm_access).toBeUndefined();
  });
});
