/**
 * The funded stage past the pass: the same draws and floors as the simulation's engine (engine.ts: the daily
 * floor from the day's basis, the maximum loss from the high-water mark with its lock), without a target, over
 * the payout horizon, paying out on the plan's payout days. A payout is requested on the first day on or after
 * its due day (the first payout day, then `everyDays` after the previous payout) on which the account is in
 * profit and the firm's per-payout conditions hold: the minimum (profitable) days since the last payout and the
 * payout consistency (the best day at most a share of the profit since the last payout). The profit above the
 * initial balance is withdrawn, the trader's split of it paid (the split of that payout's step), and the account
 * starts again from its initial balance (a trailing floor from there). A breach ends the account and its payouts, and
 * so does a trade that lost more than the plan's risk per trade when trades are drawn.
 */
import { DailyBasis, type Draws, drawsFor, EPS, type CompiledRun } from '../simulate/engine.js';
import { Xoshiro128 } from '../simulate/prng.js';

const floorOf = Math.floor;

export interface PayoutSchedule {
  /** Simulated (trading) day of the first payout, counted from funding (1 = the first day's close). */
  firstDay: number;
  /** Simulated days from one payout to the next one's due day (1: on demand, any later day). */
  everyDays: number;
  /** Trader's share of the profit, 0 to 1, by payout: `splits[k]` for the (k+1)-th payout, the last one from then on. */
  splits: readonly number[];
  /** Payouts needed before the price is refunded (0: no refund with a payout). */
  refundAfter: number;
  /** The price comes back on funding (The5ers' High Stakes), whatever is paid out after. */
  refundOnPass: boolean;
  /** Days needed since the last payout (or funding) before a payout; 0 for none. */
  minDays: number;
  /** A day counts towards `minDays` only with at least this profit, % of initial; NaN: any day with a move counts. */
  minDayProfit: number;
  /** Payout consistency: the best day since the last payout at most this share (0 to 1) of its profit; NaN: no rule. */
  bestDayShare: number;
}

export interface FundedCounts {
  /** Per path: total paid, in % of the initial balance. */
  paid: Float64Array;
  /** Per path: payouts made. */
  payouts: Int32Array;
  /** Paths with at least one payout. */
  paidOnce: number;
  /** Paths whose price is refunded. */
  refunded: number;
}

// Module-level copies: an imported binding read in the loop was a getter call per day once compiled to CommonJS (tsx, Jest).
const INITIAL_BASIS = DailyBasis.Initial;
const EPSILON = EPS;

export function runFundedPaths(
  run: CompiledRun,
  scale: number,
  schedule: PayoutSchedule,
  horizon: number,
  table?: Draws | null,
): FundedCounts {
  const { series, lows, paths, block, newBlockChance, dailyLimit, dailyOfInitial, dailyBasis } = run;
  const { maxLimit, maxOfMark, trailing, lockLevel, lockTrigger } = run;
  const { firstDay, everyDays, splits, refundAfter, minDays, minDayProfit, bestDayShare } = schedule;
  const dailyMargin = run.dailyAtFloor ? EPSILON : -EPSILON;
  const maxMargin = run.maxAtFloor ? EPSILON : -EPSILON;
  const draws = drawsFor(table, paths, horizon);
  const drawn = draws?.indices;
  const stride = draws?.days ?? 0;
  const n = series.length;
  const hasDaily = !Number.isNaN(dailyLimit);
  const hasMax = !Number.isNaN(maxLimit);
  const { tradeLoss, tradeLimit } = run;
  const hasTradeLimit = !Number.isNaN(tradeLimit) && tradeLoss.length === n;
  const profitableOnly = !Number.isNaN(minDayProfit);
  const hasConsistency = !Number.isNaN(bestDayShare);
  const lastSplit = splits.length - 1;
  const rng = new Xoshiro128(run.seed);
  const paid = new Float64Array(paths);
  const counts = new Int32Array(paths);
  let paidOnce = 0;
  let refunded = 0;
  for (let p = 0; p < paths; p++) {
    if (!drawn) rng.reseed(run.seed, p);
    const row = p * stride;
    let balance = 100;
    let hwm = 100;
    let index = 0;
    let payouts = 0;
    let total = 0;
    let due = firstDay;
    let days = 0;
    let best = 0;
    for (let d = 0; d < horizon; d++) {
      if (drawn) index = drawn[row + d] ?? 0;
      else if (!block || d === 0 || rng.next() < newBlockChance) index = floorOf(rng.next() * n);
      else if (++index === n) index = 0;
      const low = balance + (lows[index] ?? 0) * scale;
      if (hasDaily) {
        const reference = dailyBasis === INITIAL_BASIS ? 100 : balance;
        const floor = reference - (dailyOfInitial ? dailyLimit : (dailyLimit * reference) / 100);
        if (low < floor + dailyMargin) break;
      }
      if (hasMax) {
        let floor = hwm - (maxOfMark ? (maxLimit * hwm) / 100 : maxLimit);
        if (trailing) floor = hwm >= lockTrigger - EPSILON ? lockLevel : floor < lockLevel ? floor : lockLevel;
        if (low < floor + maxMargin) break;
      }
      if (hasTradeLimit && (tradeLoss[index] ?? 0) * scale > tradeLimit + EPSILON) break;
      const move = (series[index] ?? 0) * scale;
      balance += move;
      if (profitableOnly ? move > EPSILON && move >= minDayProfit - EPSILON : move !== 0) days++;
      if (move > best) best = move;
      // Balance and equity meet at every close here, so a floor trailing either follows the balance.
      if (trailing && balance > hwm) hwm = balance;
      const day = d + 1;
      const profit = balance - 100;
      if (day < due || profit <= EPSILON || days < minDays) continue;
      if (hasConsistency && best > bestDayShare * profit + EPSILON) continue;
      total += profit * (splits[payouts < lastSplit ? payouts : lastSplit] ?? 0);
      payouts++;
      balance = 100;
      hwm = 100;
      due = day + everyDays;
      days = 0;
      best = 0;
    }
    paid[p] = total;
    counts[p] = payouts;
    if (payouts > 0) paidOnce++;
    if (refundAfter > 0 && payouts >= refundAfter) refunded++;
  }
  return { paid, payouts: counts, paidOnce, refunded };
}
