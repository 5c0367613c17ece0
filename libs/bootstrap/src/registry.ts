import { CatalogService, catalogOperations, firmRulesFromCatalog } from '@propfolio/catalog';
import type { Authenticator, Config, Logger, Operation, RateLimiter } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import {
  createDomainServices,
  privateOperations,
  publicCoachOperations,
  publicPlanFitOperations,
  publicCalendarOperations,
  type CreatedKey,
  type DomainServices,
  type IdempotencyStore,
} from '@propfolio/domain';
import { EaService, publicEaOperations } from '@propfolio/domain/ea';
import { cpuPoolFromConfig, type CpuPool } from '@propfolio/domain/workers';
import { createLimiter } from './ea-limiter.js';

export interface Registry {
  operations: Operation[];
  authenticate: Authenticator;
  idempotency: IdempotencyStore;
  /** The local owner's key and one-time setup token when this start created them (empty database), else null. */
  firstKey: (CreatedKey & { setupToken: string }) | null;
  /** The services the dashboard's own routes (sessions, keys, trash, admin) use directly. */
  domain: DomainServices;
  /** The CPU pool (EA engine, simulations, statements); closed with the context. */
  cpu: CpuPool;
  /** The EA engine's own per-client limiter; closed with the context. */
  eaLimiter: RateLimiter;
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
  cpu: CpuPool = cpuPoolFromConfig(config),
): Promise<Registry> {
  const catalog = new CatalogService(db, { staleAfterDays: config.planStaleAfterDays });
  const domain = createDomainServices(db, {
    sessionDays: config.sessionDays,
    trashRetentionDays: config.trashRetentionDays,
    planRules: catalog,
    planFinder: catalog,
    // CPU-heavy work leaves the event loop for the pool.
    simulate: (input, who) => cpu.run({ kind: 'simulate', input }, who),
    replay: (input, who) => cpu.run({ kind: 'replay', input }, who),
    fit: (input, who) => cpu.run({ kind: 'fit', input }, who),
    readStatement: (bytes, who) => cpu.run({ kind: 'statement', input: bytes }, who),
    readTradeFile: (request, who) => cpu.run({ kind: 'tradeFile', input: request }, who),
    alertChannels: config.alerts,
  });
  const ea = new EaService(cpu, (firm, hints) => firmRulesFromCatalog(catalog, firm, hints), eaLimiter);
  const firstKey = await domain.keys.ensureLocalOwner();
  return {
    cpu,
    eaLimiter,
    operations: [
      ...privateOperations(domain),
      ...catalogOperations(catalog),
      ...publicCoachOperations(domain),
      ...publicPlanFitOperations(domain),
      ...publicCalendarOperations(domain),
      ...publicEaOperations(ea),
    ],
    authenticate: (rawKey) => domain.keys.authenticate(rawKey),
    idempotency: domain.idempotency,
    firstKey: firstKey ? { ...firstKey, setupToken: await domain.setup.issue(firstKey.userId) } : null,
    domain,
  };
}
