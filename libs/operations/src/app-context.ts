import { createLogger, type Caller, type Config, type Logger, type Operation } from '@propfolio/core';
import { openDatabase, type Database } from '@propfolio/db';
import { createRateLimiter, type RateLimiter } from './rate-limit/index.js';
import type { IdempotencyPort } from './idempotency-port.js';
import { prepareDatabase } from './prepare-database.js';
import { buildOperations, type Authenticator } from './registry.js';

/**
 * Everything a front door needs, opened once per process: configuration, logger, database (migrated,
 * catalog imported), the operations and the key authenticator. REST and MCP each take one of these.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  db: Database;
  operations: readonly Operation[];
  authenticate: Authenticator;
  /** Absent only where no key operations exist. */
  idempotency?: IdempotencyPort;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
}

export async function openAppContext(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<AppContext> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (db.migrations.applied.length > 0) logger.info('migrations applied', { applied: db.migrations.applied });
  try {
    await prepareDatabase(db, logger);
    const { operations, authenticate, idempotency } = await buildOperations(db, config, logger);
    const rateLimiter = createRateLimiter(config, logger);
    return {
      config,
      logger,
      db,
      operations,
      authenticate,
      ...(idempotency ? { idempotency } : {}),
      rateLimiter,
      close: async () => {
        await rateLimiter.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

export type { Caller };
