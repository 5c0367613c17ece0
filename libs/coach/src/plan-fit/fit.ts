/**
 * Forward odds for every plan: the single-plan simulation (simulate.ts: compile and the engine's runPaths) run for
 * each plan's evaluation phases from fresh starts on the same draws, at the trader's current risk (scale 1) and
 * over a bounded range of risk scales, and past the pass the funded stage with its payouts (funded.ts) where the
 * plan's payout rules are known.
 *
 * A plan whose evaluation rules are unknown is answered as such, with the rules named: no odds, never ranked. A
 * plan whose payout rules (or funded-stage rules) are unknown gets odds but `expectedValue: null`, naming them.
 * Phase 1 at scale 1 is exactly simulateChallenge's answer for the same series, rules, paths and seed.
 *
 * Plans that compile to the same numbers (a firm's sizes of one program, in percent) share their runs.
 *
 * The fees of one purchase: a one-time plan's price; a monthly plan's price at purchase and again at the start of
 * every month (21 simulated days) its evaluation account is still open, the months counted on the same paths (a
 * path open after day 21k pays the (k+1)-th month). No reset is priced: the catalog states no plan's reset price.
 */
import { effectiveRules } from '../rules/effective.js';
import { rulesInContext, stageOf } from '../rules/variants.js';
import { CoachInputError } from '../shared/errors.js';
import { type CompiledRun, type Draws, drawTable, drawsKey, runPaths } from '../simulate/engine.js';
import { DEFAULT_PATHS, DEFAULT_SEED } from '../simulate/limits.js';
import { readSimulationRules } from '../simulate/rules-for.js';
import { compile, type SimulationInput } from '../simulate/simulate.js';
import { histogramQuantile, wilsonInterval } from '../simulate/stats.js';
import { planTradeRules } from '../trade-rules/trades.js';
import { type PayoutSchedule, runFundedPaths } from './funded.js';
import { tradeDays } from './trade-days.js';
import type { FitAnswer, FitInput, FitOdds, FitPhaseOdds, FitPlan, FitPlanAnswer } from './types.js';

/** The risk scales searched: a quarter of the current risk to three times it. */
export const FIT_SCALES: readonly number[] = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];
/** Paths per scale while searching; the best scale is re-run with every path. */
export const FIT_SEARCH_PATHS = 1000;
/** Most plans one answer covers (the catalog holds about 92). */
export const MAX_FIT_PLANS = 300;
/** Most paths × plans one answer simulates: every catalog plan at 10,000 paths, with room. */
export const MAX_FIT_CELLS = 1_500_000;
export const DEFAULT_PAYOUT_HORIZON_DAYS = 180;
export const MAX_PAYOUT_HORIZON_DAYS = 730;
/** Most path-days one answer's draw table holds (32 MB at 16 bits): 10,000 paths over a 180-day payout horizon take 1.3 M. */
const MAX_DRAW_CELLS = 16_000_000;

const Z = 1.959963984540054;
/** Trading days in calendar days (a payout's wait is in calendar days, a simulated day is a trading day). */
const tradingDaysIn = (calendarDays: number): number => Math.ceil((calendarDays * 5) / 7);
/** Trading days from one payout to the next one's due day, by cadence (on demand: any later day). */
const CADENCE_DAYS: Record<string, number> = { weekly: 5, bi_weekly: 10, monthly: 21, on_demand: 1 };
/** Simulated (trading) days from one monthly charge to the next, as the monthly payout cadence counts them. */
const MONTH_DAYS = 21;

