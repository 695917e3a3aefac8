/**
 * Sign-in and refresh are throttled (RELIABILITY.md, "Sign-in and refresh throttled"): failed
 * sign-ins per username and per address, refreshes per address. Too many is a 429 with Retry-After
 * and a sentence the login form shows as it is. Successful sign-ins never count, so a suite may
 * sign in hundreds of times.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { throttleKeyOfAddress } from '../../src/server/auth/addressKey';
import { AttemptLimiter } from '../../src/server/auth/attemptLimiter';
import { requestOf, useServer } from '../support/serverHarness';
import { signInForm } from '../support/testServer';

describe('AttemptLimiter', () => {
  it('allows `limit` attempts in the window, then says how many whole seconds to wait', () => {
    const limiter = new AttemptLimiter({ limit: 3, windowSeconds: 60 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('k', t0 + i * 1000)).toBe(0);
      limiter.record('k', t0 + i * 1000);
    }
    expect(limiter.retryAfterSeconds('k', t0 + 2000)).toBe(58);
    expect(limiter.retryAfterSeconds('k', t0 + 59_500)).toBe(1);
    expect(limiter.retryAfterSeconds('k', t0 + 60_000)).toBe(0);
    expect(limiter.retryAfterSeconds('other', t0 + 2000)).toBe(0);
  });

  it('takes back a released attempt and forgets a cleared key', () => {
    const limiter = new AttemptLimiter({ limit: 2, windowSeconds: 60 });
    limiter.record('k', 1);
    limiter.record('k', 2);
    expect(limiter.retryAfterSeconds('k', 3)).toBeGreaterThan(0);
    limiter.release('k', 2);
    expect(limiter.retryAfterSeconds('k', 3)).toBe(0);
    limiter.record('k', 4);
    limiter.clear('k');
    expect(limiter.retryAfterSeconds('k', 5)).toBe(0);
  });

  it('a flood of fresh keys never flushes a limited key, and the table stays at its bound', () => {
    const limiter = new AttemptLimiter({ limit: 3, windowSeconds: 60 }, { maxKeys: 100 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) limiter.record('victim', t0);
    // Two of three: under the limit, but more than any key of the flood.
    for (let i = 0; i < 2; i++) limiter.record('almost', t0);
    let largest = 0;
    for (let i = 0; i < 10_000; i++) {
      const now = t0 + 1 + i;
      if (limiter.retryAfterSeconds(`flood${i}`, now) === 0) limiter.record(`flood${i}`, now);
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(100);
    expect(limiter.retryAfterSeconds('victim', t0 + 20_000)).toBe(40);
    // Keys under the limit go fewest attempts first, least recent first among equals.
    limiter.record('almost', t0 + 20_000);
    expect(limiter.retryAfterSeconds('almost', t0 + 20_000)).toBe(40);
    expect(limiter.retryAfterSeconds('flood9999', t0 + 20_000)).toBe(0);
    limiter.record('flood9999', t0 + 20_000);
    expect(limiter.retryAfterSeconds('flood0', t0 + 20_000)).toBe(0);
  });

  it('while limited keys fill the table, a new key waits (and is not stored) until enough are free', () => {
    const limiter = new AttemptLimiter({ limit: 1, windowSeconds: 60 }, { maxKeys: 10 });
    const t0 = 1_000_000;
    for (let i = 0; i < 10; i++) limiter.record(`k${i}`, t0 + i * 1000);
    // Down to 9 of 10 takes one key free: k0, at t0 + 60 s.
    expect(limiter.retryAfterSeconds('new', t0 + 10_000)).toBe(50);
    limiter.record('new', t0 + 10_000);
    expect(limiter.size).toBe(10);
    expect(limiter.retryAfterSeconds('new', t0 + 30_000)).toBe(30);
    for (let i = 0; i < 10; i++)
      expect(limiter.retryAfterSeconds(`k${i}`, t0 + 30_000)).toBe(30 + i);
    expect(limiter.retryAfterSeconds('new', t0 + 60_000)).toBe(0);
    limiter.record('new', t0 + 60_000);
    expect(limiter.retryAfterSeconds('new', t0 + 60_000)).toBe(60);
    expect(limiter.retryAfterSeconds('k1', t0 + 60_000)).toBe(1);
    expect(limiter.size).toBe(10);
  });

  it('a key that signed in (cleared) makes room for a new key at once', () => {
    const limiter = new AttemptLimiter({ limit: 1, windowSeconds: 60 }, { maxKeys: 10 });
    for (let i = 0; i < 10; i++) limiter.record(`k${i}`, 1_000_000);
    expect(limiter.retryAfterSeconds('new', 1_000_001)).toBeGreaterThan(0);
    limiter.clear('k3');
    expect(limiter.retryAfterSeconds('new', 1_000_001)).toBe(0);
    limiter.record('new', 1_000_001);
    expect(limiter.retryAfterSeconds('new', 1_000_001)).toBe(60);
  });

  it('counts IPv6 addresses by their /64 and IPv4-mapped ones as IPv4', () => {
    const same = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0009',
      'fe80::1%eth0',
    ].map(throttleKeyOfAddress);
    expect(same.slice(0, 3)).toEqual([
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
    ]);
    expect(same[3]).toBe('fe80:0:0:0::/64');
    expect(throttleKeyOfAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleKeyOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleKeyOfAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(throttleKeyOfAddress('::ffff:a00:1')).toBe('10.0.0.1');
    expect(throttleKeyOfAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(throttleKeyOfAddress('not an address')).toBe('not an address');
  });
});

/** The one proxy the suite's server believes X-Forwarded-For from. */
const TRUSTED_PROXY = '10.9.0.1';

