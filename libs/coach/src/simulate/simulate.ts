/**
 * Pass probability of the rest of a challenge phase by Monte Carlo over the trader's own daily P&L.
 *
 * Resampling: `block` (default) is the stationary bootstrap of Politis and Romano: a path starts at a
 * random day of the history and carries on day after day (wrapping round), starting a new block at a
 * random day with chance 1/blockDays each day, so block lengths are geometric with mean `blockDays`.
 * It keeps runs of good and bad days together. `iid` draws every day on its own.
 *
 * Units: everything is in percent of the initial balance (balance 103.2 = 3.2% up). A history day with
 * a P&L of exactly 0 is a day without trading: it uses up time but does not count as a trading day.
 * The time limit (`daysLeft`) is in simulated days, that is days of the history's own calendar (firm
 * days with a report); a caller with a limit in calendar days converts it first.
 *
 * One phase is simulated; a two-phase plan is two calls. See engine.ts for what happens inside a day.
 */
import { CoachInputError } from '../shared/errors.js';
import { type CompiledRun, DailyBasis, EPS, runPaths, type RunCounts } from './engine.js';
import { expectedFees, type Fees } from './fees.js';
import {
  DEFAULT_BLOCK_DAYS,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_PATHS,
  DEFAULT_SEED,
  MAX_HORIZON_DAYS,
  MAX_PATHS,
  MAX_SCALE,
  MAX_SCALES,
  MAX_SERIES_DAYS,
  MIN_HISTORY_DAYS,
} from './limits.js';
import type { Simulation, SimulationOutcomes } from './schema.js';
import { histogramQuantile, wilsonInterval } from './stats.js';

export interface SimulationState {
  /** Closed balance now in % of the initial balance, e.g. 103.2. */
  balancePercent: number;
  /** Equity now (default: the balance). The floating P&L, equity − balance, is carried through the next reset. */
  equityPercent?: number;
  /** Highest level a trailing floor has trailed so far, in % of the initial balance (100 at the start). */
  highWaterMarkPercent: number;
  /** Days of the phase already behind (context only). */
  daysDone: number;
  tradingDaysDone: number;
  /** The phase's best closed day so far, in % of the initial balance (0 when no day made money). */
  bestDayPercent?: number;
  /**
   * Today, when it is under way: the first simulated day is the rest of it, judged against today's floor
   * as measured now (`floorPercent`; null: from the day-start levels). Absent: a new day starts now.
   */
  today?: { floorPercent: number | null; startBalancePercent: number; traded: boolean } | null;
  /** Simulated days left under the time limit (today's rest included); null when there is none. */
  daysLeft: number | null;
}

export interface SimulationRules {
  /** Profit target in % of the initial balance (10 = reach 110); null when there is none (funded). */
  targetPercent: number | null;
  /** Daily loss limit in percent; null when there is none. */
  dailyLossPercent: number | null;
  /** The day's reference: the initial balance, or a level at the day's start. */
  dailyLossBasis?: 'initial_balance' | 'day_start_balance' | 'max_balance_equity' | 'day_start_equity';
  /** What the daily percentage is taken of (default: the initial balance). */
  dailyLossAmountOf?: 'initial_balance' | 'reference';
  /** A daily floor is breached strictly `below` it (default) or `at_or_below` it. */
  dailyLossComparison?: 'below' | 'at_or_below';
  /** Maximum loss in % of the initial balance (or of the high-water mark, see `maxLossAmountOf`); null when there is none. */
  maxLossPercent: number | null;
  /** What the maximum-loss percentage is taken of (default: the initial balance). */
  maxLossAmountOf?: 'initial_balance' | 'high_water_mark';
  maxLossComparison?: 'below' | 'at_or_below';
  maxLossType?: 'static' | 'trailing_eod' | 'trailing_closed_balance' | 'trailing_equity';
  /** Whether a trailing floor stops at the initial balance. */
  lockAtInitial?: boolean;
  /** Profit (%) at which a trailing floor jumps to the initial balance. */
  lockTriggerPercent?: number | null;
  minTradingDays?: number;
  /** A day counts as a trading day only when it makes at least this (% of the initial balance); null: any day with a trade. */
  profitableDayMinPercent?: number | null;
  /** A best-day rule that blocks the pass until the best day is within `maxPercent` % of `of`; null when none does. */
  bestDay?: { maxPercent: number; of: 'profit_target' | 'total_profit' } | null;
}

