import type { ActiveSessions } from './auth/activeSessions';
import type { SigningKey } from './auth/signingKeys';
import type { ServerConfig } from './config';
import type { Database } from './db/database';

/** What every route plugin is given. */
export interface ServerContext {
  config: ServerConfig;
  db: Database;
  signingKey: SigningKey;
  sessions: ActiveSessions;
}