const NOTES = {
  phases:
    'Each evaluation phase is simulated from a fresh start on the same draws, one after another; a path still open when a phase ends without a time limit counts as not passed.',
  scale:
    'A risk scale multiplies every daily P&L and intraday low of the history; the search runs fewer paths per scale, and the best scale is re-run with every path.',
  payouts: (days: number) =>
    `Payouts: the funded account is followed for ${days} calendar days from funding; a payout is taken on the first day on or after it is due on which the account is in profit and the plan's minimum days and payout consistency hold; the profit above the initial balance is withdrawn, the split paid, and the account starts again from its initial balance.`,
  assumedNone: (rules: string[]) =>
    `The catalog does not state ${rules.join(' or ')} for this plan's payouts: taken as none (a payout needs no such condition).`,
  instant: 'No evaluation: the pass probability is 1; compare the plan by its expected value.',
  interval: 'Intervals are Monte Carlo error only; a phase product takes the product of the phases’ bounds.',
  fees: 'Fees: a one-time plan’s price once; a monthly plan’s price at purchase and again every month (21 simulated days) its evaluation account is open, neither passed nor breached. No reset is priced: the catalog holds no plan’s reset price, so each value is one purchase without resets.',
  trades:
    'Trades: whole days are drawn with their trades (blocks of days); a day’s dip is its trades’ worst, one after another in the order they opened, and a trade that lost more than a plan’s risk per trade breaks that rule.',
  riskPerTrade: (percent: number) => `The plan caps the risk per trade at ${percent} %: judged only with method "trades".`,
};

interface PhaseRun {
  run: CompiledRun;
  /** A monthly plan's run cut at each month's end before its horizon (day 21, 42, …): who is open there pays the next month. */
  months: CompiledRun[];
}

interface ReadPlan {
  phases: PhaseRun[];
  funded: CompiledRun | null;
  schedule: PayoutSchedule | null;
  unknownRules: string[];
  unknownPayoutRules: string[];
  notes: string[];
}

interface PayoutRules {
  profitSplit?: { percent?: number | null; steps?: { fromPayout: number; percent: number }[] } | null;
  payout?: {
    cadence?: string | null;
    firstAfterDays?: number | null;
    everyDays?: number | null;
    minDays?:
      | 'none'
      | { days: number; counts: 'trading_day' | 'profitable_day'; minProfitPercent?: number | null; minProfitAmount?: number | null }
      | null;
    consistency?: 'none' | { bestDayMaxPercent: number } | null;
  } | null;
  feeRefund?: { when?: string | null } | null;
}

/** The price comes back after this many payouts (0: with none), or with the pass itself. */
function refundOf(when: string | null): { after: number; onPass: boolean } | null {
  if (when === 'first_payout') return { after: 1, onPass: false };
  if (when === 'third_payout') return { after: 3, onPass: false };
  if (when === 'after_passing') return { after: 0, onPass: true };
  if (when === 'never' || when === 'not_applicable') return { after: 0, onPass: false };
  return null;
}

/** A profitable day's least profit in % of the initial balance (a firm's fixed amount divided by the size). */
function profitableDayPercent(days: { minProfitPercent?: number | null; minProfitAmount?: number | null }, size: number | null): number {
  if (days.minProfitPercent != null) return days.minProfitPercent;
  if (days.minProfitAmount != null && size !== null && size > 0) return (days.minProfitAmount / size) * 100;
  return 0;
}

/** The trader's split by payout (the base split, then each step from its payout on), 0 to 1. */
function splitsOf(base: number, steps: readonly { fromPayout: number; percent: number }[] = []): number[] {
  const last = steps.reduce((m, s) => Math.max(m, s.fromPayout), 1);
  return Array.from({ length: last }, (_, k) => {
    const step = steps
      .filter((s) => s.fromPayout <= k + 1)
      .sort((x, y) => x.fromPayout - y.fromPayout)
      .at(-1);
    return (step?.percent ?? base) / 100;
  });
}

/**
 * The plan's payout schedule in simulated days, or null naming every payout rule it lacks in `missing`. A
 * per-payout condition the catalog leaves out entirely (minimum days, payout consistency) is taken as none and
 * said in `notes`; one it marks unknown (null) is missing.
 */
