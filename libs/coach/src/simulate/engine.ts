/**
 * The Monte Carlo loop. One simulated day is one firm day of the trader's history, drawn by bootstrap
 * and applied as a single closing move: balance and equity are the same at every day's end, and the
 * intraday path is not modelled. So every trailing type trails the end-of-day balance here, and an
 * equity-based daily limit is only checked at the close, which makes the answer optimistic for traders
 * whose days dip far below where they close.
 *
 * Per day, in this order: daily loss (the day's move against the floor from the day-start level),
 * maximum loss (against the floor as it stood at the day's start), then the target, reached when the
 * closing balance is at or above it and the minimum trading days are done. A day that crosses both
 * floors counts as a daily-loss breach. A floor is crossed strictly below it; comparisons allow 1e-9
 * percentage points for floating-point sums.
 *
 * Typed arrays only; nothing is allocated per day or per path.
 */
import { Xoshiro128 } from './prng.js';

export const EPS = 1e-9;

/** A module binding, not a global lookup per day (see prng.ts). */
const floorOf = Math.floor;

export interface CompiledRun {
  series: Float64Array;
  /** 'block': stationary bootstrap; 'iid': every day drawn on its own. */
  block: boolean;
  /** Chance that a day starts a new block: 1 / mean block length. */
  newBlockChance: number;
  paths: number;
  seed: number;
  horizon: number;
  startBalance: number;
  startHighWaterMark: number;
  startTradingDays: number;
  minTradingDays: number;
  /** Target level in % of initial; +Infinity without a target. */
  targetLevel: number;
  /** Daily limit in % points; NaN without a daily limit. */
  dailyLimit: number;
  /** Daily limit taken of the initial balance (true) or of the day's reference (false). */
  dailyOfInitial: boolean;
  /** The reference is the initial balance (true) or the day-start balance (false). */
  dailyFromInitial: boolean;
  /** Max loss in % points; NaN without a maximum loss. */
  maxLimit: number;
  trailing: boolean;
  /** Lock level of a trailing floor (100) or +Infinity. */
  lockLevel: number;
  /** High-water mark at which the floor jumps to the lock, or +Infinity. */
  lockTrigger: number;
}

export interface RunCounts {
  pass: number;
  daily: number;
  max: number;
  timeout: number;
  /** passDays[d]: paths that passed after d simulated days. */
  passDays: Int32Array;
}

export function runPaths(run: CompiledRun, scale: number): RunCounts {
  const { series, paths, horizon, block, newBlockChance, targetLevel, dailyLimit, dailyOfInitial, dailyFromInitial } = run;
  const { maxLimit, trailing, lockLevel, lockTrigger, minTradingDays } = run;
  const n = series.length;
  const hasDaily = !Number.isNaN(dailyLimit);
  const hasMax = !Number.isNaN(maxLimit);
  const passDays = new Int32Array(horizon + 1);
  const rng = new Xoshiro128(run.seed);
  let pass = 0;
  let daily = 0;
  let max = 0;

  const alreadyPassed = run.startBalance >= targetLevel - EPS && run.startTradingDays >= minTradingDays;
  for (let p = 0; p < paths; p++) {
    if (alreadyPassed) {
      pass++;
      passDays[0] = (passDays[0] ?? 0) + 1;
      continue;
    }
    rng.reseed(run.seed, p);
    let balance = run.startBalance;
    let hwm = run.startHighWaterMark;
    let tradingDays = run.startTradingDays;
    let index = 0;
    for (let d = 0; d < horizon; d++) {
      if (!block || d === 0 || rng.next() < newBlockChance) index = floorOf(rng.next() * n);
      else if (++index === n) index = 0; // circular: a block may run past the end into the start
      const move = (series[index] ?? 0) * scale;
      const closing = balance + move;
      if (hasDaily) {
        const reference = dailyFromInitial ? 100 : balance;
        const limit = dailyOfInitial ? dailyLimit : (dailyLimit * reference) / 100;
        if (closing < reference - limit - EPS) {
          daily++;
          break;
        }
      }
      if (hasMax) {
        let floor = hwm - maxLimit;
        if (trailing) floor = hwm >= lockTrigger - EPS ? lockLevel : floor < lockLevel ? floor : lockLevel;
        if (closing < floor - EPS) {
          max++;
          break;
        }
      }
      balance = closing;
      if (move !== 0) tradingDays++;
      if (trailing && balance > hwm) hwm = balance;
      if (balance >= targetLevel - EPS && tradingDays >= minTradingDays) {
        pass++;
        passDays[d + 1] = (passDays[d + 1] ?? 0) + 1;
        break;
      }
    }
  }
  return { pass, daily, max, timeout: paths - pass - daily - max, passDays };
}

/**
 * The same PRNG and loop shape with no rules: draws the same number of days and sums them. A benchmark
 * divides the simulation's time by this one's to show what the rules cost over the bare loop.
 */
export function bareLoopBaseline(paths: number, days: number, seed: number, blockDays = 5): number {
  const rng = new Xoshiro128(seed);
  const n = 256;
  const newBlockChance = 1 / blockDays;
  let sum = 0;
  for (let p = 0; p < paths; p++) {
    rng.reseed(seed, p);
    let index = 0;
    for (let d = 0; d < days; d++) {
      if (d === 0 || rng.next() < newBlockChance) index = floorOf(rng.next() * n);
      else if (++index === n) index = 0;
      sum += index;
    }
  }
  return sum;
}
