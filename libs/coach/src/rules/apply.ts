/**
 * The rules as functions: one place that says what each rule means in money, used by the headroom (on
 * exact amounts) and checked against the firms' own worked examples by the conformance suite. A caller
 * first reads a rule into its known form (`knownDaily`, `knownMaxLoss`); a rule with an unknown part has
 * no known form, and the caller names what is missing instead of guessing.
 */
import { Decimal, maxOf, minOf } from '../shared/money.js';
import type { EffectiveDailyLoss, EffectiveMaxLoss, EffectiveRuleValues } from './effective.js';
import type { BreachComparison, DailyLossBasis, MaxLossAmountOf, MaxLossType, TradingDayKind } from './types.js';

/** Whether equity at `equity` breaches a floor: strictly below it, or at it too. Null (not stated) is judged `below`. */
export function isBreached(comparison: BreachComparison | null, equity: Decimal, floor: Decimal): boolean {
  return comparison === 'at_or_below' ? equity.lte(floor) : equity.lt(floor);
}

export interface KnownDaily {
  basis: DailyLossBasis;
  /** The limit: a fixed amount, or a percentage of the initial balance or of the day's reference level. */
  limit: { amount: Decimal } | { percent: number; of: 'initial_balance' | 'reference' };
  comparison: BreachComparison | null;
}

/** The daily rule when all its parts are known, else null. A fixed amount needs no percentage or `amountOf`. */
export function knownDaily(rule: EffectiveDailyLoss): KnownDaily | null {
  const { percent, amountOf, basis, amount } = rule;
  if (basis === null) return null;
  if (amount !== null) return { basis, limit: { amount: new Decimal(amount) }, comparison: rule.comparison };
  if (percent === null || amountOf === null) return null;
  return { basis, limit: { percent, of: amountOf }, comparison: rule.comparison };
}

/** The levels a firm day starts from: balance and equity at its roll-over (the initial balance on day 1). */
export interface DayStart {
  balance: Decimal;
  equity: Decimal;
}

export interface DailyFloor {
  /** The level the day is measured from. */
  level: Decimal;
  /** What the day may lose below it. */
  limit: Decimal;
  floor: Decimal;
}

/**
 * A firm day's floor: reference level − limit. The reference is the initial balance, the day-start balance
 * or equity, or the higher of the two (The5ers); the limit a fixed amount or a percentage of the initial
 * balance or of the reference. FundedNext: a day that starts at 100,000 with 5% of the initial balance has
 * the floor 95,000, so an account +$2,000 by noon may still lose $7,000 that day.
 */
export function dailyFloor(rule: KnownDaily, initial: Decimal, dayStart: DayStart): DailyFloor {
  const level =
    rule.basis === 'initial_balance'
      ? initial
      : rule.basis === 'day_start_balance'
        ? dayStart.balance
        : rule.basis === 'day_start_equity'
          ? dayStart.equity
          : maxOf(dayStart.balance, dayStart.equity);
  const limit =
    'amount' in rule.limit ? rule.limit.amount : (rule.limit.of === 'initial_balance' ? initial : level).times(rule.limit.percent).div(100);
  return { level, limit, floor: level.minus(limit) };
}

export interface KnownMaxLoss {
  type: MaxLossType;
  /** A fixed amount, or a percentage of the initial balance or of the high-water mark. */
  limit: { amount: Decimal } | { percent: number; of: MaxLossAmountOf };
  /** Lock level (the initial balance), or null when the floor trails without end. */
  lockLevel: Decimal | null;
  /** High-water mark at which the floor locks; null when it locks only by reaching the lock level. */
  lockTrigger: Decimal | null;
  comparison: BreachComparison | null;
}

/** The maximum-loss rule when its type and its size are known, else null. `amountOf` not stated means the initial balance. */
export function knownMaxLoss(rule: EffectiveMaxLoss, initial: Decimal): KnownMaxLoss | null {
  if (rule.type === null) return null;
  const limit: KnownMaxLoss['limit'] | null =
    rule.amount !== null
      ? { amount: new Decimal(rule.amount) }
      : rule.percent !== null
        ? { percent: rule.percent, of: rule.amountOf ?? 'initial_balance' }
        : null;
  if (limit === null) return null;
  const lockLevel = rule.type !== 'static' && rule.lockFloor === 'initial_balance' ? initial : null;
  return {
    type: rule.type,
    limit,
    lockLevel,
    lockTrigger:
      lockLevel && rule.lockTriggerPercent !== null ? initial.times(new Decimal(100).plus(rule.lockTriggerPercent)).div(100) : null,
    comparison: rule.comparison,
  };
}