function schedule(plan: FitPlan, fundedRules: object, missing: string[], notes: string[]): PayoutSchedule | null {
  const rules = fundedRules as PayoutRules;
  const split = rules.profitSplit?.percent ?? null;
  const payout = rules.payout ?? null;
  const first = payout?.firstAfterDays ?? null;
  const cadence = payout?.cadence ?? null;
  const every = payout?.everyDays ?? null;
  const refund = refundOf(rules.feeRefund?.when ?? null);
  if (split === null) missing.push('profitSplit.percent');
  if (first === null) missing.push('payout.firstAfterDays');
  const cadenceDays = every !== null ? tradingDaysIn(every) : cadence === null ? undefined : CADENCE_DAYS[cadence];
  if (cadenceDays === undefined) missing.push(`payout.cadence${cadence ? ` (${cadence})` : ''}`);
  if (refund === null) missing.push(`feeRefund.when${rules.feeRefund?.when ? ` (${rules.feeRefund.when})` : ''}`);
  const minDays = payout?.minDays;
  const consistency = payout?.consistency;
  if (minDays === null) missing.push('payout.minDays');
  if (consistency === null) missing.push('payout.consistency');
  if (plan.accountSize === null) missing.push('accountSize');
  if (plan.price === null) missing.push('price');
  if (missing.length > 0 || split === null || first === null || cadenceDays === undefined || refund === null) return null;
  const assumed = [...(minDays === undefined ? ['payout.minDays'] : []), ...(consistency === undefined ? ['payout.consistency'] : [])];
  if (assumed.length > 0) notes.push(NOTES.assumedNone(assumed));
  const days = typeof minDays === 'object' && minDays !== null ? minDays : null;
  return {
    firstDay: Math.max(1, tradingDaysIn(first)),
    everyDays: Math.max(1, cadenceDays),
    splits: splitsOf(split, rules.profitSplit?.steps),
    refundAfter: refund.after,
    refundOnPass: refund.onPass,
    minDays: days?.days ?? 0,
    minDayProfit: days?.counts === 'profitable_day' ? profitableDayPercent(days, plan.accountSize) : Number.NaN,
    bestDayShare: typeof consistency === 'object' && consistency !== null ? consistency.bestDayMaxPercent / 100 : Number.NaN,
  };
}

type Base = Pick<SimulationInput, 'dailyPnlPercent' | 'dailyLowPercent' | 'method' | 'blockDays' | 'paths' | 'seed' | 'horizonDays'>;

/** The days' largest trade losses when trades are drawn; null otherwise (per-trade rules are not judged). */
type TradeLoss = Float64Array | null;

