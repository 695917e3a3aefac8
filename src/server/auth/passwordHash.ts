import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt from Node's own crypto: no native add-on to build, memory-hard, salted. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1 (128 MiB, well under a second). */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;

/**
 * scrypt needs 128 * N * r bytes; Node refuses anything above `maxmem` (32 MiB by default, too
 * little for OWASP's cost), so it is given twice what the parameters need.
 */
const maxmemFor = (cost: ScryptCost) => 2 * 128 * cost.N * cost.r;

/**
 * Parameters read from a stored hash are used only within these bounds: a damaged or planted
 * hash must not make one sign-in allocate gigabytes.
 */
const withinBounds = ({ N, r, p }: ScryptCost) =>
  Number.isInteger(Math.log2(N)) &&
  N >= 2 &&
  N <= 2 ** 20 &&
  r >= 1 &&
  r <= 32 &&
  p >= 1 &&
  p <= 16;

function scrypt(password: string, salt: Buffer, keylen: number, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: maxmemFor(cost) };
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The stored form: scrypt$N$r$p$salt$key, so a hash keeps verifying when the cost changes. */
export async function hashPassword(password: string, cost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !saltB64 || !keyB64 || !withinBounds(cost)) return null;
  return { cost, salt: Buffer.from(saltB64, 'base64'), key: Buffer.from(keyB64, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const actual = await scrypt(password, parsed.salt, parsed.key.length, parsed.cost);
  return timingSafeEqual(parsed.key, actual);
}

/** Whether a stored hash was made at another cost than today's (it is redone at sign-in). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parse(stored);
  return (
    !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p
  );
}

/**
 * A hash no password matches, at the given cost: verifying against it for an unknown user takes
 * as long as a wrong password of a known one, so the answer's timing does not tell them apart.
 */
export const timingDummyHash = (cost: ScryptCost) =>
  [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    Buffer.alloc(16).toString('base64'),
    Buffer.alloc(KEY_LENGTH).toString('base64'),
  ].join('$');
