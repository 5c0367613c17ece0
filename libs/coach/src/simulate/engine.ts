/**
 * The Monte Carlo loop. One simulated day is one firm day of the trader's history, drawn by bootstrap
 * with its close and, when the history has intraday snapshots, its low: the lowest equity of that day
 * against its start. Equity-based limits are judged on the low (a day closing +1% after a -3.5% dip
 * breaches a 3% daily limit); a day without a known low dips no lower than its close.
 *
 * The path starts from now, not from a fresh day. Day 0 is the rest of today: it is judged against
 * today's floor as the headroom measured it, from the equity now. The floating P&L open now (equity -
 * balance) is carried through the next reset, so it sets tomorrow's reference the way the firm's
 * snapshot would, and counts as closed on day 1; from then on balance and equity meet at every close.
 *
 * Per day, in this order: daily loss (the day's low against its floor), maximum loss (the low against
 * the floor as it stood at the day's start), then the pass: the closing balance at or above the target,
 * the minimum trading days done (a profitable-day rule counts only days that made at least its
 * minimum) and, when a best-day rule blocks the pass, the best day within its share. A blocked path
 * carries on trading: the rule never ends a path by itself. A day that crosses both floors counts as a
 * daily-loss breach. When trades are drawn (fit_plans' `trades`), a day whose largest trade loss is above the
 * plan's risk per trade then breaks that rule (a floor crossed the same day counts first). A floor is crossed strictly below it, or at it for a rule that says so; comparisons
 * allow 1e-9 percentage points for floating-point sums.
 *
 * Typed arrays only; nothing is allocated per day or per path.
 */
import { Xoshiro128 } from './prng.js';

export const EPS = 1e-9;

/** A module binding, not a global lookup per day (see prng.ts). */
const floorOf = Math.floor;

/** The level a daily floor is measured from, as an index the loop switches on. */
export const DailyBasis = { Initial: 0, DayStartBalance: 1, MaxBalanceEquity: 2, DayStartEquity: 3 } as const;
export type DailyBasis = (typeof DailyBasis)[keyof typeof DailyBasis];

export interface CompiledRun {
  /** Each history day's closing move, % of the initial balance. */
  series: Float64Array;
  /** Each history day's lowest equity against its start (at most 0 and at most the close). */
  lows: Float64Array;
  /** 'block': stationary bootstrap; 'iid': every day drawn on its own. */
  block: boolean;
  /** Chance that a day starts a new block: 1 / mean block length. */
  newBlockChance: number;
  paths: number;
  seed: number;
  horizon: number;
  startBalance: number;
  startEquity: number;
  startHighWaterMark: number;
  startTradingDays: number;
  startBestDay: number;
  /** Today's floor (day 0) as measured now; NaN: day 0 is a whole new day with its floor from the start levels. */
  todayFloor: number;
  /** Balance at the start of today, for day 0's profit. */
  todayStartBalance: number;
  /** Whether today already counts as a trading day. */
  todayTraded: boolean;
  minTradingDays: number;
  /** A trading day must make a profit of at least this much (% of initial); NaN: any day with a move counts. */
  profitableDayMin: number;
  /** Target level in % of initial; +Infinity without a target. */
  targetLevel: number;
  /** Share (0 to 1) of the best-day rule that blocks a pass; NaN without one. */
  bestDayShare: number;
  /** The best day is compared with the target's profit (true) or with the total profit (false). */
  bestDayOfTarget: boolean;
  /** Daily limit in % points; NaN without a daily limit. */
  dailyLimit: number;
  /** Daily limit taken of the initial balance (true) or of the day's reference (false). */
  dailyOfInitial: boolean;
  dailyBasis: DailyBasis;
  /** Breach at the daily floor itself, not only below it. */
  dailyAtFloor: boolean;
  /** Max loss in % points; NaN without a maximum loss. */
  maxLimit: number;
  /** The max-loss percentage is of the high-water mark (floor = mark × (1 − p)) rather than of the initial balance. */
  maxOfMark: boolean;
  /** Breach at the max-loss floor itself, not only below it. */
  maxAtFloor: boolean;
  trailing: boolean;
  /** The trailing floor follows equity (true) or the closing balance (false). */
  trailsEquity: boolean;
  /** Lock level of a trailing floor (100) or +Infinity. */
  lockLevel: number;
  /** High-water mark at which the floor jumps to the lock, or +Infinity. */
  lockTrigger: number;
  /** Each history day's largest loss of a single trade (at least 0), beside `series`; empty when trades are not drawn. */
  tradeLoss: Float64Array;
  /** The most one trade may lose (risk per trade), % of the initial balance; NaN without the rule or without `tradeLoss`. */
  tradeLimit: number;
}