function readPlan(plan: FitPlan, base: Base, tradeLoss: TradeLoss): ReadPlan {
  const unknownRules = new Set<string>();
  const unknownPayoutRules: string[] = [];
  const notes = new Set<string>();
  const stage = (phase: number | 'funded') => {
    const inStage = rulesInContext(plan.rules, { stage: stageOf(phase), platform: plan.platform ?? null, purchasedOn: plan.purchasedOn });
    const rules = effectiveRules(inStage, null, null).rules;
    const read = readSimulationRules(rules, phase, plan.accountSize);
    const limit = rules.timeLimit;
    const daysLeft = typeof limit === 'object' && limit !== null ? limit.days : null;
    const riskPerTrade = planTradeRules(inStage).maxRiskPerTradePercent;
    if (riskPerTrade !== null && tradeLoss === null) notes.add(NOTES.riskPerTrade(riskPerTrade));
    return { read, daysLeft, inStage, riskPerTrade };
  };
  // With trades drawn, the stage's risk per trade is judged on each drawn day's largest trade loss.
  const withTrades = (run: CompiledRun, riskPerTrade: number | null): CompiledRun =>
    tradeLoss === null ? run : { ...run, tradeLoss, tradeLimit: riskPerTrade ?? Number.NaN };
  const phases: PhaseRun[] = [];
  for (let i = 0; i < plan.phases; i++) {
    const { read, daysLeft, riskPerTrade } = stage(i);
    read.missing.forEach((m) => unknownRules.add(m));
    read.notes.forEach((m) => notes.add(m));
    if (read.missing.length > 0) continue;
    const state = {
      balancePercent: 100,
      equityPercent: 100,
      highWaterMarkPercent: 100,
      daysDone: 0,
      tradingDaysDone: 0,
      bestDayPercent: 0,
      today: null,
      daysLeft,
    };
    const run = withTrades(compile({ ...base, state, rules: read.rules }).run, riskPerTrade);
    const months: CompiledRun[] = [];
    if (plan.billing === 'monthly') for (let day = MONTH_DAYS; day < run.horizon; day += MONTH_DAYS) months.push({ ...run, horizon: day });
    phases.push({ run, months });
  }
  const funded = stage('funded');
  // For an instant plan the funded stage is the only one: its rules are needed for any odds.
  const fundedMissing = funded.read.missing.filter((m) => m !== 'timeLimit');
  if (plan.phases === 0) fundedMissing.forEach((m) => unknownRules.add(m));
  else unknownPayoutRules.push(...fundedMissing.map((m) => `funded ${m}`));
  const payoutMissing: string[] = [];
  if (monthsAcrossPhases(plan)) payoutMissing.push(`billing (monthly over ${plan.phases} evaluation phases)`);
  const payoutNotes: string[] = [];
  // The payout terms in force for this purchase (a variant by purchase date may change the split).
  const payouts = schedule(plan, funded.inStage, payoutMissing, payoutNotes);
  unknownPayoutRules.push(...payoutMissing);
  payoutNotes.forEach((m) => notes.add(m));
  const fundedRun =
    fundedMissing.length === 0
      ? withTrades(
          compile({
            ...base,
            state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null },
            rules: funded.read.rules,
          }).run,
          funded.riskPerTrade,
        )
      : null;
  if (plan.phases === 0) notes.add(NOTES.instant);
  return { phases, funded: fundedRun, schedule: payouts, unknownRules: [...unknownRules], unknownPayoutRules, notes: [...notes] };
}

/**
 * Runs shared between plans whose compiled numbers are equal (series and lows are the same for all). A run's key
 * (its numbers but the series, lows and path count) is written once per compiled run and once per payout schedule,
 * not at every scale: the search asks for each run about twenty times.
 */
function runCache() {
  const phaseRuns = new Map<string, ReturnType<typeof runPaths>>();
  const fundedRuns = new Map<string, ReturnType<typeof runFundedPaths>>();
  const written = new WeakMap<object, string>();
  const once = (of: object, write: () => string): string => {
    let key = written.get(of);
    if (key === undefined) written.set(of, (key = write()));
    return key;
  };
  const runKey = (run: CompiledRun) =>
    once(run, () => {
      const { series: _series, lows: _lows, tradeLoss: _tradeLoss, paths: _paths, ...numbers } = run;
      return JSON.stringify(numbers);
    });
  const withPaths = (run: CompiledRun, paths: number): CompiledRun => (paths === run.paths ? run : { ...run, paths });
  // Every run of one answer draws the same days for a path (drawTable), so they are drawn once, for the most paths
  // and the longest horizon asked so far (a longer one draws the table again, rarely: the funded horizon comes first).
  // Beyond MAX_DRAW_CELLS (100,000 paths over a long payout horizon) the runs draw as they go: same numbers, bounded memory.
  const tables = new Map<string, Draws>();
  const drawsOf = (run: CompiledRun, paths: number, days: number): Draws | null => {
    const key = drawsKey(run);
    let table = tables.get(key);
    if (!table || table.paths < paths || table.days < days) {
      const rows = Math.max(paths, table?.paths ?? 0);
      const length = Math.max(days, table?.days ?? 0);
      if (rows * length > MAX_DRAW_CELLS) return null;
      table = drawTable(run, rows, length);
      tables.set(key, table);
    }
    return table;
  };
  return {
    /** Draws the table up front for the most paths and days the answer will ask for. */
    prepare(run: CompiledRun, paths: number, days: number) {
      drawsOf(run, paths, days);
    },
    phase(run: CompiledRun, paths: number, scale: number) {
      const key = `${runKey(run)}|${paths}|${scale}`;
      let counts = phaseRuns.get(key);
      if (!counts) phaseRuns.set(key, (counts = runPaths(withPaths(run, paths), scale, drawsOf(run, paths, run.horizon))));
      return counts;
    },
    funded(run: CompiledRun, paths: number, scale: number, payouts: PayoutSchedule, horizon: number) {
      const key = `${runKey(run)}|${paths}|${scale}|${once(payouts, () => JSON.stringify(payouts))}|${horizon}`;
      let counts = fundedRuns.get(key);
      if (!counts)
        fundedRuns.set(key, (counts = runFundedPaths(withPaths(run, paths), scale, payouts, horizon, drawsOf(run, paths, horizon))));
      return counts;
    },
  };
}

