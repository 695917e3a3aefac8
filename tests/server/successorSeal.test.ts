/**
 * The seal of a used refresh token's successor (src/server/auth/successorSeal.ts): only the used
 * token opens it, so the database holds nothing a reader could present.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSuccessor, sealSuccessor } from '../../src/server/auth/successorSeal';

const token = () => randomBytes(32).toString('base64url');

describe('successor seal', () => {
  it('opens with the used token it was sealed under, and with no other', () => {
    const used = token();
    const successor = token();
    const seal = sealSuccessor(used, successor);
    expect(seal).not.toContain(successor);
    expect(openSuccessor(used, seal)).toBe(successor);
    expect(openSuccessor(token(), seal)).toBeNull();
    expect(openSuccessor(successor, seal)).toBeNull();
  });

  it('refuses an altered or cut seal', () => {
    const used = token();
    const seal = Buffer.from(sealSuccessor(used, token()), 'base64url');
    const altered = Buffer.from(seal);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(openSuccessor(used, altered.toString('base64url'))).toBeNull();
    expect(openSuccessor(used, seal.subarray(0, 20).toString('base64url'))).toBeNull();
    expect(openSuccessor(used, '')).toBeNull();
  });
});