export interface RunCounts {
  pass: number;
  daily: number;
  max: number;
  /** Paths that broke the risk-per-trade rule first (trades drawn only). */
  trade: number;
  /** Paths neither passed nor breached when the days ran out. */
  open: number;
  /** passDays[d]: paths that passed after d simulated days. */
  passDays: Int32Array;
}

/** Whether the closing balance and the best day so far pass: the target, the trading days and a blocking best-day rule. */
export function passes(run: CompiledRun, balance: number, tradingDays: number, best: number): boolean {
  if (balance < run.targetLevel - EPS || tradingDays < run.minTradingDays) return false;
  if (Number.isNaN(run.bestDayShare)) return true;
  const of = run.bestDayOfTarget ? run.targetLevel - 100 : balance - 100;
  return best <= run.bestDayShare * of + EPS;
}

/**
 * Every path's drawn history days, `paths` × `days`, row by row: what the loop would draw day after day for each
 * path. A path's draws depend only on (seed, path, series length, method, block length), never on the rules, the
 * scale or what the path did, so runs that share those read one table instead of drawing again; a shorter horizon
 * or fewer paths read a prefix. fit_plans draws once for every plan, phase and scale (the generator was about half
 * of its time).
 */
export interface Draws {
  /** History day indices (a series holds at most MAX_SERIES_DAYS = 5,000 days: 16 bits, half the memory of 32). */
  indices: Uint16Array;
  /** Days per path row. */
  days: number;
  paths: number;
}

/** The key under which runs share draws: the draws depend on these alone. */
export const drawsKey = (run: CompiledRun): string => `${run.seed}|${run.series.length}|${run.block ? run.newBlockChance : 'iid'}`;

export function drawTable(run: CompiledRun, paths: number, days: number): Draws {
  const { block, newBlockChance } = run;
  const n = run.series.length;
  const indices = new Uint16Array(paths * days);
  const rng = new Xoshiro128(run.seed);
  for (let p = 0; p < paths; p++) {
    rng.reseed(run.seed, p);
    const row = p * days;
    let index = 0;
    for (let d = 0; d < days; d++) {
      if (!block || d === 0 || rng.next() < newBlockChance) index = floorOf(rng.next() * n);
      else if (++index === n) index = 0; // circular: a block may run past the end into the start
      indices[row + d] = index;
    }
  }
  return { indices, days, paths };
}

/** The table when it covers `paths` × `days` of this run, else null (the loop draws as it goes). */
export function drawsFor(draws: Draws | null | undefined, paths: number, days: number): Draws | null {
  return draws && draws.paths >= paths && draws.days >= days ? draws : null;
}

