import type { Config } from '#core/config/config.ts';
import { type Database, openDatabase } from './database.ts';

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: Math.max(2, Math.ceil(config.databasePoolSize / config.workers)),
      })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir, queueTimeoutMs: config.databaseQueueTimeoutMs });
}
