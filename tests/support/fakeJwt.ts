/** An unsigned JWT-shaped string with the given claims: enough for code that only decodes. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.sig`;
}

export function fakeTokens(claims: Record<string, unknown>, suffix = '1') {
  return {
    access_token: fakeJwt({ ...claims, n: suffix }),
    refresh_token: `refresh-${suffix}`,
    id_token: fakeJwt({ sub: claims.sub, typ: 'ID', n: suffix }),
  };
}
