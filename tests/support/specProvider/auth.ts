/**
 * Auth of SPEC.md 7: POST /sign-in (password grant, AES-ECB password), POST /refresh (rotating
 * refresh tokens), POST /dqc-sign-out, and the bearer check of every data route. Tokens are
 * JWT-shaped but unsigned: the provider recognises them by lookup, not by signature.
 */
import CryptoJS from 'crypto-js';
import {
  ADMIN_ROLE,
  DEFAULT_PASSWORD_KEY,
  DEFAULT_REFRESH_CLIENT_ID,
  DEFAULT_REVIEWERS,
  SIGN_IN_CLIENT_ID,
  SIGN_IN_SCOPE,
} from '../../../src/shared/constants';
import { formBody, type RequestInput } from './body';
import { empty, forbidden, HttpError, json, unauthorized, type Reply } from './http';

const DEMO_PASSWORD = 'demo';

interface DemoUser {
  username: string;
  sub: string;
  /** realm_access as the token carries it; `roles` absent for the user without a roles claim. */
  realmAccess: { roles?: string[] };
}

export const DEMO_USERS: readonly DemoUser[] = [
  ...DEFAULT_REVIEWERS.map((username, index) => ({
    username,
    sub: `00000000-0000-4000-8000-00000000000${index + 1}`,
    realmAccess: { roles: [ADMIN_ROLE] },
  })),
  {
    username: 'viewer',
    sub: '00000000-0000-4000-8000-000000000004',
    realmAccess: { roles: ['USER'] },
  },
  { username: 'noroles', sub: '00000000-0000-4000-8000-000000000005', realmAccess: {} },
];

interface Session {
  id: string;
  user: DemoUser;
  idToken: string;
  /** The one refresh token that may still be used. */
  refreshToken: string;
  ended: boolean;
}

interface AccessGrant {
  session: Session;
  /** Expiry in seconds since the epoch, as in the token's exp claim. */
  exp: number;
}

function jwtShaped(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.unsigned`;
}

function oauthError(status: number, error: string, description?: string): never {
  throw new HttpError(
    json(description ? { error, error_description: description } : { error }, status),
  );
}

/** The password the client sent, decrypted with the default key; null if it does not decrypt. */
export function decryptPassword(cipherText: string): string | null {
  try {
    const plain = CryptoJS.AES.decrypt(cipherText, CryptoJS.enc.Utf8.parse(DEFAULT_PASSWORD_KEY), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(CryptoJS.enc.Utf8);
    return plain === '' ? null : plain;
  } catch {
    return null;
  }
}

/** Who a live access token belongs to. */
export interface Caller {
  username: string;
  sub: string;
  admin: boolean;
}

export class AuthStore {
  private counter = 0;
  private readonly sessions = new Map<string, Session>();
  private readonly accessTokens = new Map<string, AccessGrant>();
  /** Refresh tokens ever issued, used or not, by token: a used one is refused. */
  private readonly refreshTokens = new Map<string, Session>();

  constructor(
    private readonly accessTokenTtlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private issue(session: Session): Reply {
    const n = ++this.counter;
    const iat = this.nowSeconds();
    const exp = iat + this.accessTokenTtlSeconds;
    const accessToken = jwtShaped({
      jti: `at-${n}`,
      sub: session.user.sub,
      preferred_username: session.user.username,
      realm_access: session.user.realmAccess,
      sid: session.id,
      azp: SIGN_IN_CLIENT_ID,
      typ: 'Bearer',
      iat,
      exp,
    });
    session.refreshToken = `rt-${session.id}-${n}`;
    this.accessTokens.set(accessToken, { session, exp });
    this.refreshTokens.set(session.refreshToken, session);
    return json({
      access_token: accessToken,
      expires_in: this.accessTokenTtlSeconds,
      refresh_expires_in: 1800,
      refresh_token: session.refreshToken,
      token_type: 'Bearer',
      id_token: session.idToken,
      'not-before-policy': 0,
      session_state: session.id,
      scope: 'openid profile email',
    });
  }

  /** POST /sign-in */
  signIn(input: RequestInput): Reply {
    const form = formBody(input);
    if (form.get('grant_type') !== 'password') oauthError(400, 'unsupported_grant_type');
    if (form.get('client_id') !== SIGN_IN_CLIENT_ID) oauthError(401, 'invalid_client');
    if (form.get('scope') !== SIGN_IN_SCOPE) oauthError(400, 'invalid_scope');
    const user = DEMO_USERS.find((candidate) => candidate.username === form.get('username'));
    const password = decryptPassword(form.get('password') ?? '');
    if (!user || password !== DEMO_PASSWORD) {
      oauthError(401, 'invalid_grant', 'Invalid user credentials');
    }
    const id = `s${this.sessions.size + 1}`;
    const session: Session = {
      id,
      user,
      idToken: jwtShaped({
        sub: user.sub,
        preferred_username: user.username,
        sid: id,
        typ: 'ID',
        aud: SIGN_IN_CLIENT_ID,
      }),
      refreshToken: '',
      ended: false,
    };
    this.sessions.set(id, session);
    return this.issue(session);
  }

  /** POST /refresh: a used, unknown or signed-out refresh token is invalid_grant. */
  refresh(input: RequestInput): Reply {
    const form = formBody(input);
    if (form.get('grant_type') !== 'refresh_token') oauthError(400, 'unsupported_grant_type');
    if (form.get('client_id') !== DEFAULT_REFRESH_CLIENT_ID) oauthError(401, 'invalid_client');
    const token = form.get('refresh_token') ?? '';
    const session = this.refreshTokens.get(token);
    if (!session || session.ended || session.refreshToken !== token) {
      oauthError(400, 'invalid_grant');
    }
    return this.issue(session);
  }

  /** POST /dqc-sign-out: needs a live bearer token and the Id-Token of the same session. */
  signOut(authorization: string | undefined, idToken: string | undefined): Reply {
    const grant = this.grantOf(authorization);
    if (!grant) return unauthorized();
    if (idToken !== grant.session.idToken) oauthError(400, 'invalid_request', 'Id-Token mismatch');
    grant.session.ended = true;
    return empty();
  }

  private grantOf(authorization: string | undefined): AccessGrant | undefined {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    const grant = match?.[1] ? this.accessTokens.get(match[1]) : undefined;
    if (!grant || grant.session.ended || grant.exp <= this.nowSeconds()) return undefined;
    return grant;
  }

  /** The bearer check of a data route: 401 without a live token, 403 without ADMIN. */
  authorize(authorization: string | undefined): Caller | Reply {
    const grant = this.grantOf(authorization);
    if (!grant) return unauthorized();
    const { user } = grant.session;
    const admin = user.realmAccess.roles?.includes(ADMIN_ROLE) ?? false;
    if (!admin) return forbidden();
    return { username: user.username, sub: user.sub, admin };
  }
}
