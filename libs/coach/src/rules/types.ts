/**
 * The rules the coach reads. Structurally a subset of the catalog's `PlanRules` (same field names and
 * vocabularies), so a catalog plan's rules object can be passed as it is; fields the coach does not use
 * are simply ignored. Two fields are new and optional until the catalog carries them: a machine
 * `dailyLoss.rollover` and a top-level `consistency`. `null` means unknown, `'none'` that there is no such rule.
 */
import type { Rollover } from '../clock/rollover.js';

export type DailyLossBasis = 'initial_balance' | 'day_start_balance' | 'max_balance_equity';
export type MaxLossType = 'static' | 'trailing_eod' | 'trailing_closed_balance' | 'trailing_equity';

export interface CoachDailyLoss {
  percent: number | null;
  /** What the percentage is taken of: the initial balance, or the reference level (`basis`) itself. */
  amountOf: 'initial_balance' | 'reference' | null;
  /** The level the day's loss is measured from. */
  basis: DailyLossBasis | null;
  /** The catalog's words for the roll-over, e.g. "00:00 CE(S)T"; read when `rollover` is absent. */
  resetClock?: string | null;
  /** The roll-over as a machine rule; wins over `resetClock`. */
  rollover?: Rollover | null;
}

export interface CoachMaxLoss {
  percent: number | null;
  type: MaxLossType | null;
  /** Where a trailing floor stops moving up. */
  lockFloor?: 'initial_balance' | null;
  /** Profit (percent of the initial balance) at which the trailing floor locks at `lockFloor`. */
  lockTriggerPercent?: number | null;
}

export interface CoachConsistency {
  /** The best day's profit may be at most this percentage of `of`. */
  bestDayMaxPercent: number;
  /** What the best day is compared with: the phase's profit target, or the profit made so far. */
  of: 'profit_target' | 'total_profit';
}

export interface CoachRules {
  /** Profit target per phase, in phase order; `[]` when there is no evaluation, `null` when unknown. */
  profitTargetsPercent: readonly (number | null)[] | null;
  dailyLoss: 'none' | CoachDailyLoss | null;
  maxLoss: 'none' | CoachMaxLoss | null;
  minTradingDays: { days: number | null; perPhase: boolean } | null;
  timeLimit: 'none' | { days: number } | null;
  consistency?: 'none' | CoachConsistency | null;
}

export type RuleName = 'profitTargetsPercent' | 'dailyLoss' | 'maxLoss' | 'minTradingDays' | 'timeLimit' | 'consistency';
export const RULE_NAMES: readonly RuleName[] = [
  'profitTargetsPercent',
  'dailyLoss',
  'maxLoss',
  'minTradingDays',
  'timeLimit',
  'consistency',
];
