import { importCatalog } from '@propfolio/catalog';
import type { Logger } from '@propfolio/core';
import type { Database } from '@propfolio/db';

/**
 * Brings an open (already migrated) database to serving state: the reviewed catalog files imported.
 * Idempotent (content hashes), so every start and every `npm run db:migrate` may call it.
 */
export async function prepareDatabase(db: Database, logger: Logger): Promise<void> {
  const report = await importCatalog(db);
  const changed = report.firms + report.plans + report.articles + report.priceChanges + report.ruleChanges;
  logger.info(changed > 0 ? 'catalog imported' : 'catalog up to date', { ...report });
}
