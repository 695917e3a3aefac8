/**
 * Sign-in and refresh are throttled (RELIABILITY.md, "Sign-in and refresh throttled"): failed
 * sign-ins per username and per address, refreshes per address. Too many is a 429 with Retry-After
 * and a sentence the login form shows as it is. Successful sign-ins never count, so a suite may
 * sign in hundreds of times.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

  it('keeps memory bounded under a flood of keys', () => {
    const limiter = new AttemptLimiter({ limit: 1, windowSeconds: 60 }, 100);
    for (let i = 0; i < 1000; i++) limiter.record(`k${i}`, 10);
    // The most recent keys are still counted; the oldest were let go.
    expect(limiter.retryAfterSeconds('k999', 11)).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds('k0', 11)).toBe(0);
  });
});

describe('throttled sign-in and refresh', () => {
  const api = useServer({
    user: null,
    config: {
      throttle: {
        signInPerUser: { limit: 3, windowSeconds: 300 },
        signInPerAddress: { limit: 5, windowSeconds: 60 },
        refreshPerAddress: { limit: 4, windowSeconds: 60 },
      },
    },
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  // Each request from an address of its own: the throttles count per address.
  const signIn = (username: string, password: string, remoteAddress: string) =>
    api.inject({
      ...requestOf('auth.signIn', { body: signInForm(username, password) }),
      remoteAddress,
    });
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
});
