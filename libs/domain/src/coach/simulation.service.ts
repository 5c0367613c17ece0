import {
  challengeTradeRules,
  CoachInputError,
  MAX_SERIES_DAYS,
  MIN_HISTORY_DAYS,
  effectiveRules,
  firmDayAt,
  readSimulationRules,
  simulateChallenge,
  tradedDays,
  unpublishedAmong,
  type EffectiveRules,
  type Fees,
  type Simulation,
  type SimulationInput,
  type SimulationRules,
  type SimulationRulesRead,
} from '@propfolio/coach';
import { AppError, todayIso, type Caller, type OperationContext } from '@propfolio/core';
import { isoToDate } from '../shared/dates.js';
import { Amount, type CoachRepository, type SimulationStartFacts } from './coach.repository.js';
import type { SimulateChallengeInput, SimulatePlanInput } from './coach.inputs.js';
import { requireId } from '../shared/ids.js';
import { CurrencyTotals } from '../shared/money.js';
import {
  challengeRules,
  planFacts,
  planRulesFor,
  rolloverOf,
  type ChallengeRules,
  type PlanRulesSource,
  type PlanVersion,
} from './challenge-rules.js';
import type { HeadroomService } from './headroom.service.js';
import type { ChallengeHeadroom, ChallengeSimulation, PlanSimulation } from './coach.outputs.js';
import { phaseOf } from './phase.js';
import { hasNoRules, NO_RULES_MESSAGE } from './no-rules.js';

/**
 * Whom a simulation runs for, by the operation context's own fields (the pool serves signed-in callers first). Not
 * the CPU pool's type: the coach runs on the pool, the pool's module imports the statements, which read the coach's
 * rules, so naming it here tied the three into a loop (docs/architecture.md, "Contexts and their loops").
 */
export type SimulationRequester = Pick<OperationContext, 'caller' | 'clientAddress'>;

/** Runs a simulation for `who`; the composition root passes its CPU pool, tests and tools run it in-process. */
export type Simulator = (input: SimulationInput, who: SimulationRequester) => Promise<Simulation>;
export const simulateInProcess: Simulator = (input) => Promise.resolve(simulateChallenge(input));

type State = ChallengeSimulation['start'];

const FRESH_START: Omit<State, 'accountId'> = {
  balancePercent: 100,
  equityPercent: 100,
  highWaterMarkPercent: 100,
  daysDone: 0,
  tradingDaysDone: 0,
  bestDayPercent: 0,
  today: null,
  daysLeft: null,
};

/** Trading days in a span of calendar days: a payout's waiting time is in calendar days, a simulated day is a trading day. */
const tradingDaysIn = (calendarDays: number): number => Math.ceil((calendarDays * 5) / 7);

/** The catalog's fee refund and first payout (the coach's rules do not carry fees). */
function payoutTerms(plan: PlanVersion | null): { refundsOnFirstPayout: boolean; firstPayoutAfterDays: number | null } {
  const rules = plan?.rules as
    { feeRefund?: { when?: string | null } | null; payout?: { firstAfterDays?: number | null } | null } | undefined;
  return { refundsOnFirstPayout: rules?.feeRefund?.when === 'first_payout', firstPayoutAfterDays: rules?.payout?.firstAfterDays ?? null };
}

function coachError(error: unknown): unknown {
  return error instanceof CoachInputError ? AppError.invalidField(error.field, error.message) : error;
}

