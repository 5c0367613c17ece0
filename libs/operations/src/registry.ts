import { AppError, type Caller, type Config, type Logger, type Operation } from '@propfolio/core';
import { CatalogService } from '@propfolio/catalog';
import type { Database } from '@propfolio/db';
import { catalogOperations } from './public/catalog.js';
import type { IdempotencyPort } from './idempotency-port.js';

/** Resolves a raw API key to its caller, or throws AppError `invalid_token`. */
export type Authenticator = (rawKey: string) => Promise<Caller>;

/**
 * Builds every operation in its fixed, published order (private first, then public), and prepares the
 * database for serving: catalog import and, on an empty database, the local owner's first key.
 */
export async function buildOperations(
  db: Database,
  config: Config,
  _logger: Logger,
): Promise<{ operations: Operation[]; authenticate: Authenticator; idempotency?: IdempotencyPort }> {
  const catalog = new CatalogService(db, { staleAfterDays: config.planStaleAfterDays });
  return {
    operations: [...catalogOperations(catalog)],
    authenticate: async () => {
      throw new AppError('invalid_token', 'The API key is not valid.');
    },
  };
}
