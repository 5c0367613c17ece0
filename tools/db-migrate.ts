/**
 * `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR) and imports the catalog files. Safe to run again and alongside running apps
 * on PostgreSQL (migrations take an advisory lock).
 */
import { ConfigError, createLogger, loadConfig } from '@propfolio/core';
import { openDatabase } from '@propfolio/db';
import { prepareDatabase } from '@propfolio/bootstrap';

try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { service: 'db-migrate' });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { applied, alreadyApplied } = db.migrations;
    logger.info(applied.length > 0 ? 'migrations applied' : 'database is up to date', { applied, alreadyApplied });
    await prepareDatabase(db, logger);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
