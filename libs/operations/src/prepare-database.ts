import type { Logger } from '@propfolio/core';
import type { Database } from '@propfolio/db';

/**
 * Brings an open (already migrated) database to serving state: the reviewed catalog files imported.
 * Idempotent, so every start and every `npm run db:migrate` may call it.
 */
export async function prepareDatabase(_db: Database, _logger: Logger): Promise<void> {
  // The catalog import is wired here once libs/catalog exists.
}
