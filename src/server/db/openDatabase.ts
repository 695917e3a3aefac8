import type { ServerConfig } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pgliteDatabase';
import { openPostgresDatabase } from './postgresDatabase';

export function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl)
    : openPgliteDatabase(config.dataDir);
}
