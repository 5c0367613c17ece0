export { createDomainServices, type DomainServices, type DomainOptions } from './services.js';
export * from './users/index.js';
export { TrashService, TRASH_KINDS, type TrashKind, type TrashEntryView, type TrashContents } from './trash/trash.service.js';
export * from './shared/contract-fields.js';
export * from './challenges/challenges.inputs.js';
export * from './payouts/payouts.inputs.js';
export * from './accounts/accounts.inputs.js';
export * from './summary/summary.inputs.js';
export * from './shared/fx-fields.js';
export * from './shared/purchase-fields.js';
export * from './payouts/payout-fields.js';
export * from './ledger/ledger.inputs.js';
export * from './analytics/analytics.inputs.js';
export * from './coach/coach.inputs.js';
export * from './statements/statements.inputs.js';
export * from './trades/trades.inputs.js';
export * from './trade-screenshots/trade-screenshots.inputs.js';
export { privateOperations } from './operations.js';
export { publicCoachOperations } from './coach/coach.operations.js';
export { publicPlanFitOperations } from './planfit/planfit.operations.js';
export * from './planfit/planfit.inputs.js';
export {
  PlanReplaySchema,
  type PlanReplay,
  type PlanReplayRow,
  PlanFitSchema,
  type PlanFit,
  type PlanFitRow,
} from './planfit/planfit.outputs.js';
export { replayInProcess, type Replayer, fitInProcess, type Fitter, MAX_ANONYMOUS_FIT_CELLS } from './planfit/planfit.service.js';
export { publicCalendarOperations } from './calendar/calendar.operations.js';
export { CalendarService } from './calendar/calendar.service.js';
export { CalendarRepository } from './calendar/calendar.repository.js';
export { ChallengeService } from './challenges/challenges.service.js';
export { PayoutService } from './payouts/payouts.service.js';
export { AccountService } from './accounts/accounts.service.js';
export { DailyPnlService } from './accounts/daily-pnl.service.js';
export { ReportService } from './accounts/report.service.js';
export { SnapshotService } from './accounts/snapshot.service.js';
export { SNAPSHOT_SQL } from './accounts/accounts.repository.js';
export { PORTFOLIO_TODAY_SQL } from './portfolio/portfolio.repository.js';
export type { PlanRulesSource, PlanVersion } from './coach/challenge-rules.js';
export {
  ChallengeRulesSchema,
  type ChallengeRulesView,
  ChallengeHeadroomSchema,
  type ChallengeHeadroom,
  ChallengeSimulationSchema,
  PlanSimulationSchema,
  type ChallengeSimulation,
  type PlanSimulation,
} from './coach/coach.outputs.js';
export { simulateInProcess, type Simulator } from './coach/simulation.service.js';
export { StatementImportSchema, type StatementImport } from './statements/statements.outputs.js';
export {
  readStatementInProcess,
  readTradeFileInProcess,
  type StatementReader,
  type TradeFileReading,
} from './statements/statements.service.js';
export { TradeSchema, TradeStatsSchema, type TradeView, type TradePage, type TradeStats } from './trades/trades.outputs.js';
export { prepareBatch, storePositions, type PositionRecord, type PositionExit, type PreparedBatch } from './trades/trade-store.js';
export { readTradeStats } from './trades/trades.repository.js';
export { SummaryService } from './summary/summary.service.js';
export { SUMMARY_SQL } from './summary/summary.repository.js';
export { billedMonths } from './summary/billing.js';
export * from './keys/index.js';
export { IdempotencyStore, IDEMPOTENCY_TTL_MS, type IdempotentAnswer } from './idempotency/idempotency-store.js';
export { requestHash } from './idempotency/request-hash.js';
export * from './challenges/challenges.outputs.js';
export * from './payouts/payouts.outputs.js';
export * from './accounts/accounts.outputs.js';
export * from './summary/summary.outputs.js';
export { LedgerService } from './ledger/ledger.service.js';
export { FxService } from './fx/fx.service.js';
export { FxRepository } from './fx/fx.repository.js';
export { AnalyticsService } from './analytics/analytics.service.js';
export { TaxYearService, TaxYearSchema, taxYearCsv, type TaxYear } from './analytics/tax-year.js';
export { AnalyticsSchema, type Analytics } from './analytics/analytics.outputs.js';
export { CostSchema, type CostView } from './ledger/ledger.outputs.js';
export { ARCHIVING_CHANGES, type ArchivingChange } from './challenges/transition.js';