/** 422 rules_unknown: a simulation over an unknown rule would answer on a guess (once: passProbability 0, timeout 1). */
function refuseUnknownRules(read: SimulationRulesRead, noRules = false, plan: PlanVersion | null = null): void {
  if (read.missing.length === 0) return;
  // The rules the plan's firm publishes nowhere are named as such: setting them is the trader's call, not a catalog gap.
  const unpublished = unpublishedAmong(plan?.rules.unpublished, read.missing);
  const firmSays =
    unpublished.length === 0
      ? ''
      : ` ${plan?.firm ?? 'The firm'} does not publish ${unpublished.map((u) => (u.note ? `${u.rule} (${u.note})` : u.rule)).join('; ')}.`;
  throw new AppError(
    'rules_unknown',
    noRules
      ? `${NO_RULES_MESSAGE} Unknown: ${read.missing.join(', ')}.`
      : `The simulation needs rules that are unknown: ${read.missing.join(', ')}.${firmSays} Set them with set_challenge_rules (PATCH /challenges/{id}/rules) or give them in rules.`,
    read.missing.map((field) => ({ field: `rules.${field.split(' ')[0] ?? field}`, message: 'unknown' })),
    { missing: read.missing.join(', '), ...(unpublished.length > 0 ? { unpublished: unpublished.map((u) => u.rule).join(', ') } : {}) },
  );
}

/**
 * Pass probability from where the trader stands: the challenge's current state (its headroom now: equity,
 * today's floor, floating P&L, high-water mark, days), the merged rules of its phase, and a P&L series
 * (tracked days with their intraday lows, or one the caller supplies), simulated by the coach off the event
 * loop. Unknown rules are a 422 naming each. The public variant takes a plan or rules and a supplied series.
 */
export class SimulationService {
  constructor(
    private readonly facts: CoachRepository,
    private readonly plans: PlanRulesSource,
    private readonly headroom: HeadroomService,
    private readonly simulate: Simulator = simulateInProcess,
  ) {}

  async forChallenge(caller: Caller, input: SimulateChallengeInput, now = new Date()): Promise<ChallengeSimulation> {
    const who: SimulationRequester = { caller };
    const challenge = await this.facts.simulatedChallenge(caller, input.id);
    const [rules, headroom, realized] = await Promise.all([
      challengeRules(this.plans, challenge),
      this.headroom.forChallenge(caller, { id: challenge.id }, now),
      this.realized(caller, challenge.id),
    ]);
    const account = headroom.accountId === null ? null : await this.facts.simulationStart(headroom.accountId);
    const initial = account ? account.initialBalance.toNumber() : (rules.plan?.accountSize ?? null);
    const phases = rules.effective.rules.profitTargetsPercent?.length ?? rules.plan?.phases ?? null;
    const phase = phaseOf(challenge.phase, phases);
    const read = readSimulationRules(rules.effective.rules, phase, initial);
    refuseUnknownRules(read, hasNoRules(challenge), rules.plan);

    const history = input.dailyPnlPercent
      ? { series: input.dailyPnlPercent, lows: input.dailyPnlPercent.map(() => null), accounts: [] }
      : await this.history(caller, challenge.id, input.accountId);
    // A floor already crossed is the answer whatever the history: the attempt has failed at the firm.
    const breach = headroom.breach ? { rule: headroom.breach.rule, day: headroom.breach.day, breachedAt: headroom.breach.at } : null;
    if (!breach && !input.dailyPnlPercent && history.series.length < MIN_HISTORY_DAYS) {
      const n = history.series.length;
      throw new AppError(
        'insufficient_history',
        `The simulation needs at least ${MIN_HISTORY_DAYS} traded days; ${n === 1 ? 'there is 1' : `there are ${n}`}${input.accountId ? ' on this account' : ''} (days without trading, such as a deposit or a weekend report, do not count). Import a statement (POST /accounts/{id}/statements), let the tracker report more days, or pass your own dailyPnlPercent.`,
        undefined,
        { reportedDays: n, neededDays: MIN_HISTORY_DAYS },
      );
    }
    const timeLimit = timeLimitDays(rules.effective);
    const state = account ? stateNow(account, headroom, rules, now) : { ...FRESH_START };
    const start: State = { ...state, accountId: headroom.accountId, daysLeft: state.daysLeft ?? timeLimit };
    const base = {
      dailyPnlPercent: history.series,
      dailyLowPercent: history.lows,
      ...options(input),
    };
    const fees = await this.fees(rules, phase, initial, Number(challenge.price), base, who);
    const simulation = await this.run(
      {
        ...base,
        // Too short a history is no reason to answer a breach with an error: one flat day stands in, and no path is run.
        dailyPnlPercent: breach && base.dailyPnlPercent.length === 0 ? [0] : base.dailyPnlPercent,
        dailyLowPercent: breach && base.dailyPnlPercent.length === 0 ? [null] : base.dailyLowPercent,
        state: start,
        rules: read.rules,
        riskScale: input.riskScale ?? [],
        fees: fees.fees,
        breach,
      },
      who,
    );
    return {
      challengeId: challenge.id,
      currency: challenge.currency,
      history: {
        source: input.dailyPnlPercent ? 'supplied' : 'tracked',
        accounts: history.accounts,
        dailyPnlPercent: [...history.series],
        dailyLowPercent: [...history.lows],
      },
      start,
      ...planFacts(rules),
      rulesProvenance: rules.effective.provenance,
      realized,
      ...simulation,
      notes: [...simulation.notes, ...read.notes, ...fees.notes],
    };
  }

