/**
 * One attempt walked through the real history, day by day, phase by phase: the simulation engine's day
 * (engine.ts) without the draw. Each day in the same order and with the same margins: the daily loss (the
 * day's low against its floor from the basis), then the maximum loss (the low against the floor as it
 * stood at the day's start, trailing and locking as the plan says), then the pass (engine `passes`: target,
 * trading days, a best-day rule that blocks). Balance and equity meet at each close (the history gives
 * closed P&L per day and the day's dip). A phase that passes hands over to the next on the following firm
 * day, with a fresh account; the time limit counts calendar days from the phase's first day.
 */
import { EPS, DailyBasis, passes } from '../simulate/engine.js';
import type { FirmSeries } from './history.js';
import type { PhaseRules } from './plan-rules.js';
import type { ReplayBreachRule } from './types.js';

/** A walk's end in percentages and indexes; replay.ts turns it into dates and money. */
export type WalkEnd =
  | { kind: 'passed'; ordinal: number }
  | { kind: 'breached'; rule: ReplayBreachRule; phase: number | 'funded'; ordinal: number; amount: number; floor: number }
  | { kind: 'open' };

/** Index of the first firm day at or after the ordinal (the series length when none is). */
export function firstIndexFrom(series: FirmSeries, ordinal: number): number {
  let lo = 0;
  let hi = series.ordinal.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((series.ordinal[mid] ?? 0) < ordinal) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type PhaseEnd = { kind: 'passed'; index: number } | Exclude<WalkEnd, { kind: 'passed' }>;

function walkPhase(series: FirmSeries, rules: PhaseRules, from: number, startOrdinal: number): PhaseEnd {
  const { run, timeLimitDays, phase } = rules;
  const { close, low: lows, traded, ordinal } = series;
  const dailyMargin = run.dailyAtFloor ? EPS : -EPS;
  const maxMargin = run.maxAtFloor ? EPS : -EPS;
  const hasDaily = !Number.isNaN(run.dailyLimit);
  const hasMax = !Number.isNaN(run.maxLimit);
  const countsProfitableOnly = !Number.isNaN(run.profitableDayMin);
  let balance = 100;
  let hwm = 100;
  let tradingDays = 0;
  let best = 0;
  for (let i = from; i < close.length; i++) {
    const day = ordinal[i] ?? 0;
    if (timeLimitDays !== null && day - startOrdinal >= timeLimitDays) {
      return { kind: 'breached', rule: 'timeLimit', phase, ordinal: startOrdinal + timeLimitDays, amount: Number.NaN, floor: Number.NaN };
    }
    const move = close[i] ?? 0;
    const low = balance + (lows[i] ?? 0);
    if (hasDaily) {
      // Balance and equity meet at every close, so every basis measures from the day's opening balance but the initial one.
      const reference = run.dailyBasis === DailyBasis.Initial ? 100 : balance;
      const floor = reference - (run.dailyOfInitial ? run.dailyLimit : (run.dailyLimit * reference) / 100);
      if (low < floor + dailyMargin) return { kind: 'breached', rule: 'dailyLoss', phase, ordinal: day, amount: reference - low, floor };
    }
    if (hasMax) {
      let floor = hwm - (run.maxOfMark ? (run.maxLimit * hwm) / 100 : run.maxLimit);
      if (run.trailing) floor = hwm >= run.lockTrigger - EPS ? run.lockLevel : floor < run.lockLevel ? floor : run.lockLevel;
      if (low < floor + maxMargin) return { kind: 'breached', rule: 'maxLoss', phase, ordinal: day, amount: hwm - low, floor };
    }
    balance += move;
    if (countsProfitableOnly ? move > EPS && move >= run.profitableDayMin - EPS : traded[i] === 1) tradingDays++;
    if (move > best) best = move;
    if (run.trailing && balance > hwm) hwm = balance;
    if (passes(run, balance, tradingDays, best)) return { kind: 'passed', index: i };
    // A best-day rule that fails the account: the target and the days are met and only the best day stands in the way.
    if (rules.bestDayFails && !Number.isNaN(run.bestDayShare) && balance >= run.targetLevel - EPS && tradingDays >= run.minTradingDays) {
      return { kind: 'breached', rule: 'consistency', phase, ordinal: day, amount: Number.NaN, floor: Number.NaN };
    }
  }
  return { kind: 'open' };
}

/** The attempt bought on `startOrdinal`, through every phase. */
export function walkAttempt(series: FirmSeries, phases: readonly PhaseRules[], startOrdinal: number): WalkEnd {
  let from = firstIndexFrom(series, startOrdinal);
  let phaseStart = startOrdinal;
  for (const rules of phases) {
    const end = walkPhase(series, rules, from, phaseStart);
    if (end.kind !== 'passed') return end;
    const passedOn = series.ordinal[end.index] ?? 0;
    if (rules === phases[phases.length - 1]) return { kind: 'passed', ordinal: passedOn };
    from = end.index + 1;
    phaseStart = passedOn + 1;
  }
  return { kind: 'open' };
}