/** The amount below the high-water mark the account may lose: fixed, or a share of the initial balance or of the mark itself. */
export function maxLossLimit(rule: KnownMaxLoss, initial: Decimal, highWaterMark: Decimal): Decimal {
  if ('amount' in rule.limit) return rule.limit.amount;
  return (rule.limit.of === 'high_water_mark' ? highWaterMark : initial).times(rule.limit.percent).div(100);
}

export interface MaxFloor {
  floor: Decimal;
  limit: Decimal;
  locked: boolean;
}

/**
 * The maximum-loss floor under a high-water mark: mark − limit (FTMO 1-Step: 104,000 − 10% of 100,000 =
 * 94,000; Maven: 51,500 × (1 − 5%) = 48,925; Topstep 50k: mark − $2,000). A lock stops a trailing floor at
 * the lock level: it never rises above it, and jumps to it once the mark reaches the lock trigger. The floor
 * is a non-decreasing function of the mark, so a floor that trails a mark that never falls never falls.
 */
export function maxLossFloor(rule: KnownMaxLoss, initial: Decimal, highWaterMark: Decimal): MaxFloor {
  const limit = maxLossLimit(rule, initial, highWaterMark);
  const trailing = highWaterMark.minus(limit);
  if (!rule.lockLevel) return { floor: trailing, limit, locked: false };
  if (rule.lockTrigger && highWaterMark.gte(rule.lockTrigger)) return { floor: rule.lockLevel, limit, locked: true };
  return { floor: minOf(rule.lockLevel, trailing), limit, locked: trailing.gte(rule.lockLevel) };
}

/** What one data point adds to the high-water mark of a rule's type. */
export function raiseHighWaterMark(
  type: MaxLossType,
  hwm: Decimal,
  point: { kind: 'report' | 'snapshot'; balance: Decimal; equity: Decimal; maxEquity: Decimal },
): Decimal {
  switch (type) {
    case 'static':
      return hwm;
    case 'trailing_eod':
      return point.kind === 'report' ? maxOf(hwm, point.balance) : hwm;
    case 'trailing_closed_balance':
      return maxOf(hwm, point.balance);
    case 'trailing_equity':
      return maxOf(maxOf(hwm, point.equity), point.maxEquity);
  }
}

/**
 * Total profit still needed for the best day to be at most `share` (a fraction) of the total profit:
 * best / share − total, at least 0 (FTMO 1-Step, 50%: best day 3,000 of a total 5,000 → 1,000 more),
 * rounded up to the cent: the quotient may not terminate (a 7% share), and an amount a cent short would
 * still leave the rule broken. Null when the share is 0 (no total makes a profitable best day fit).
 */
export function bestDayNeeded(share: Decimal, best: Decimal, total: Decimal): Decimal | null {
  if (share.isZero()) return best.gt(0) ? null : new Decimal(0);
  return maxOf(new Decimal(0), best.div(share).minus(total)).toDecimalPlaces(2, Decimal.ROUND_UP);
}

/** What the coach knows about one firm day of trading. */
export interface TradingDayFacts {
  /** A position was opened that day; null when the data does not say. */
  opened: boolean | null;
  /** The day's closed P&L; null when unknown (only intraday data). */
  closedPnl: Decimal | null;
  /** The balance moved that day (a closed trade, a swap or a commission). */
  balanceChanged: boolean;
}

export type TradingDayRule = Pick<NonNullable<EffectiveRuleValues['minTradingDays']>, 'counts' | 'minProfitPercent'>;

/**
 * Whether a day counts towards the minimum trading days. `position_opened`: a position opened that day
 * (FTMO: "a trade initiated"); without opening data it is read as a closed trade or balance change,
 * which `tradingDayBasis` says. `profitable_day`: closed P&L of at least `minProfitPercent` of the initial
 * balance (The5ers: 0.5%). Not stated, or `balance_change`: any closed trade or balance change.
 */
export function countsAsTradingDay(rule: TradingDayRule | null, day: TradingDayFacts, initial: Decimal): boolean {
  const kind = tradingDayBasis(rule, day.opened !== null);
  if (kind === 'position_opened') return day.opened === true;
  if (kind === 'profitable_day') {
    const min = initial.times(rule?.minProfitPercent ?? 0).div(100);
    return day.closedPnl !== null && day.closedPnl.gt(0) && day.closedPnl.gte(min);
  }
  return (day.closedPnl !== null && !day.closedPnl.isZero()) || day.balanceChanged;
}

/** The definition a count can use with the data at hand: opening days only when the data carries them. */
export function tradingDayBasis(rule: TradingDayRule | null, haveOpenings: boolean): TradingDayKind {
  const kind = rule?.counts ?? null;
  if (kind === 'profitable_day') return 'profitable_day';
  if (kind === 'balance_change') return 'balance_change';
  return haveOpenings ? 'position_opened' : 'balance_change';
}