type Cache = ReturnType<typeof runCache>;

function oddsAt(plan: FitPlan, read: ReadPlan, scale: number, paths: number, horizon: number, cache: Cache): FitOdds {
  const phases: FitPhaseOdds[] = read.phases.map(({ run }) => {
    const counts = cache.phase(run, paths, scale);
    return {
      passProbability: counts.pass / paths,
      passInterval: wilsonInterval(counts.pass, paths),
      medianDaysToPass: histogramQuantile(counts.passDays, counts.pass, 0.5),
    };
  });
  const pass = phases.reduce((p, ph) => p * ph.passProbability, 1);
  const passInterval = {
    low: phases.reduce((p, ph) => p * ph.passInterval.low, 1),
    high: phases.reduce((p, ph) => p * ph.passInterval.high, 1),
  };
  const daysToPass = phases.some((ph) => ph.medianDaysToPass === null) ? null : phases.reduce((s, ph) => s + (ph.medianDaysToPass ?? 0), 0);
  // What a purchase costs is known from the price and the evaluation alone, even where the payouts are not.
  const fees = plan.price === null || monthsAcrossPhases(plan) ? null : feesOf(read.phases, paths, scale, cache);
  // A fee charged on passing (the catalog's `deferredFee`: Topstep's activation fee, the rest of a pay-later price).
  const onPass = feeOnPassOf(plan);
  const expectedFees = fees === null || plan.price === null ? null : plan.price * fees.charges + pass * onPass;
  const odds: FitOdds = {
    riskScale: scale,
    passProbability: pass,
    passInterval,
    phases,
    daysToPass,
    payoutProbability: null,
    expectedPayouts: null,
    expectedRefund: null,
    expectedFees,
    expectedValue: null,
    expectedValueInterval: null,
  };
  if (read.funded === null || read.schedule === null || fees === null || plan.price === null || plan.accountSize === null) return odds;
  const funded = cache.funded(read.funded, paths, scale, read.schedule, horizon);
  const toMoney = plan.accountSize / 100;
  const price = plan.price;
  // Per funded path: what it pays the trader, payouts and the refunded price (refunds with a payout only).
  const { refundAfter, refundOnPass } = read.schedule;
  let sumPaid = 0;
  let sum = 0;
  let sumSq = 0;
  for (let p = 0; p < paths; p++) {
    const paid = (funded.paid[p] ?? 0) * toMoney;
    const value = paid + (refundAfter > 0 && (funded.payouts[p] ?? 0) >= refundAfter ? price : 0);
    sumPaid += paid;
    sum += value;
    sumSq += value * value;
  }
  const meanPaid = sumPaid / paths;
  const refundShare = refundOnPass ? 1 : refundAfter > 0 ? funded.refunded / paths : 0;
  const perFunded = sum / paths + (refundOnPass ? price : 0) - onPass;
  // Variance of the mean of the funded paths' values; the pass probability's from its interval (delta method).
  const variance = Math.max(0, sumSq / paths - (sum / paths) ** 2) / paths;
  const sdPass = (passInterval.high - passInterval.low) / (2 * Z);
  const ev = pass * perFunded - price * fees.charges;
  // The charges' own spread, and their covariance with the pass (a path that passes late pays more months).
  const feeVariance = (price * price * fees.variance - 2 * perFunded * price * fees.covarianceWithPass) / paths;
  const sd = Math.sqrt(Math.max(0, perFunded * perFunded * sdPass * sdPass + pass * pass * variance + feeVariance));
  return {
    ...odds,
    payoutProbability: pass * (funded.paidOnce / paths),
    expectedPayouts: pass * meanPaid,
    expectedRefund: pass * refundShare * price,
    expectedFees,
    expectedValue: ev,
    expectedValueInterval: { low: ev - Z * sd, high: ev + Z * sd },
  };
}