export function runPaths(run: CompiledRun, scale: number, table?: Draws | null): RunCounts {
  const { series, lows, paths, horizon, block, newBlockChance, dailyLimit, dailyOfInitial, dailyBasis } = run;
  const { maxLimit, maxOfMark, trailing, trailsEquity, lockLevel, lockTrigger, profitableDayMin, todayFloor } = run;
  // A floor is crossed below it (-EPS) or, for a firm that says "reaches or lower", at it (+EPS).
  const dailyMargin = run.dailyAtFloor ? EPS : -EPS;
  const maxMargin = run.maxAtFloor ? EPS : -EPS;
  const n = series.length;
  const hasDaily = !Number.isNaN(dailyLimit);
  const hasMax = !Number.isNaN(maxLimit);
  const todayFloorKnown = !Number.isNaN(todayFloor);
  const { tradeLoss, tradeLimit } = run;
  const hasTradeLimit = !Number.isNaN(tradeLimit) && tradeLoss.length === n;
  const countsProfitableOnly = !Number.isNaN(profitableDayMin);
  const passDays = new Int32Array(horizon + 1);
  const rng = new Xoshiro128(run.seed);
  let pass = 0;
  let daily = 0;
  let max = 0;
  let trade = 0;

  const { minTradingDays, bestDayShare, bestDayOfTarget } = run;
  const passLevel = run.targetLevel - EPS;
  const targetProfit = run.targetLevel - 100;
  const noBestDay = Number.isNaN(bestDayShare);
  const draws = drawsFor(table, paths, horizon);
  const drawn = draws?.indices;
  const stride = draws?.days ?? 0;
  const alreadyPassed = passes(run, run.startBalance, run.startTradingDays, run.startBestDay);
  for (let p = 0; p < paths; p++) {
    if (alreadyPassed) {
      pass++;
      passDays[0] = (passDays[0] ?? 0) + 1;
      continue;
    }
    if (!drawn) rng.reseed(run.seed, p);
    const row = p * stride;
    let balance = run.startBalance;
    let equity = run.startEquity;
    let floating = equity - balance;
    let hwm = run.startHighWaterMark;
    let tradingDays = run.startTradingDays;
    let best = run.startBestDay;
    let index = 0;
    for (let d = 0; d < horizon; d++) {
      if (drawn) index = drawn[row + d] ?? 0;
      else if (!block || d === 0 || rng.next() < newBlockChance) index = floorOf(rng.next() * n);
      else if (++index === n) index = 0; // circular: a block may run past the end into the start
      const move = (series[index] ?? 0) * scale;
      const low = equity + (lows[index] ?? 0) * scale;
      if (hasDaily) {
        let floor = todayFloor;
        if (d > 0 || !todayFloorKnown) {
          const reference =
            dailyBasis === DailyBasis.Initial
              ? 100
              : dailyBasis === DailyBasis.DayStartBalance
                ? balance
                : dailyBasis === DailyBasis.DayStartEquity
                  ? equity
                  : balance > equity
                    ? balance
                    : equity;
          floor = reference - (dailyOfInitial ? dailyLimit : (dailyLimit * reference) / 100);
        }
        if (low < floor + dailyMargin) {
          daily++;
          break;
        }
      }
      if (hasMax) {
        let floor = hwm - (maxOfMark ? (maxLimit * hwm) / 100 : maxLimit);
        if (trailing) floor = hwm >= lockTrigger - EPS ? lockLevel : floor < lockLevel ? floor : lockLevel;
        if (low < floor + maxMargin) {
          max++;
          break;
        }
      }
      // A trade that lost more than the plan allows breaks the rule whatever the day did after it.
      if (hasTradeLimit && (tradeLoss[index] ?? 0) * scale > tradeLimit + EPS) {
        trade++;
        break;
      }
      const dayStartBalance = d === 0 ? run.todayStartBalance : balance;
      equity += move;
      balance = equity - floating; // the floating P&L open now is still open at today's close ...
      floating = 0; // ... and counts as closed from tomorrow on
      const dayProfit = balance - dayStartBalance;
      if (!(d === 0 && run.todayTraded) && (countsProfitableOnly ? dayProfit > EPS && dayProfit >= profitableDayMin - EPS : move !== 0))
        tradingDays++;
      if (dayProfit > best) best = dayProfit;
      if (trailing) {
        const level = trailsEquity && equity > balance ? equity : balance;
        if (level > hwm) hwm = level;
      }
      // `passes` written out for the loop: the target first, as most days fall short of it.
      if (
        balance >= passLevel &&
        tradingDays >= minTradingDays &&
        (noBestDay || best <= bestDayShare * (bestDayOfTarget ? targetProfit : balance - 100) + EPS)
      ) {
        pass++;
        passDays[d + 1] = (passDays[d + 1] ?? 0) + 1;
        break;
      }
    }
  }
  return { pass, daily, max, trade, open: paths - pass - daily - max - trade, passDays };
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
