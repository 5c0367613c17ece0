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
import { type CompiledRun, runPaths, type RunCounts } from './engine.js';
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
  /** Current balance in % of the initial balance, e.g. 103.2. */
  balancePercent: number;
  /** Highest level a trailing floor has trailed so far, in % of the initial balance (100 at the start). */
  highWaterMarkPercent: number;
  /** Days of the phase already behind (context only). */
  daysDone: number;
  tradingDaysDone: number;
  /** Simulated days left under the time limit; null when there is none. */
  daysLeft: number | null;
}

export interface SimulationRules {
  /** Profit target in % of the initial balance (10 = reach 110); null when there is none (funded). */
  targetPercent: number | null;
  /** Daily loss limit in percent; null when there is none. */
  dailyLossPercent: number | null;
  /** The day's reference: the initial balance, or the day-start level (balance = equity at each close here). */
  dailyLossBasis?: 'initial_balance' | 'day_start_balance' | 'max_balance_equity';
  /** What the daily percentage is taken of (default: the initial balance). */
  dailyLossAmountOf?: 'initial_balance' | 'reference';
  /** Maximum loss in % of the initial balance; null when there is none. */
  maxLossPercent: number | null;
  maxLossType?: 'static' | 'trailing_eod' | 'trailing_closed_balance' | 'trailing_equity';
  /** Whether a trailing floor stops at the initial balance. */
  lockAtInitial?: boolean;
  /** Profit (%) at which a trailing floor jumps to the initial balance. */
  lockTriggerPercent?: number | null;
  minTradingDays?: number;
}

export interface SimulationInput {
  state: SimulationState;
  rules: SimulationRules;
  /** The trader's daily closed P&L, in % of the initial balance, oldest first. */
  dailyPnlPercent: readonly number[];
  method?: 'block' | 'iid';
  blockDays?: number;
  paths?: number;
  seed?: number;
  /** Simulated days when there is no time limit (default 60). */
  horizonDays?: number;
  /** Factors (0 to 5, at most 10 of them) to re-run the same paths with every P&L scaled. */
  riskScale?: readonly number[];
  fees?: Fees | null;
}

const NOTES = [
  'Each day is applied as one closing move: intraday drawdowns are not modelled, so equity-based daily limits and intraday trailing floors are judged at the close only (optimistic).',
  'Days are resampled from the history given; future behaviour that differs from it is not modelled.',
  'The interval is Monte Carlo error only; the shortness of the history adds uncertainty it does not show.',
];

