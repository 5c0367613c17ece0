import { CatalogService } from '@propfolio/catalog';
import type { Caller, Config, Logger, Operation } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { createDomainServices, type CreatedKey, type DomainServices, type IdempotencyStore } from '@propfolio/domain';
import { privateOperations } from './private/index.js';
import { catalogOperations } from './public/catalog.js';
import { publicCoachOperations } from './public/coach.js';
import { eaOperations } from './public/ea.js';
import { eaEngineFromConfig, type EaEngine } from './public/ea/engine.js';

/** Resolves a raw API key to its caller, or throws AppError `invalid_token`. */
export type Authenticator = (rawKey: string) => Promise<Caller>;

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
export async function buildOperations(db: Database, config: Config, logger: Logger): Promise<Registry> {
  const catalog = new CatalogService(db, { staleAfterDays: config.planStaleAfterDays });
  const eaEngine = eaEngineFromConfig(config, logger);
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
