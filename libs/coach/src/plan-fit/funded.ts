/**
 * The funded stage past the pass: the same draws and floors as the simulation's engine (engine.ts: the daily
 * floor from the day's basis, the maximum loss from the high-water mark with its lock), without a target, over
 * the payout horizon, paying out on the plan's payout days. On a payout day the profit above the initial balance
 * is withdrawn, the trader's split of it paid, and the account starts again from its initial balance (a trailing
 * floor from there). A breach ends the account and its payouts.
 */
import { DailyBasis, EPS, type CompiledRun } from '../simulate/engine.js';
import { Xoshiro128 } from '../simulate/prng.js';

const floorOf = Math.floor;

export interface PayoutSchedule {
  /** Simulated (trading) day of the first payout, counted from funding (1 = the first day's close). */
  firstDay: number;
  /** Simulated days between payouts. */
  everyDays: number;
  /** Trader's share of the profit, 0 to 1. */
  split: number;
  /** Payouts needed before the price is refunded (0: no refund). */
  refundAfter: number;
}

export interface FundedCounts {
  /** Per path: total paid, in % of the initial balance. */
  paid: Float64Array;
  /** Paths with at least one payout. */
  paidOnce: number;
  /** Paths whose price is refunded. */
  refunded: number;
}

export function runFundedPaths(run: CompiledRun, scale: number, schedule: PayoutSchedule, horizon: number): FundedCounts {
  const { series, lows, paths, block, newBlockChance, dailyLimit, dailyOfInitial, dailyBasis } = run;
  const { maxLimit, maxOfMark, trailing, lockLevel, lockTrigger } = run;
  const dailyMargin = run.dailyAtFloor ? EPS : -EPS;
  const maxMargin = run.maxAtFloor ? EPS : -EPS;
  const n = series.length;
  const hasDaily = !Number.isNaN(dailyLimit);
  const hasMax = !Number.isNaN(maxLimit);
  const rng = new Xoshiro128(run.seed);
  const paid = new Float64Array(paths);
  let paidOnce = 0;
  let refunded = 0;
  for (let p = 0; p < paths; p++) {
    rng.reseed(run.seed, p);
    let balance = 100;
    let hwm = 100;
    let index = 0;
    let payouts = 0;
    let total = 0;
    for (let d = 0; d < horizon; d++) {
      if (!block || d === 0 || rng.next() < newBlockChance) index = floorOf(rng.next() * n);
      else if (++index === n) index = 0;
      const low = balance + (lows[index] ?? 0) * scale;
      if (hasDaily) {
        const reference = dailyBasis === DailyBasis.Initial ? 100 : balance;
        const floor = reference - (dailyOfInitial ? dailyLimit : (dailyLimit * reference) / 100);
        if (low < floor + dailyMargin) break;
      }
      if (hasMax) {
        let floor = hwm - (maxOfMark ? (maxLimit * hwm) / 100 : maxLimit);
        if (trailing) floor = hwm >= lockTrigger - EPS ? lockLevel : floor < lockLevel ? floor : lockLevel;
        if (low < floor + maxMargin) break;
      }
      balance += (series[index] ?? 0) * scale;
      // Balance and equity meet at every close here, so a floor trailing either follows the balance.
      if (trailing && balance > hwm) hwm = balance;
      const day = d + 1;
      if (day >= schedule.firstDay && (day - schedule.firstDay) % schedule.everyDays === 0 && balance > 100 + EPS) {
        total += (balance - 100) * schedule.split;
        payouts++;
        balance = 100;
        hwm = 100;
      }
    }
    paid[p] = total;
    if (payouts > 0) paidOnce++;
    if (schedule.refundAfter > 0 && payouts >= schedule.refundAfter) refunded++;
  }
  return { paid, paidOnce, refunded };
}
