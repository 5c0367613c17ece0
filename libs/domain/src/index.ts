export { createDomainServices, type DomainServices, type DomainOptions } from './services.js';
export * from './users/index.js';
export { TrashService, TRASH_KINDS, type TrashKind, type TrashEntryView, type TrashContents } from './trash/trash-service.js';
export * from './contracts/index.js';
export { ChallengeService } from './challenges/challenge-service.js';
export { ChallengeUpdater } from './challenges/challenge-updater.js';
export { MemoService } from './challenges/memo-service.js';
export { PayoutService } from './payouts/payout-service.js';
export { AccountService } from './accounts/account-service.js';
export { DailyPnlService } from './accounts/daily-pnl-service.js';
export { ReportService } from './accounts/report-service.js';
export { SnapshotService } from './accounts/snapshot-service.js';
export type { PlanRulesSource, PlanVersion } from './coach/challenge-rules.js';
export { ChallengeRulesSchema, type ChallengeRulesView } from './coach/coach-schemas.js';
export { ChallengeHeadroomSchema, type ChallengeHeadroom } from './coach/headroom-schema.js';
export {
  ChallengeSimulationSchema,
  PlanSimulationSchema,
  type ChallengeSimulation,
  type PlanSimulation,
} from './coach/simulation-schema.js';
export { simulateInProcess, type Simulator } from './coach/simulation-service.js';
export { StatementImportSchema, type StatementImport } from './statements/statement-schemas.js';
export { readStatementInProcess, type StatementReader } from './statements/statement-import-service.js';
export { SummaryService } from './summary/summary-service.js';
export { billedMonths } from './summary/billing.js';
export * from './keys/index.js';
export { IdempotencyStore, IDEMPOTENCY_TTL_MS, type IdempotentAnswer } from './idempotency/idempotency-store.js';
export { requestHash } from './idempotency/request-hash.js';
export * from './challenges/challenge-schemas.js';
export * from './payouts/payout-schemas.js';
export * from './accounts/account-schemas.js';
export * from './summary/summary-schemas.js';
export { LedgerService } from './ledger/ledger-service.js';
export { FxService } from './fx/fx-service.js';
export { AnalyticsService } from './analytics/analytics-service.js';
export { TaxYearService, TaxYearSchema, taxYearCsv, type TaxYear } from './analytics/tax-year.js';
export { AnalyticsSchema, type Analytics } from './analytics/analytics-schemas.js';
export { CostSchema, type CostView } from './ledger/ledger-schemas.js';
