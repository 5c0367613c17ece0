/**
 * The rules the coach reads. Structurally a subset of the catalog's `PlanRules` (same field names and
 * vocabularies), so a catalog plan's rules object can be passed as it is; fields the coach does not use
 * are simply ignored. Fields added after the catalog's first version are optional, so a rule version
 * stored before them still reads (absent = not stated). `null` means unknown, `'none'` that there is no such rule.
 */
import type { Rollover } from '../clock/rollover.js';

/**
 * The level a day's loss is measured from: the initial balance, the balance or the equity at the day's
 * roll-over (Fintokei ProTrader: equity at server midnight), or the higher of the two (The5ers).
 */
export type DailyLossBasis = 'initial_balance' | 'day_start_balance' | 'day_start_equity' | 'max_balance_equity';
export const DAILY_LOSS_BASES: readonly DailyLossBasis[] = [
  'initial_balance',
  'day_start_balance',
  'day_start_equity',
  'max_balance_equity',
];
export type MaxLossType = 'static' | 'trailing_eod' | 'trailing_closed_balance' | 'trailing_equity';
export const MAX_LOSS_TYPES: readonly MaxLossType[] = ['static', 'trailing_eod', 'trailing_closed_balance', 'trailing_equity'];
/**
 * What the maximum-loss percentage is taken of: the initial balance (floor = mark − p × initial) or the
 * high-water mark itself (Maven: floor = peak × (1 − p)). Absent or null reads as the initial balance,
 * the only meaning the percentage had before this field existed.
 */
export type MaxLossAmountOf = 'initial_balance' | 'high_water_mark';
export const MAX_LOSS_AMOUNT_OFS: readonly MaxLossAmountOf[] = ['initial_balance', 'high_water_mark'];
/**
 * When equity breaches a floor: strictly `below` it (FTMO: "drops below"), or `at_or_below` (FundedNext
 * Futures: "reaches … or lower"). Absent or null is judged `below`, the reading that never invents a breach.
 */
export type BreachComparison = 'below' | 'at_or_below';
export const BREACH_COMPARISONS: readonly BreachComparison[] = ['below', 'at_or_below'];
/**
 * What makes a firm day a trading day: a position opened that day (FTMO), any closed trade or balance
 * change, or a profitable day of at least `minProfitPercent` of the initial balance from closed trades (The5ers).
 */
export type TradingDayKind = 'position_opened' | 'balance_change' | 'profitable_day';
export const TRADING_DAY_KINDS: readonly TradingDayKind[] = ['position_opened', 'balance_change', 'profitable_day'];
/**
 * What a broken best-day rule does: `blocks_pass` delays the pass until the rule holds again (FTMO
 * 1-Step: "simply continue trading"), `fails` ends the attempt.
 */
export type ConsistencyEffect = 'blocks_pass' | 'fails';
export const CONSISTENCY_EFFECTS: readonly ConsistencyEffect[] = ['blocks_pass', 'fails'];

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
  /** A fixed limit in the account's currency; wins over `percent` (the catalog checks that both agree). */
  amount?: number | null;
  comparison?: BreachComparison | null;
}

export interface CoachMaxLoss {
  percent: number | null;
  type: MaxLossType | null;
  /** What `percent` is taken of; absent or null: the initial balance. */
  amountOf?: MaxLossAmountOf | null;
  /** A fixed limit below the high-water mark in the account's currency (Topstep $2,000); wins over `percent`. */
  amount?: number | null;
  comparison?: BreachComparison | null;
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
  /** What a broken rule does; absent or null: not stated (reported as information only). */
  effect?: ConsistencyEffect | null;
}

export interface CoachMinTradingDays {
  days: number | null;
  perPhase: boolean;
  /** What makes a day a trading day; absent or null: not stated (the coach counts closed P&L or a balance change). */
  counts?: TradingDayKind | null;
  /** For `profitable_day`: the closed profit a day needs, in percent of the initial balance. */
  minProfitPercent?: number | null;
}

/**
 * A whole rule whose sources disagree with no value chosen yet: each claim with its source, never one picked
 * silently. The coach reads it as unknown. (A rule with a chosen value keeps the other claims in its own `disputed`.)
 */
export interface CoachDisputed {
  disputed: readonly { value: unknown; source: string; readOn: string }[];
}

export interface CoachRules {
  /** Profit target per phase, in phase order; `[]` when there is no evaluation, `null` when unknown. */
  profitTargetsPercent: readonly (number | null)[] | null;
  dailyLoss: 'none' | CoachDailyLoss | CoachDisputed | null;
  maxLoss: 'none' | CoachMaxLoss | CoachDisputed | null;
  minTradingDays: CoachMinTradingDays | null;
  timeLimit: 'none' | { days: number } | null;
  consistency?: 'none' | CoachConsistency | null;
  /** Rules the firm does not publish (a catalog plan's `unpublished`): answers that need them name them. */
  unpublished?: readonly UnpublishedRule[] | null;
}

/** A rule path (`maxLoss.type`, `minTradingDays`) the firm publishes nowhere, with why. */
export interface UnpublishedRule {
  rule: string;
  note: string | null;
}

/** The unpublished rules that explain missing parts (`minTradingDays.days` is covered by `minTradingDays`). */
export function unpublishedAmong(
  unpublished: readonly UnpublishedRule[] | null | undefined,
  missing: readonly string[],
): UnpublishedRule[] {
  const parts = missing.map((m) => m.replace(/ \(.*$/, ''));
  // Either side may be the finer path: `dailyLoss.basis` missing under an unpublished `dailyLoss`, or a headroom
  // finding about `minTradingDays` as a whole where the catalog names `minTradingDays.days`.
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return (unpublished ?? []).filter(({ rule }) => parts.some((part) => within(part, rule) || within(rule, part)));
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
