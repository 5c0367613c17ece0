/**
 * @propfolio/coach: the challenge coach's pure engine. Firm-day windows on a firm's own clock, the
 * effective rules of a challenge, the headroom left under each rule, and a Monte Carlo of the rest of
 * the challenge. No database, network or Node API: it runs in Node, web workers and the dashboard.
 */
export { CoachInputError } from './shared/errors.js';
export { instrumentKey } from './shared/instrument.js';

export { type Rollover, type ParsedRollover, validateRollover, parseResetClock } from './clock/rollover.js';
export { type FirmDay, firmDayAt, firmDayOf } from './clock/firm-day.js';
export { type BrokerZone, DEFAULT_BROKER_ZONE, localToInstant, instantToLocal, parseBrokerZone } from './clock/broker-zone.js';

export {
  type CoachRules,
  type CoachDailyLoss,
  type CoachMaxLoss,
  type CoachConsistency,
  type CoachMinTradingDays,
  type CoachDisputed,
  type DailyLossBasis,
  type MaxLossType,
  type MaxLossAmountOf,
  type BreachComparison,
  type TradingDayKind,
  type ConsistencyEffect,
  type RuleName,
  type UnpublishedRule,
  unpublishedAmong,
} from './rules/types.js';
export {
  RulesOverrideSchema,
  type RulesOverride,
  DailyLossFields,
  MaxLossFields,
  MinTradingDaysFields,
  ConsistencySchema,
} from './rules/override.js';
export {
  isBreached,
  knownDaily,
  dailyFloor,
  knownMaxLoss,
  maxLossLimit,
  maxLossFloor,
  raiseHighWaterMark,
  bestDayNeeded,
  countsAsTradingDay,
  tradingDayBasis,
  type KnownDaily,
  type KnownMaxLoss,
  type DayStart,
  type DailyFloor,
  type MaxFloor,
  type TradingDayFacts,
  type TradingDayRule,
} from './rules/apply.js';
export {
  STAGES,
  PLATFORMS,
  VariantWhenSchema,
  variantApplies,
  rulesInContext,
  mergeRuleFields,
  stageOf,
  conflictingVariants,
  variantFieldPaths,
  isWholeRuleDispute,
  type Stage,
  type Platform,
  type VariantWhen,
  type RuleVariant,
  type VariantContext,
} from './rules/variants.js';
export {
  effectiveRules,
  EffectiveRuleValuesSchema,
  type EffectiveRules,
  type EffectiveRuleValues,
  type EffectiveDailyLoss,
  type EffectiveMaxLoss,
  type RuleProvenance,
  type RuleCitation,
  type PlanMeta,
} from './rules/effective.js';

export {
  computeHeadroom,
  type HeadroomInput,
  type DayReport,
  type IntradaySnapshot,
  DEFAULT_WARNING_THRESHOLD,
  DEFAULT_STALE_AFTER_HOURS,
} from './headroom/compute.js';
export {
  BreachSchema,
  HeadroomSchema,
  REASON_CODES,
  type Breach,
  type Headroom,
  type HeadroomReason,
  type ReasonCode,
} from './headroom/schema.js';

export {
  simulateChallenge,
  type SimulationBreach,
  type SimulationInput,
  type SimulationState,
  type SimulationRules,
} from './simulate/simulate.js';
export { bareLoopBaseline } from './simulate/engine.js';
export { simulationRulesFor, readSimulationRules, type SimulationRulesRead } from './simulate/rules-for.js';
export { Xoshiro128 } from './simulate/prng.js';
export { wilsonInterval } from './simulate/stats.js';
export { tradedDays, type ReportedDayFigures } from './simulate/traded-days.js';
export type { Fees, ExpectedFees } from './simulate/fees.js';
export { SimulationSchema, type Simulation, type SimulationOutcomes } from './simulate/schema.js';
export { replayPlans, MAX_REPLAY_PLANS, MAX_REPLAY_STARTS } from './replay/replay.js';
export { MAX_REPLAY_HISTORY_DAYS } from './replay/history.js';
export {
  fitPlans,
  FIT_SCALES,
  FIT_SEARCH_PATHS,
  MAX_FIT_PLANS,
  MAX_FIT_CELLS,
  DEFAULT_PAYOUT_HORIZON_DAYS,
  MAX_PAYOUT_HORIZON_DAYS,
} from './plan-fit/fit.js';
export type { FitInput, FitPlan, FitTrade, FitAnswer, FitPlanAnswer, FitOdds, FitPhaseOdds } from './plan-fit/types.js';
export type {
  ReplayInput,
  ReplayHistory,
  ReplayHistoryDay,
  ReplayTrade,
  ReplayPlan,
  ReplayOutcome,
  ReplayBreach,
  ReplayBreachRule,
  ReplayPlanAnswer,
  ReplayPlanUnknown,
  ReplayAnswer,
} from './replay/types.js';
export {
  MAX_PATHS,
  DEFAULT_PATHS,
  MAX_SCALES,
  MAX_SCALE,
  MAX_SERIES_DAYS,
  MAX_HORIZON_DAYS,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_BLOCK_DAYS,
  DEFAULT_SEED,
  MIN_HISTORY_DAYS,
} from './simulate/limits.js';

export * from './alerts/index.js';
export * from './check-trade/index.js';
export * from './groups/index.js';
export * from './trade-rules/index.js';
export * from './news/index.js';

export {
  type CrossAccountAccount,
  type CrossAccountPosition,
  type CrossAccountHedge,
  type HedgingForbidden,
  type AllocationCap,
  type AllocationAccount,
  type AllocationCounts,
  type AllocationJudgement,
  type CopyTradingRule,
  type CopyTradingMember,
  type CopyTradingJudgement,
  crossAccountHedges,
  judgeAllocation,
  judgeCopyTrading,
} from './cross-account/cross-account.js';