function check(ok: boolean, field: string, message: string): void {
  if (!ok) throw new CoachInputError(`${field}: ${message}`, field);
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const wholeIn = (x: unknown, min: number, max: number): x is number => Number.isInteger(x) && (x as number) >= min && (x as number) <= max;

function compile(input: SimulationInput): { run: CompiledRun; method: 'block' | 'iid'; blockDays: number } {
  const { state, rules } = input;
  const series = input.dailyPnlPercent;
  check(
    Array.isArray(series) && series.length >= 1 && series.length <= MAX_SERIES_DAYS,
    'dailyPnlPercent',
    `give 1 to ${MAX_SERIES_DAYS} days`,
  );
  series.forEach((x, i) => check(finite(x) && Math.abs(x) <= 100, `dailyPnlPercent[${i}]`, 'must be a number from -100 to 100'));
  const method = input.method ?? 'block';
  check(['block', 'iid'].includes(method), 'method', 'must be "block" or "iid"');
  const blockDays = input.blockDays ?? DEFAULT_BLOCK_DAYS;
  check(finite(blockDays) && blockDays >= 1 && blockDays <= MAX_SERIES_DAYS, 'blockDays', 'must be at least 1');
  const paths = input.paths ?? DEFAULT_PATHS;
  check(wholeIn(paths, 1, MAX_PATHS), 'paths', `must be a whole number from 1 to ${MAX_PATHS}`);
  const seed = input.seed ?? DEFAULT_SEED;
  check(wholeIn(seed, 0, 0xffffffff), 'seed', 'must be a whole number from 0 to 4294967295');
  check(finite(state.balancePercent) && state.balancePercent > 0, 'state.balancePercent', 'must be above 0');
  check(finite(state.highWaterMarkPercent), 'state.highWaterMarkPercent', 'must be a number');
  check(wholeIn(state.tradingDaysDone, 0, 100_000), 'state.tradingDaysDone', 'must be a whole number of at least 0');
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
  const minTradingDays = rules.minTradingDays ?? 0;
  check(wholeIn(minTradingDays, 0, 100_000), 'rules.minTradingDays', 'must be a whole number of at least 0');

  const trailing = (rules.maxLossType ?? 'static') !== 'static';
  const lock = trailing && rules.lockAtInitial === true;
  return {
    method,
    blockDays,
    run: {
      series: Float64Array.from(series),
      block: method === 'block',
      newBlockChance: 1 / blockDays,
      paths,
      seed,
      horizon,
      startBalance: state.balancePercent,
      startHighWaterMark: trailing ? Math.max(100, state.highWaterMarkPercent, state.balancePercent) : 100,
      startTradingDays: state.tradingDaysDone,
      minTradingDays,
      targetLevel: rules.targetPercent == null ? Number.POSITIVE_INFINITY : 100 + rules.targetPercent,
      dailyLimit: rules.dailyLossPercent ?? Number.NaN,
      dailyOfInitial: (rules.dailyLossAmountOf ?? 'initial_balance') === 'initial_balance',
      dailyFromInitial: rules.dailyLossBasis === 'initial_balance',
      maxLimit: rules.maxLossPercent ?? Number.NaN,
      trailing,
      lockLevel: lock ? 100 : Number.POSITIVE_INFINITY,
      lockTrigger: lock && rules.lockTriggerPercent != null ? 100 + rules.lockTriggerPercent : Number.POSITIVE_INFINITY,
    },
  };
}

function outcomes(counts: RunCounts, paths: number): Omit<SimulationOutcomes, 'riskScale'> {
  const median = histogramQuantile(counts.passDays, counts.pass, 0.5);
  const p90 = histogramQuantile(counts.passDays, counts.pass, 0.9);
  return {
    passProbability: counts.pass / paths,
    passInterval: wilsonInterval(counts.pass, paths),
    breachDailyLoss: counts.daily / paths,
    breachMaxLoss: counts.max / paths,
    timeout: counts.timeout / paths,
    daysToPass: median === null || p90 === null ? null : { median, p90 },
  };
}

export function simulateChallenge(input: SimulationInput): Simulation {
  const { run, method, blockDays } = compile(input);
  const scales = input.riskScale ?? [];
  check(Array.isArray(scales) && scales.length <= MAX_SCALES, 'riskScale', `give at most ${MAX_SCALES} factors`);
  scales.forEach((s, i) => check(finite(s) && s >= 0 && s <= MAX_SCALE, `riskScale[${i}]`, `must be a factor from 0 to ${MAX_SCALE}`));

  const main = outcomes(runPaths(run, 1), run.paths);
  const fees = expectedFees(input.fees, main.passProbability);
  return {
    ...main,
    expectedAttempts: main.passProbability > 0 ? 1 / main.passProbability : null,
    expectedFees: fees.value,
    expectedFeesNote: fees.note,
    byRiskScale: scales.map((riskScale) => ({ riskScale, ...outcomes(runPaths(run, riskScale), run.paths) })),
    method,
    blockDays: method === 'block' ? blockDays : null,
    paths: run.paths,
    seed: run.seed,
    horizonDays: run.horizon,
    historyDays: run.series.length,
    lowData: run.series.length < MIN_HISTORY_DAYS,
    notes: NOTES,
  };
}