/** The fee a plan charges when its evaluation is passed, 0 when it charges none. */
function feeOnPassOf(plan: FitPlan): number {
  const fee = (plan.rules as { deferredFee?: number | null }).deferredFee;
  return typeof fee === 'number' && Number.isFinite(fee) ? fee : 0;
}

/**
 * A subscription whose months run on across several phases (or into an instant account's funded stage), which the
 * phases' fresh starts do not follow: its fees, and so its value, are not answered.
 */
function monthsAcrossPhases(plan: FitPlan): boolean {
  return plan.billing === 'monthly' && plan.phases !== 1;
}

/**
 * The charges of one purchase, in prices: 1 for a one-time plan. A monthly one-phase plan pays once more for each
 * month end its path is open at; with o_k the share open after day 21k (nested: open at a later end means open at
 * every earlier one), E[C] = 1 + Σ o_k, E[C²] = 1 + Σ (2k + 1) o_k, and E[pass · C] from the pass days (a path
 * that passes on day d paid the months that began before it).
 */
function feesOf(phases: readonly PhaseRun[], paths: number, scale: number, cache: Cache) {
  const [phase] = phases;
  if (phases.length !== 1 || phase === undefined || phase.months.length === 0) return { charges: 1, variance: 0, covarianceWithPass: 0 };
  const open = phase.months.map((run) => cache.phase(run, paths, scale).open / paths);
  const charges = 1 + open.reduce((sum, o) => sum + o, 0);
  const square = 1 + open.reduce((sum, o, k) => sum + (2 * (k + 1) + 1) * o, 0);
  const { pass, passDays } = cache.phase(phase.run, paths, scale);
  let passCharges = 0;
  for (let day = 0; day < passDays.length; day++) passCharges += (passDays[day] ?? 0) * (1 + Math.floor(Math.max(0, day - 1) / MONTH_DAYS));
  return {
    charges,
    variance: Math.max(0, square - charges * charges),
    covarianceWithPass: passCharges / paths - (pass / paths) * charges,
  };
}

/** What the search maximises: the expected value where known, else the pass probability (per unit of price: the same order). */
const objective = (o: FitOdds): number => o.expectedValue ?? o.passProbability;