export interface SimulationInput {
  state: SimulationState;
  rules: SimulationRules;
  /** The trader's daily closed P&L, in % of the initial balance, oldest first. */
  dailyPnlPercent: readonly number[];
  /**
   * Each day's lowest equity against its start, in % of the initial balance (at most 0 and at most that
   * day's P&L), beside `dailyPnlPercent`; null for a day without intraday data. Absent: dips are not modelled.
   */
  dailyLowPercent?: readonly (number | null)[];
  method?: 'block' | 'iid';
  blockDays?: number;
  paths?: number;
  seed?: number;
  /** Simulated days when there is no time limit (default 60). */
  horizonDays?: number;
  /** Factors (0 to 5, at most 10 of them) to re-run the same paths with every P&L scaled. */
  riskScale?: readonly number[];
  fees?: Fees | null;
  /**
   * A floor the attempt already crossed (the headroom's `breach`): the answer is that breach, pass
   * probability 0, never odds. Absent or null: the paths are simulated.
   */
  breach?: SimulationBreach | null;
}

export type SimulationBreach = NonNullable<Simulation['breach']>;

const NOTES = {
  noLows:
    'Intraday dips are not modelled: the history has no intraday lows, so each day is judged at its close only, which is optimistic for equity-based limits.',
  someLows: (withLow: number, days: number) =>
    `${withLow} of the ${days} history days carry their intraday low; the other days are judged at their close only, which is optimistic for equity-based limits.`,
  resampled: 'Days are resampled from the history given; future behaviour that differs from it is not modelled.',
  interval: 'The interval is Monte Carlo error only; the shortness of the history adds uncertainty it does not show.',
  breached: (b: SimulationBreach) =>
    `The ${b.rule === 'dailyLoss' ? 'daily loss' : 'maximum loss'} floor was already crossed on ${b.day}${b.breachedAt ? ` at ${b.breachedAt}` : ''}: the attempt has failed at the firm, so no path can pass.`,
  undecided: (days: number) =>
    `The plan has no time limit: paths neither passed nor breached after ${days} simulated days are undecided, not failed.`,
};

