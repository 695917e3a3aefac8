import { z } from 'zod';
import {
  DEFAULT_PASSWORD_KEY,
  SIGN_IN_CLIENT_ID,
  DEFAULT_REFRESH_CLIENT_ID,
} from '../shared/constants';
import { checkPasswordKey } from '../shared/passwordKey';

export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite data folder; null keeps the database in memory. Ignored when databaseUrl is set. */
  dataDir: string | null;
  databaseUrl: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordKey: string;
  clientIds: string[];
  /** Seed demo data into an empty database. */
  seedDemoData: boolean;
}

const positiveInt = z.coerce.number().int().positive();

export const DEFAULT_SERVER_PORT = 8787;

/** Reads the server's settings from the environment (README: "Running the server alone"). */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const problems: string[] = [];
  const read = <T>(name: string, schema: z.ZodType<T>, fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${name}=${JSON.stringify(raw)} is not valid`);
      return fallback;
    }
    return parsed.data;
  };
  const port = read(
    'DQC_SERVER_PORT',
    z.coerce.number().int().min(0).max(65535),
    DEFAULT_SERVER_PORT,
  );
  const config: ServerConfig = {
    host: env.DQC_SERVER_HOST || '127.0.0.1',
    port,
    dataDir: env.DQC_DATA_DIR || '.data/server',
    databaseUrl: env.DATABASE_URL || null,
    accessTokenTtlSeconds: read('DQC_ACCESS_TOKEN_TTL', positiveInt, 300),
    refreshTokenTtlSeconds: read('DQC_REFRESH_TOKEN_TTL', positiveInt, 30 * 24 * 3600),
    passwordKey: env.DQC_PASSWORD_KEY || DEFAULT_PASSWORD_KEY,
    clientIds: [
      ...new Set([SIGN_IN_CLIENT_ID, DEFAULT_REFRESH_CLIENT_ID, env.DQC_REFRESH_CLIENT_ID ?? '']),
    ].filter(Boolean),
    seedDemoData: env.DQC_SEED !== 'false',
  };
  const keyProblem = checkPasswordKey(config.passwordKey);
  if (keyProblem) problems.push(`DQC_PASSWORD_KEY: ${keyProblem}`);
  if (problems.length > 0) throw new Error(`Invalid server settings: ${problems.join('; ')}`);
  return config;
}