  async forPlan(input: SimulatePlanInput, now = new Date(), who: SimulationRequester = { caller: null }): Promise<PlanSimulation> {
    if (input.planId === undefined && input.rules === undefined) throw AppError.invalidField('planId', 'give planId, rules, or both');
    const purchasedOn = input.purchasedOn ?? todayIso(now);
    // A plan is simulated from its first phase, with the rules of that stage and purchase date (no platform known);
    // an instant-funding plan (no evaluation phase) from its funded stage, which has no target.
    const version = input.planId === undefined ? null : await this.plans.planRulesOn(input.planId, purchasedOn);
    const startStage = version?.phases === 0 ? 'funded' : 0;
    const plan =
      version === null
        ? null
        : planRulesFor(version, { purchasedAt: isoToDate(purchasedOn), phase: startStage === 'funded' ? 'Funded' : 'Phase 1' });
    let effective: EffectiveRules;
    try {
      effective = effectiveRules(
        plan?.rules ?? null,
        input.rules ?? null,
        plan ? { planId: plan.planId, checkedOn: plan.checkedOn } : null,
      );
    } catch (error) {
      throw coachError(error);
    }
    const rules = { effective, trade: challengeTradeRules(plan?.rules, input.rules ?? null), plan, planMissing: null };
    const read = readSimulationRules(effective.rules, startStage, plan?.accountSize ?? null);
    refuseUnknownRules(read, false, plan);
    const base = { dailyPnlPercent: input.dailyPnlPercent, ...options(input) };
    const fees = plan?.price != null ? await this.fees(rules, 0, plan.accountSize, plan.price, base, who) : { fees: null, notes: [] };
    const simulation = await this.run(
      {
        ...base,
        state: { ...FRESH_START, daysLeft: timeLimitDays(effective) },
        rules: read.rules,
        fees: fees.fees,
        riskScale: input.riskScale ?? [],
      },
      who,
    );
    return {
      planId: plan?.planId ?? null,
      ...planFacts(rules),
      currency: plan?.currency ?? null,
      rulesProvenance: effective.provenance,
      ...simulation,
      notes: [...simulation.notes, ...read.notes, ...fees.notes],
    };
  }

  private async run(input: SimulationInput, who: SimulationRequester): Promise<Simulation> {
    try {
      return await this.simulate(input, who);
    } catch (error) {
      throw coachError(error);
    }
  }

