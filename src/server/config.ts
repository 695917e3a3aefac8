import { isIP } from 'node:net';
import { z } from 'zod';
import {
  DEFAULT_PASSWORD_KEY,
  SIGN_IN_CLIENT_ID,
  DEFAULT_REFRESH_CLIENT_ID,
} from '../shared/constants';
import { checkPasswordKey } from '../shared/passwordKey';
import { DEFAULT_MAX_KEYS, type Limit } from './auth/attemptLimiter';
import type { OAuthClient } from './auth/oauthClients';
import { OWASP_SCRYPT, type ScryptCost } from './auth/passwordHash';

export interface ServerConfig {
  host: string;
  port: number;
  /** PEM files the server serves HTTPS with; null serves plain HTTP. */
  tls: { certFile: string; keyFile: string } | null;
  /**
   * A proxy in front of the server terminates TLS, so plain HTTP beyond loopback is intended
   * (without it, such a server refuses to start: src/server/http/listenPolicy.ts).
   */
  tlsTerminatedByProxy: boolean;
  /**
   * The proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; empty trusts
   * none, and the client is the connection's peer.
   */
  trustProxy: string[];
  /** PGlite data folder; null keeps the database in memory. Ignored when databaseUrl is set. */
  dataDir: string | null;
  databaseUrl: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * Absolute lifetime of a session: past it, refreshing is refused however often the refresh
   * token was rotated, and the user signs in again.
   */
  sessionMaxAgeSeconds: number;
  /**
   * How long after a rotation the refresh token it replaced is still honoured, for a client that
   * never received the rotation's answer. Later, presenting it is reuse and ends the session.
   */
  refreshGraceSeconds: number;
  /** scrypt cost of new password hashes: OWASP's; tests pass a lower one explicitly. */
  passwordHashCost: ScryptCost;
  /**
   * Failed sign-ins per username, failed sign-ins per address, refreshes per address, and how
   * many keys (usernames, addresses) each of the three holds at most.
   */
  throttle: {
    signInPerUser: Limit;
    signInPerAddress: Limit;
    refreshPerAddress: Limit;
    maxKeys: number;
  };
  passwordKey: string;
  /**
   * The clients tokens are issued to: each sign-in client id with the refresh client id beside it
   * (auth/oauthClients.ts). A refresh token is refreshed only by its own pair.
   */
  clients: OAuthClient[];
  /** Seed demo data into an empty database. */
  seedDemoData: boolean;
  /**
   * This process groups arriving tweets and news into stories as they come (issue 48's worker).
   * DQC_STORIES=false: it does not, and arrivals wait in the queue for a process that does.
   */
  groupStories: boolean;
}

const positiveInt = z.coerce.number().int().positive();
const booleanSetting = z.enum(['true', 'false']).transform((value) => value === 'true');

export const DEFAULT_SERVER_PORT = 8787;

/**
 * Reads the server's settings from the environment (docs/configuration.md, Running the reference
 * server alone).
 */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const problems: string[] = [];
  const read = <T>(name: string, schema: z.ZodType<T>, fallback: T, expected?: string): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      problems.push(
        `${name}=${JSON.stringify(raw)} is not valid${expected ? `: ${expected}` : ''}`,
      );
      return fallback;
    }
    return parsed.data;
  };
  const port = read(
    'DQC_SERVER_PORT',
    z.coerce.number().int().min(0).max(65535),
    DEFAULT_SERVER_PORT,
  );
  const tlsCert = env.DQC_TLS_CERT || null;
  const tlsKey = env.DQC_TLS_KEY || null;
  if ((tlsCert === null) !== (tlsKey === null))
    problems.push(
      `${tlsCert ? 'DQC_TLS_CERT' : 'DQC_TLS_KEY'} is set without ${tlsCert ? 'DQC_TLS_KEY' : 'DQC_TLS_CERT'}: set both (the certificate and its private key, PEM files) or neither`,
    );
  const config: ServerConfig = {
    host: env.DQC_SERVER_HOST || '127.0.0.1',
    port,
    tls: tlsCert && tlsKey ? { certFile: tlsCert, keyFile: tlsKey } : null,
    tlsTerminatedByProxy: read(
      'DQC_TLS_BY_PROXY',
      booleanSetting,
      false,
      'set it to true or false',
    ),
    trustProxy: readTrustProxy(env.DQC_TRUST_PROXY, problems),
    dataDir: env.DQC_DATA_DIR || '.data/server',
    databaseUrl: env.DATABASE_URL || null,
    accessTokenTtlSeconds: read('DQC_ACCESS_TOKEN_TTL', positiveInt, 300),
    refreshTokenTtlSeconds: read('DQC_REFRESH_TOKEN_TTL', positiveInt, 30 * 24 * 3600),
    sessionMaxAgeSeconds: read('DQC_SESSION_MAX_AGE', positiveInt, 12 * 3600),
    refreshGraceSeconds: read('DQC_REFRESH_GRACE', z.coerce.number().int().min(0), 30),
    passwordHashCost: OWASP_SCRYPT,
    throttle: {
      signInPerUser: {
        limit: read('DQC_SIGN_IN_USER_LIMIT', positiveInt, 10),
        windowSeconds: read('DQC_SIGN_IN_USER_WINDOW', positiveInt, 300),
      },
      signInPerAddress: {
        limit: read('DQC_SIGN_IN_ADDRESS_LIMIT', positiveInt, 30),
        windowSeconds: read('DQC_SIGN_IN_ADDRESS_WINDOW', positiveInt, 60),
      },
      refreshPerAddress: {
        limit: read('DQC_REFRESH_ADDRESS_LIMIT', positiveInt, 600),
        windowSeconds: read('DQC_REFRESH_ADDRESS_WINDOW', positiveInt, 60),
      },
      maxKeys: read(
        'DQC_THROTTLE_MAX_KEYS',
        positiveInt,
        DEFAULT_MAX_KEYS,
        'set it to a whole number above 0',
      ),
    },
    passwordKey: env.DQC_PASSWORD_KEY || DEFAULT_PASSWORD_KEY,
    clients: [
      {
        signInId: SIGN_IN_CLIENT_ID,
        refreshId: env.DQC_REFRESH_CLIENT_ID || DEFAULT_REFRESH_CLIENT_ID,
      },
    ],
    seedDemoData: env.DQC_SEED !== 'false',
    groupStories: env.DQC_STORIES !== 'false',
  };
  const keyProblem = checkPasswordKey(config.passwordKey);
  if (keyProblem) problems.push(`DQC_PASSWORD_KEY: ${keyProblem}`);
  if (problems.length > 0) throw new Error(`Invalid server settings: ${problems.join('; ')}`);
  return config;
}

/**
 * DQC_TRUST_PROXY: the proxies' addresses or CIDR ranges, comma-separated. "Trust every proxy"
 * (Fastify's `true`) and hop counts are not offered: either would let a client that reaches the
 * server directly name any address it likes in X-Forwarded-For, and so escape the per-address
 * throttle.
 */
function readTrustProxy(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0)
    problems.push(
      `DQC_TRUST_PROXY=${JSON.stringify(raw)} is not valid (${wrong.map((entry) => JSON.stringify(entry)).join(', ')}): list the proxies' addresses or CIDR ranges, comma-separated, such as 10.0.0.5,10.1.0.0/16`,
    );
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