function check(ok: boolean, field: string, message: string): void {
  if (!ok) throw new CoachInputError(`${field}: ${message}`, field);
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const wholeIn = (x: unknown, min: number, max: number): x is number => Number.isInteger(x) && (x as number) >= min && (x as number) <= max;

const BASIS: Record<NonNullable<SimulationRules['dailyLossBasis']>, DailyBasis> = {
  initial_balance: DailyBasis.Initial,
  day_start_balance: DailyBasis.DayStartBalance,
  max_balance_equity: DailyBasis.MaxBalanceEquity,
  day_start_equity: DailyBasis.DayStartEquity,
};

/** Each day's low beside its close: a given low, else the close itself when it lost (a day dips at least to its close). */
function lowsOf(series: readonly number[], given: SimulationInput['dailyLowPercent']): { lows: Float64Array; withLow: number } {
  check(
    given === undefined || (Array.isArray(given) && given.length === series.length),
    'dailyLowPercent',
    'give one low (or null) per day of dailyPnlPercent',
  );
  let withLow = 0;
  const lows = Float64Array.from(series, (close, i) => {
    const low = given?.[i] ?? null;
    if (low === null) return Math.min(0, close);
    check(
      finite(low) && low <= 0 && low <= close + EPS && low >= -100,
      `dailyLowPercent[${i}]`,
      "must be from -100 to 0 and at most that day's P&L",
    );
    withLow++;
    return low;
  });
  return { lows, withLow };
}

export interface Compiled {
  run: CompiledRun;
  method: 'block' | 'iid';
  blockDays: number;
  timeLimited: boolean;
  withLow: number;
}

/** The checked input as the engine reads it; the replay compiles its rules through here too, so both apply the same mapping. */
export function compile(input: SimulationInput): Compiled {
  const { state, rules } = input;
  const series = input.dailyPnlPercent;
  check(
    Array.isArray(series) && series.length >= 1 && series.length <= MAX_SERIES_DAYS,
    'dailyPnlPercent',
    `give 1 to ${MAX_SERIES_DAYS} days`,
  );
  series.forEach((x, i) => check(finite(x) && Math.abs(x) <= 100, `dailyPnlPercent[${i}]`, 'must be a number from -100 to 100'));
  const { lows, withLow } = lowsOf(series, input.dailyLowPercent);
  const method = input.method ?? 'block';
  check(['block', 'iid'].includes(method), 'method', 'must be "block" or "iid"');
  const blockDays = input.blockDays ?? DEFAULT_BLOCK_DAYS;
  check(finite(blockDays) && blockDays >= 1 && blockDays <= MAX_SERIES_DAYS, 'blockDays', 'must be at least 1');
  const paths = input.paths ?? DEFAULT_PATHS;
  check(wholeIn(paths, 1, MAX_PATHS), 'paths', `must be a whole number from 1 to ${MAX_PATHS}`);
  const seed = input.seed ?? DEFAULT_SEED;
  check(wholeIn(seed, 0, 0xffffffff), 'seed', 'must be a whole number from 0 to 4294967295');
  check(finite(state.balancePercent) && state.balancePercent > 0, 'state.balancePercent', 'must be above 0');
  const equity = state.equityPercent ?? state.balancePercent;
  check(finite(equity), 'state.equityPercent', 'must be a number');
  check(finite(state.highWaterMarkPercent), 'state.highWaterMarkPercent', 'must be a number');
  check(wholeIn(state.tradingDaysDone, 0, 100_000), 'state.tradingDaysDone', 'must be a whole number of at least 0');
  const bestDay = state.bestDayPercent ?? 0;
  check(finite(bestDay) && bestDay >= 0, 'state.bestDayPercent', 'must be a number of at least 0');
  const today = state.today ?? null;
  if (today) {
    check(today.floorPercent === null || finite(today.floorPercent), 'state.today.floorPercent', 'must be null or a number');
    check(finite(today.startBalancePercent), 'state.today.startBalancePercent', 'must be a number');
  }
  check(
    state.daysLeft === null || wholeIn(state.daysLeft, 0, MAX_HORIZON_DAYS),
    'state.daysLeft',
    `must be null or 0 to ${MAX_HORIZON_DAYS}`,
  );
  const horizon = state.daysLeft ?? input.horizonDays ?? DEFAULT_HORIZON_DAYS;
  check(wholeIn(horizon, 0, MAX_HORIZON_DAYS), 'horizonDays', `must be a whole number from 0 to ${MAX_HORIZON_DAYS}`);
  const pct = (x: number | null | undefined, field: string) =>
    check(x == null || (finite(x) && x >= 0 && x <= 100), field, 'must be a percentage from 0 to 100');
  pct(rules.targetPercent, 'rules.targetPercent');
  pct(rules.dailyLossPercent, 'rules.dailyLossPercent');
  pct(rules.maxLossPercent, 'rules.maxLossPercent');
  pct(rules.lockTriggerPercent, 'rules.lockTriggerPercent');
  pct(rules.profitableDayMinPercent, 'rules.profitableDayMinPercent');
  pct(rules.bestDay?.maxPercent, 'rules.bestDay.maxPercent');
  const minTradingDays = rules.minTradingDays ?? 0;
  check(wholeIn(minTradingDays, 0, 100_000), 'rules.minTradingDays', 'must be a whole number of at least 0');

  const type = rules.maxLossType ?? 'static';
  const trailing = type !== 'static';
  const lock = trailing && rules.lockAtInitial === true;
  return {
    method,
    blockDays,
    timeLimited: state.daysLeft !== null,
    withLow,
    run: {
      series: Float64Array.from(series),
      lows,
      block: method === 'block',
      newBlockChance: 1 / blockDays,
      paths,
      seed,
      horizon,
      startBalance: state.balancePercent,
      startEquity: equity,
      startHighWaterMark: trailing ? Math.max(100, state.highWaterMarkPercent, state.balancePercent) : 100,
      startTradingDays: state.tradingDaysDone,
      startBestDay: bestDay,
      todayFloor: today?.floorPercent ?? Number.NaN,
      todayStartBalance: today?.startBalancePercent ?? state.balancePercent,
      todayTraded: today?.traded ?? false,
      minTradingDays,
      profitableDayMin: rules.profitableDayMinPercent ?? Number.NaN,
      targetLevel: rules.targetPercent == null ? Number.POSITIVE_INFINITY : 100 + rules.targetPercent,
      bestDayShare: rules.bestDay ? rules.bestDay.maxPercent / 100 : Number.NaN,
      bestDayOfTarget: rules.bestDay?.of === 'profit_target',
      dailyLimit: rules.dailyLossPercent ?? Number.NaN,
      dailyOfInitial: (rules.dailyLossAmountOf ?? 'initial_balance') === 'initial_balance',
      dailyBasis: BASIS[rules.dailyLossBasis ?? 'day_start_balance'],
      dailyAtFloor: rules.dailyLossComparison === 'at_or_below',
      maxLimit: rules.maxLossPercent ?? Number.NaN,
      maxOfMark: rules.maxLossAmountOf === 'high_water_mark',
      maxAtFloor: rules.maxLossComparison === 'at_or_below',
      trailing,
      trailsEquity: type === 'trailing_equity',
      lockLevel: lock ? 100 : Number.POSITIVE_INFINITY,
      lockTrigger: lock && rules.lockTriggerPercent != null ? 100 + rules.lockTriggerPercent : Number.POSITIVE_INFINITY,
      // Days only: the trades' per-day losses are added by fit_plans' `trades` method.
      tradeLoss: new Float64Array(0),
      tradeLimit: Number.NaN,
    },
  };
}

function outcomes(counts: RunCounts, paths: number, timeLimited: boolean): Omit<SimulationOutcomes, 'riskScale'> {
  const median = histogramQuantile(counts.passDays, counts.pass, 0.5);
  const p90 = histogramQuantile(counts.passDays, counts.pass, 0.9);
  return {
    passProbability: counts.pass / paths,
    passInterval: wilsonInterval(counts.pass, paths),
    breachDailyLoss: counts.daily / paths,
    breachMaxLoss: counts.max / paths,
    timeout: timeLimited ? counts.open / paths : null,
    undecided: timeLimited ? null : counts.open / paths,
    daysToPass: median === null || p90 === null ? null : { median, p90 },
  };
}

export function simulateChallenge(input: SimulationInput): Simulation {
  const { run, method, blockDays, timeLimited, withLow } = compile(input);
  const scales = input.riskScale ?? [];
  check(Array.isArray(scales) && scales.length <= MAX_SCALES, 'riskScale', `give at most ${MAX_SCALES} factors`);
  scales.forEach((s, i) => check(finite(s) && s >= 0 && s <= MAX_SCALE, `riskScale[${i}]`, `must be a factor from 0 to ${MAX_SCALE}`));

  const breach = input.breach ?? null;
  // After a breach no path is run: every one of them is that breach.
  const counts = (scale: number): RunCounts => (breach ? breachedCounts(run.paths, breach) : runPaths(run, scale));
  const main = outcomes(counts(1), run.paths, timeLimited);
  const fees = expectedFees(input.fees, main.passProbability);
  const days = run.series.length;
  return {
    breach,
    ...main,
    expectedAttempts: main.passProbability > 0 ? 1 / main.passProbability : null,
    expectedFees: fees.value,
    expectedFeesNote: fees.note,
    byRiskScale: scales.map((riskScale) => ({ riskScale, ...outcomes(counts(riskScale), run.paths, timeLimited) })),
    method,
    blockDays: method === 'block' ? blockDays : null,
    paths: run.paths,
    seed: run.seed,
    horizonDays: run.horizon,
    timeLimited,
    historyDays: days,
    intradayLowDays: withLow,
    lowData: days < MIN_HISTORY_DAYS,
    notes: [
      ...(breach ? [NOTES.breached(breach)] : []),
      ...(withLow === 0 ? [NOTES.noLows] : withLow < days ? [NOTES.someLows(withLow, days)] : []),
      ...(timeLimited ? [] : [NOTES.undecided(run.horizon)]),
      NOTES.resampled,
      NOTES.interval,
    ],
  };
}

/** Every path ends in the breach already seen. */
function breachedCounts(paths: number, breach: SimulationBreach): RunCounts {
  const daily = breach.rule === 'dailyLoss';
  return { pass: 0, daily: daily ? paths : 0, max: daily ? 0 : paths, trade: 0, open: 0, passDays: new Int32Array(1) };
}