  /**
   * The fees to pass, and when the plan refunds the fee with the first payout, the chance of reaching that
   * payout once this phase is passed: passing each later phase from a fresh start, then the funded account
   * lasting until its first payout without a breach (the catalog's `payout.firstAfterDays`), each simulated
   * on the same days. Unknown when a later phase's rules or the payout's date are.
   */
  private async fees(
    rules: ChallengeRules,
    phase: number | 'funded' | null,
    initial: number | null,
    price: number,
    base: Pick<SimulationInput, 'dailyPnlPercent' | 'dailyLowPercent' | 'method' | 'blockDays' | 'paths' | 'seed' | 'horizonDays'>,
    who: SimulationRequester,
  ): Promise<{ fees: Fees; notes: string[] }> {
    const terms = payoutTerms(rules.plan);
    if (!terms.refundsOnFirstPayout) return { fees: { price, refundOnFirstPayout: false }, notes: [] };
    const unvalued = (why: string) => ({ fees: { price, refundOnFirstPayout: true }, notes: [`The fee refund is not valued: ${why}.`] });
    if (terms.firstPayoutAfterDays === null) return unvalued('the plan does not say when the first payout comes');
    const timeLimit = timeLimitDays(rules.effective);
    const later: { rules: SimulationRules; daysLeft: number | null }[] = [];
    const phases = rules.effective.rules.profitTargetsPercent?.length ?? 0;
    for (let next = typeof phase === 'number' ? phase + 1 : phases; next < phases; next++) {
      const read = readSimulationRules(rules.effective.rules, next, initial);
      if (read.missing.length > 0) return unvalued(`phase ${next + 1} needs ${read.missing.join(', ')}`);
      later.push({ rules: read.rules, daysLeft: timeLimit });
    }
    const funded = readSimulationRules(rules.effective.rules, 'funded', initial);
    if (funded.missing.length > 0) return unvalued(`the funded account needs ${funded.missing.join(', ')}`);
    later.push({ rules: funded.rules, daysLeft: tradingDaysIn(terms.firstPayoutAfterDays) });
    let reach = 1;
    for (const step of later) {
      const sim = await this.run({ ...base, state: { ...FRESH_START, daysLeft: step.daysLeft }, rules: step.rules, fees: null }, who);
      // The funded account has no target: what reaches the payout is what is still standing when it comes.
      reach *= step.rules.targetPercent === null ? (sim.timeout ?? 0) : sim.passProbability;
    }
    return { fees: { price, refundOnFirstPayout: true, firstPayoutProbability: reach }, notes: [] };
  }

  /**
   * Every traded day (a deposit day or a weekend report is not one) of the accounts linked to the challenge
   * (archived ones included), or of one account of the caller's, up to the newest MAX_SERIES_DAYS, as a percent
   * of its initial balance, oldest first, with the day's intraday low when a snapshot saw it: the lowest equity
   * against the equity at the day's start (the previous report's, else
   * the initial balance), never above the day's close nor above 0.
   */
  private async history(
    caller: Caller,
    challengeId: string,
    accountId: string | undefined,
  ): Promise<{ series: number[]; lows: (number | null)[]; accounts: string[] }> {
    const accounts = await this.facts.simulationHistory(
      caller.userId,
      accountId === undefined ? { challengeId } : { accountId: requireId(accountId, 'EA account') },
    );
    if (accountId !== undefined && accounts.length === 0) throw AppError.notFound('EA account');
    const days: { date: Date; accountId: string; close: number; low: number | null }[] = [];
    for (const account of accounts) {
      const lowOf = new Map(account.lows.map((row) => [row.day.getTime(), row.minEquity]));
      // Only traded days are drawn: a deposit day or a weekend report is not a day of 0 % (tradedDays).
      const traded = new Set(tradedDays(account.days));
      let startEquity = account.initialBalance;
      for (const report of account.days) {
        const percent = (value: Amount) => value.div(account.initialBalance).times(100).toNumber();
        const close = percent(report.closedPnl);
        const minEquity = lowOf.get(report.date.getTime());
        const low = minEquity === undefined ? null : Math.min(0, close, percent(minEquity.minus(startEquity)));
        if (traded.has(report)) days.push({ date: report.date, accountId: account.id, close, low });
        startEquity = report.equity;
      }
    }
    days.sort((a, b) => a.date.getTime() - b.date.getTime() || a.accountId.localeCompare(b.accountId));
    // The engine takes at most MAX_SERIES_DAYS days: a longer history is simulated from its newest days (it was a
    // 400 about dailyPnlPercent, a field this caller never sent).
    const newest = days.slice(-MAX_SERIES_DAYS);
    return {
      series: newest.map((d) => d.close),
      lows: newest.map((d) => d.low),
      accounts: [...new Set(newest.map((d) => d.accountId))],
    };
  }