describe('throttled sign-in and refresh', () => {
  const api = useServer({
    user: null,
    config: {
      throttle: {
        signInPerUser: { limit: 3, windowSeconds: 300 },
        signInPerAddress: { limit: 5, windowSeconds: 60 },
        refreshPerAddress: { limit: 4, windowSeconds: 60 },
        maxKeys: 10,
      },
      trustProxy: [TRUSTED_PROXY],
    },
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  // Each request from an address of its own: the throttles count per address.
  const signIn = (
    username: string,
    password: string,
    remoteAddress: string,
    forwardedFor?: string,
  ) => {
    const request = requestOf('auth.signIn', { body: signInForm(username, password) });
    const headers = {
      ...request.headers,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    };
    return api.inject({ ...request, headers, remoteAddress });
  };
  const refresh = (token: string, remoteAddress: string) =>
    api.inject({
      ...requestOf('auth.refresh', {
        body: {
          grant_type: 'refresh_token',
          client_id: 'data-quality-center',
          refresh_token: token,
        },
      }),
      remoteAddress,
    });
  const expectTooMany = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
    expect(res.json()).toEqual({
      error: 'too_many_requests',
      error_description: `${what} Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    });
    return seconds;
  };

  it('signs in many times from one address: successes never count', async () => {
    for (let i = 0; i < 12; i++)
      expect((await signIn('reviewer1', 'demo', '10.0.0.1')).statusCode).toBe(200);
  });

  it('after 3 failed sign-ins of a user, even the right password waits (429), other users do not', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn('Reviewer2 ', 'wrong', `10.0.1.${i}`)).statusCode).toBe(401);
    const seconds = expectTooMany(
      await signIn('reviewer2', 'demo', '10.0.1.9'),
      'Too many sign-in attempts.',
    );
    expect(seconds).toBeGreaterThan(290);
    expect(seconds).toBeLessThanOrEqual(300);
    expect((await signIn('reviewer3', 'demo', '10.0.1.9')).statusCode).toBe(200);
  });

  it('after 5 failed sign-ins from an address (any users), that address waits; others do not', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(`nobody${i}`, 'x', '10.0.2.1')).statusCode).toBe(401);
    const seconds = expectTooMany(
      await signIn('reviewer3', 'demo', '10.0.2.1'),
      'Too many sign-in attempts.',
    );
    expect(seconds).toBeLessThanOrEqual(60);
    expect((await signIn('reviewer3', 'demo', '10.0.2.2')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of its user', async () => {
    for (let i = 0; i < 2; i++) await signIn('viewer', 'wrong', '10.0.3.1');
    expect((await signIn('viewer', 'demo', '10.0.3.1')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await signIn('viewer', 'wrong', '10.0.3.1');
    expect((await signIn('viewer', 'demo', '10.0.3.1')).statusCode).toBe(200);
  });

  it('throttles refreshes per address, and lets them through again after the wait', async () => {
    const first = await signIn('reviewer1', 'demo', '10.0.4.1');
    let token = first.json<{ refresh_token: string }>().refresh_token;
    for (let i = 0; i < 4; i++) {
      const res = await refresh(token, '10.0.4.1');
      expect(res.statusCode).toBe(200);
      token = res.json<{ refresh_token: string }>().refresh_token;
    }
    const seconds = expectTooMany(await refresh(token, '10.0.4.1'), 'Too many requests.');
    expect((await refresh(token, '10.0.4.2')).statusCode).toBe(200);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + seconds * 1000);
    const later = await refresh(
      (await signIn('reviewer1', 'demo', '10.0.4.3')).json<{ refresh_token: string }>()
        .refresh_token,
      '10.0.4.1',
    );
    vi.restoreAllMocks();
    expect(later.statusCode).toBe(200);
  });

  it('a flood of sign-ins under fresh names and addresses leaves a limited user limited', async () => {
    for (let i = 0; i < 3; i++) await signIn('reviewer3', 'wrong', `10.0.6.${i}`);
    expectTooMany(await signIn('reviewer3', 'demo', '10.0.6.9'), 'Too many sign-in attempts.');
    // Four times the suite's bound of 10 keys, in each of the user and address tables.
    for (let i = 0; i < 40; i++)
      expect((await signIn(`flood${i}`, 'x', `10.1.0.${i}`)).statusCode).toBe(401);
    expectTooMany(await signIn('reviewer3', 'demo', '10.0.6.10'), 'Too many sign-in attempts.');
  });

  it('counts IPv6 clients by their /64: a new address in it waits, another /64 does not', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(`nobody${i}`, 'x', `2001:db8:7:1::${i + 1}`)).statusCode).toBe(401);
    expectTooMany(
      await signIn('viewer', 'demo', '2001:db8:7:1:abcd:ef01:2345:6789'),
      'Too many sign-in attempts.',
    );
    expect((await signIn('viewer', 'demo', '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('behind the trusted proxy, each client is counted by its X-Forwarded-For address', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(`nobody${i}`, 'x', TRUSTED_PROXY, '203.0.113.7')).statusCode).toBe(401);
    expectTooMany(
      await signIn('viewer', 'demo', TRUSTED_PROXY, '203.0.113.7'),
      'Too many sign-in attempts.',
    );
    // Another client of the same proxy is not locked out with it.
    expect((await signIn('viewer', 'demo', TRUSTED_PROXY, '203.0.113.8')).statusCode).toBe(200);
  });

  it('a client that is not the trusted proxy cannot name its own address', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn(`nobody${i}`, 'x', '10.0.7.1', `198.51.100.${i}`)).statusCode).toBe(401);
    expectTooMany(
      await signIn('viewer', 'demo', '10.0.7.1', '198.51.100.99'),
      'Too many sign-in attempts.',
    );
  });
});