function fitOne(plan: FitPlan, base: Base, tradeLoss: TradeLoss, paths: number, payoutHorizon: number, cache: Cache): FitPlanAnswer {
  const read = readPlan(plan, base, tradeLoss);
  if (read.unknownRules.length > 0) {
    return {
      planId: plan.planId,
      simulated: false,
      unknownRules: read.unknownRules,
      unknownPayoutRules: read.unknownPayoutRules,
      atCurrentRisk: null,
      best: null,
      notes: read.notes,
    };
  }
  const current = oddsAt(plan, read, 1, paths, payoutHorizon, cache);
  const searchPaths = Math.min(paths, FIT_SEARCH_PATHS);
  // Scale 1 competes with its full-path run; the other scales with the search's paths.
  let bestScale = 1;
  let bestValue = objective(current);
  for (const scale of FIT_SCALES) {
    if (scale === 1) continue;
    const value = objective(oddsAt(plan, read, scale, searchPaths, payoutHorizon, cache));
    // A tie keeps the scale nearer the current risk.
    if (value > bestValue + 1e-12 || (Math.abs(value - bestValue) <= 1e-12 && Math.abs(scale - 1) < Math.abs(bestScale - 1))) {
      bestValue = value;
      bestScale = scale;
    }
  }
  const best = bestScale === 1 ? current : oddsAt(plan, read, bestScale, paths, payoutHorizon, cache);
  return {
    planId: plan.planId,
    simulated: true,
    unknownRules: [],
    unknownPayoutRules: read.unknownPayoutRules,
    atCurrentRisk: current,
    // The full-path run may disagree with the search's pick; the current risk stays best when it does better.
    best: objective(best) >= objective(current) ? best : current,
    notes: read.notes,
  };
}

/** Forward odds (and the money, where known) of every plan from one daily P&L series. */
export function fitPlans(input: FitInput): FitAnswer {
  const plans: readonly FitPlan[] = Array.isArray(input.plans) ? input.plans : [];
  if (plans.length === 0 || plans.length > MAX_FIT_PLANS) throw new CoachInputError(`plans: give 1 to ${MAX_FIT_PLANS} plans`, 'plans');
  const paths = input.paths ?? DEFAULT_PATHS;
  if (paths * plans.length > MAX_FIT_CELLS)
    throw new CoachInputError(`paths: paths × plans may be at most ${MAX_FIT_CELLS}; here ${paths} × ${plans.length}`, 'paths');
  const horizonDays = input.payoutHorizonDays ?? DEFAULT_PAYOUT_HORIZON_DAYS;
  if (!Number.isInteger(horizonDays) || horizonDays < 1 || horizonDays > MAX_PAYOUT_HORIZON_DAYS)
    throw new CoachInputError(`payoutHorizonDays: must be a whole number from 1 to ${MAX_PAYOUT_HORIZON_DAYS}`, 'payoutHorizonDays');
  const method = input.method ?? 'block';
  if (!['block', 'iid', 'trades'].includes(method)) throw new CoachInputError('method: must be "block", "iid" or "trades"', 'method');
  const trades = method === 'trades' ? tradeDays(input.dailyPnlPercent, input.dailyTrades, input.dailyLowPercent) : null;
  const base: Base = {
    dailyPnlPercent: input.dailyPnlPercent,
    ...(trades ? { dailyLowPercent: trades.lows } : input.dailyLowPercent ? { dailyLowPercent: input.dailyLowPercent } : {}),
    // Trades are drawn as the block method draws days: a day and its trades are one draw.
    method: method === 'iid' ? 'iid' : 'block',
    ...(input.blockDays ? { blockDays: input.blockDays } : {}),
    paths,
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.horizonDays ? { horizonDays: input.horizonDays } : {}),
  };
  // Checks the series and options once, with the simulation's own messages.
  const checked = compile({
    ...base,
    state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null },
    rules: { targetPercent: null, dailyLossPercent: null, maxLossPercent: null },
  });
  const cache = runCache();
  const payoutHorizon = tradingDaysIn(horizonDays);
  cache.prepare(checked.run, paths, Math.max(payoutHorizon, checked.run.horizon));
  return {
    paths,
    seed: input.seed ?? DEFAULT_SEED,
    method: trades ? 'trades' : checked.method,
    scales: [...FIT_SCALES],
    searchPaths: Math.min(paths, FIT_SEARCH_PATHS),
    payoutHorizonDays: horizonDays,
    plans: plans.map((plan) => fitOne(plan, base, trades?.tradeLoss ?? null, paths, payoutHorizon, cache)),
    notes: [NOTES.phases, NOTES.scale, NOTES.payouts(horizonDays), NOTES.fees, NOTES.interval, ...(trades ? [NOTES.trades] : [])],
  };
}
