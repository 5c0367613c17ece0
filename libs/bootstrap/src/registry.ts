import { CatalogService, catalogOperations } from '@propfolio/catalog';
import type { Authenticator, Config, Logger, Operation, RateLimiter } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import {
  createDomainServices,
  privateOperations,
  publicCoachOperations,
  type CreatedKey,
  type DomainServices,
  type IdempotencyStore,
} from '@propfolio/domain';
import { eaEngineFromConfig, eaOperations, type EaEngine } from '@propfolio/operations';
import { createLimiter } from './ea-limiter.js';

export interface Registry {
  operations: Operation[];
  authenticate: Authenticator;
  idempotency: IdempotencyStore;
  /** The local owner's key and one-time setup token when this start created them (empty database), else null. */
  firstKey: (CreatedKey & { setupToken: string }) | null;
  /** The services the dashboard's own routes (sessions, keys, trash, admin) use directly. */
  domain: DomainServices;
  /** The EA worker pool; closed with the context. */
  eaEngine: EaEngine;
}

/**
 * Builds every operation in its fixed, published order (private first, then public) over one set of
 * services, and on an empty database creates the local owner so that `npm start` alone is enough.
 */
export async function buildOperations(
  db: Database,
  config: Config,
  logger: Logger,
  eaLimiter: RateLimiter = createLimiter(config, config.ea.rateLimitPerMinute, logger),
): Promise<Registry> {
  const catalog = new CatalogService(db, { staleAfterDays: config.planStaleAfterDays });
  const eaEngine = eaEngineFromConfig(config, eaLimiter);
  const domain = createDomainServices(db, {
    sessionDays: config.sessionDays,
    trashRetentionDays: config.trashRetentionDays,
    planRules: catalog,
    // CPU-heavy work leaves the event loop for the worker pool.
    simulate: (input) => eaEngine.simulate(input),
    readStatement: (bytes) => eaEngine.readStatement(bytes),
  });
  const firstKey = await domain.keys.ensureLocalOwner();
  return {
    eaEngine,
    operations: [
      ...privateOperations(domain),
      ...catalogOperations(catalog),
      ...publicCoachOperations(domain),
      ...eaOperations(catalog, eaEngine),
    ],
    authenticate: (rawKey) => domain.keys.authenticate(rawKey),
    idempotency: domain.idempotency,
    firstKey: firstKey ? { ...firstKey, setupToken: await domain.setup.issue(firstKey.userId) } : null,
    domain,
  };
}
