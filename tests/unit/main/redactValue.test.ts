import { inspect, isDeepStrictEqual } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { LOG_INSPECT_OPTIONS, REDACTED, redactLogCall } from '../../../src/main/core/logRedaction';
import { redactValue } from '../../../src/main/core/redaction/redactValue';

/** The structured half of the log redaction: a printable copy, the original left alone. */

const SECRET = 'sEcReT-4f2a9b';
const printed = (value: unknown) =>
  inspect(redactValue(value, LOG_INSPECT_OPTIONS), LOG_INSPECT_OPTIONS);

describe('redactValue', () => {
  it("never changes the caller's value, even a frozen one", () => {
    const error = Object.assign(new Error('failed'), {
      config: { headers: { Authorization: `Bearer ${SECRET}` }, data: `password=${SECRET}` },
    });
    const value = {
      error,
      map: new Map([['refreshToken', SECRET]]),
      list: ['Set-Cookie', `SESSION=${SECRET}`],
      nested: Object.freeze({ token: SECRET, deeper: Object.freeze({ cookie: SECRET }) }),
    };
    const before = {
      ...value,
      map: new Map(value.map),
      list: [...value.list],
      errorProps: { ...error, config: { ...error.config, headers: { ...error.config.headers } } },
    };
    expect(printed(value)).not.toContain(SECRET);
    expect(isDeepStrictEqual(value.map, before.map)).toBe(true);
    expect(value.list).toEqual(before.list);
    expect({ ...error }).toEqual(before.errorProps);
    expect(value.nested.token).toBe(SECRET);
  });

  it('never calls a getter, and shows it as inspect does', () => {
    const get = vi.fn(() => SECRET);
    const value = Object.defineProperty({ user: 'bob' }, 'password', { get, enumerable: true });
    expect(printed(value)).toBe("{ user: 'bob', password: [Getter] }");
    expect(get).not.toHaveBeenCalled();
  });

  it('keeps class names, circular references and whether a secret is there at all', () => {
    class Session {
      refreshToken: string | null = null;
      password = '';
      signedIn = false;
      self: Session = this;
    }
    expect(printed(new Session())).toBe(
      "<ref *1> Session { refreshToken: null, password: '', signedIn: false, self: [Circular *1] }",
    );
  });

  it('prints an error with its class, stack and cause, secrets removed from all three', () => {
    class AxiosLikeError extends Error {
      constructor(message: string, cause: unknown) {
        super(message, { cause });
        this.name = 'AxiosLikeError';
      }
    }
    const cause = new Error(`refresh_token=${SECRET} refused`);
    const text = printed(new AxiosLikeError(`Bearer ${SECRET} refused`, cause));
    expect(text).toMatch(/^AxiosLikeError: Bearer \[redacted\] refused\n {4}at /);
    expect(text).toContain('[cause]: Error: refresh_token=[redacted] refused');
    expect(text).not.toContain(SECRET);
  });

  it('shows an object with toJSON as toJSON gives it, or by its properties if toJSON throws', () => {
    expect(printed({ toJSON: () => ({ idToken: SECRET, user: 'bob' }) })).toBe(
      `{ idToken: '${REDACTED}', user: 'bob' }`,
    );
    const broken = {
      apiKey: SECRET,
      toJSON() {
        throw new Error('no');
      },
    };
    expect(printed(broken)).toBe(`{ apiKey: '${REDACTED}', toJSON: [Function: toJSON] }`);
  });

  it("reads a Proxy's target without calling its traps", () => {
    const get = vi.fn(() => {
      throw new Error('trap');
    });
    const text = printed(new Proxy({ password: SECRET, user: 'bob' }, { get, ownKeys: get }));
    expect(text).not.toContain(SECRET);
    expect(text).toContain("user: 'bob'");
    expect(get).not.toHaveBeenCalled();
  });

  it('stops where the log stops: depth 5, 100 items', () => {
    const deep = { a: { b: { c: { d: { e: { f: { token: SECRET } } } } } } };
    expect(printed(deep)).toContain('f: [Object]');
    expect(printed(deep)).not.toContain('token');
    const long = Array.from({ length: 150 }, (_, index) => `item ${index}`);
    expect(printed(long)).toMatch(/'item 98',\s+\.\.\. 51 more items\s+\]$/);
  });

  it('shows bytes that are text as redacted text, and other bytes by their size only', () => {
    expect(printed(Buffer.from(`password=${SECRET}&user=bob`))).toBe(
      `<Buffer 'password=${REDACTED}&user=bob'>`,
    );
    expect(printed(Uint8Array.from([0, 1, 2, 250]))).toBe('<Uint8Array 4 bytes>');
  });
});

describe('redactLogCall', () => {
  it('formats the call as util.format does, then redacts the line', () => {
    expect(redactLogCall(['Sign-in with password=%s for %s', SECRET, 'bob'])).toBe(
      `Sign-in with password=${REDACTED} for bob`,
    );
    expect(redactLogCall(['password:', SECRET])).toBe(`password: ${REDACTED}`);
    expect(redactLogCall(['%j', { token: SECRET, user: 'bob' }])).toBe(
      `{"token":"${REDACTED}","user":"bob"}`,
    );
    expect(redactLogCall(['%d items', 3])).toBe('3 items');
  });
});