  /** What the attempts of this challenge (it and the ones it resets) have cost so far, from the ledger. */
  private async realized(caller: Caller, challengeId: string): Promise<ChallengeSimulation['realized']> {
    const fees = new CurrencyTotals();
    const refunds = new CurrencyTotals();
    let attempts = 0;
    let id: string | null = challengeId;
    // The reset chain is short (a handful of attempts); the cap stops a cycle written by hand in the database.
    while (id !== null && attempts < 100) {
      const attempt = await this.facts.attemptCost(caller.userId, id);
      if (!attempt) break;
      attempts++;
      fees.add(attempt.currency, attempt.price);
      for (const cost of attempt.costs) (cost.kind === 'refund' ? refunds : fees).add(cost.currency, cost.amount);
      id = attempt.resetOfId;
    }
    return { attempts, feesPaid: fees.list(), refunds: refunds.list() };
  }
}

/**
 * Where the primary account stands now, in percent of its initial balance: balance and equity (the newer
 * of its latest report and snapshot), the high-water mark its floor trails and the trading days (from the
 * headroom), its best day, and today: while today's report has not come, the first simulated day is today's
 * rest, judged against today's floor as the headroom measures it.
 */
function stateNow(account: SimulationStartFacts, headroom: ChallengeHeadroom, rules: ChallengeRules, now: Date): Omit<State, 'accountId'> {
  const initial = account.initialBalance;
  const percent = (value: Amount | number): number => new Amount(value).div(initial).times(100).toNumber();
  const report = account.days.at(-1);
  const snapshot = account.latest;
  const levels =
    snapshot && (!report || snapshot.day >= report.date)
      ? snapshot
      : report
        ? { balance: report.balance, equity: report.equity }
        : { balance: initial, equity: initial };
  const today = firmDayAt(now, rolloverOf(rules).rollover).day;
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const todayReported = report !== undefined && iso(report.date) >= today;
  const startBalance = account.days.filter((d) => iso(d.date) < today).at(-1)?.balance ?? initial;
  const best = account.days.reduce((m, d) => (d.closedPnl.gt(m) ? d.closedPnl : m), new Amount(0));
  const highWaterMark = headroom.maxLoss?.highWaterMark ?? null;
  const floor = headroom.dailyLoss?.floor ?? null;
  const daysAfterToday = headroom.tradingDays?.timeLimitDaysLeft ?? null;
  return {
    balancePercent: percent(levels.balance),
    equityPercent: percent(levels.equity),
    highWaterMarkPercent: highWaterMark === null ? Math.max(100, percent(levels.balance)) : percent(highWaterMark),
    daysDone: account.days.length,
    tradingDaysDone: headroom.tradingDays?.done ?? 0,
    // The headroom's best day (each position's closed parts on their own days), as the consistency rule reads it.
    bestDayPercent: percent(headroom.consistency ? headroom.consistency.bestDayProfit : best),
    today: todayReported
      ? null
      : {
          floorPercent: floor === null ? null : percent(floor),
          startBalancePercent: percent(startBalance),
          traded: snapshot !== null && iso(snapshot.day) === today && !snapshot.balance.eq(startBalance),
        },
    daysLeft: daysAfterToday === null ? null : Math.max(0, daysAfterToday + (todayReported ? 0 : 1)),
  };
}

function options(
  input: SimulateChallengeInput | SimulatePlanInput,
): Pick<SimulationInput, 'method' | 'blockDays' | 'paths' | 'seed' | 'horizonDays'> {
  return {
    ...(input.method ? { method: input.method } : {}),
    ...(input.blockDays ? { blockDays: input.blockDays } : {}),
    ...(input.paths ? { paths: input.paths } : {}),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.horizonDays ? { horizonDays: input.horizonDays } : {}),
  };
}

const timeLimitDays = (rules: EffectiveRules): number | null =>
  typeof rules.rules.timeLimit === 'object' && rules.rules.timeLimit !== null ? rules.rules.timeLimit.days : null;
