import {
  CoachInputError,
  MIN_HISTORY_DAYS,
  effectiveRules,
  simulateChallenge,
  simulationRulesFor,
  type EffectiveRules,
  type Simulation,
  type SimulationInput,
  type SimulationRules,
} from '@propfolio/coach';
import { AppError, todayIso, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { findOwnedChallenge } from '../challenges/owned-challenge.js';
import type { SimulateChallengeInput, SimulatePlanInput } from './coach.inputs.js';
import { requireId } from '../shared/ids.js';
import { CurrencyTotals } from '../shared/money.js';
import { challengeRules, type PlanRulesSource, type PlanVersion } from './challenge-rules.js';
import type { HeadroomService } from './headroom.service.js';
import type { ChallengeHeadroom } from './coach.outputs.js';
import { phaseIndexOf } from './phase.js';
import type { ChallengeSimulation, PlanSimulation } from './coach.outputs.js';
import type { CpuRequester } from '../workers/cpu-tasks.js';

/** Runs a simulation for `who` (signed-in callers are served first); the composition root passes its CPU pool, tests and tools run it in-process. */
export type Simulator = (input: SimulationInput, who: CpuRequester) => Promise<Simulation>;
export const simulateInProcess: Simulator = (input) => Promise.resolve(simulateChallenge(input));

const FRESH_START = { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0 } as const;

/** The merged rules of one phase for the simulation: that phase's target (none when funded or unknown). */
const simulationRules = (rules: EffectiveRules, phaseIndex: number | null): SimulationRules =>
  simulationRulesFor(rules.rules, phaseIndex === null ? null : (rules.rules.profitTargetsPercent?.[phaseIndex] ?? null));

/** Whether the plan refunds its fee with the first payout (the catalog's rule; the coach's rules do not carry fees). */
const refundsOnFirstPayout = (plan: PlanVersion | null): boolean =>
  (plan?.rules as { feeRefund?: { when?: string | null } | null } | undefined)?.feeRefund?.when === 'first_payout';

function coachError(error: unknown): unknown {
  return error instanceof CoachInputError ? AppError.invalidField(error.field, error.message) : error;
}

/**
 * Pass probability from the trader's own days: the challenge's current state (from its headroom), the
 * merged rules of its phase, and a P&L series (tracked days as a percent of each account's initial
 * balance, or one the caller supplies), simulated by the coach off the event loop. The public variant
 * takes a plan or rules and a supplied series, for a trader who has not bought yet.
 */
export class SimulationService {
  constructor(
    private readonly db: Database,
    private readonly plans: PlanRulesSource,
    private readonly headroom: HeadroomService,
    private readonly simulate: Simulator = simulateInProcess,
  ) {}

  async forChallenge(caller: Caller, input: SimulateChallengeInput, now = new Date()): Promise<ChallengeSimulation> {
    const challenge = await findOwnedChallenge(this.db.prisma, caller, input.id);
    const [rules, headroom, history, realized] = await Promise.all([
      challengeRules(this.plans, challenge),
      this.headroom.forChallenge(caller, { id: challenge.id }, now),
      input.dailyPnlPercent ? Promise.resolve(null) : this.history(caller, input.accountId),
      this.realized(caller, challenge.id),
    ]);
    const series = input.dailyPnlPercent ?? history?.series ?? [];
    if (!input.dailyPnlPercent && series.length < MIN_HISTORY_DAYS) {
      throw new AppError(
        'insufficient_history',
        `The simulation needs at least ${MIN_HISTORY_DAYS} reported days; ${series.length === 1 ? 'there is 1' : `there are ${series.length}`}${input.accountId ? ' on this account' : ''}. Import a statement (POST /accounts/{id}/statements), let the tracker report more days, or pass your own dailyPnlPercent.`,
        undefined,
        { reportedDays: series.length, neededDays: MIN_HISTORY_DAYS },
      );
    }
    const state = headroom.accountId === null ? { ...FRESH_START, daysLeft: null } : await this.state(headroom);
    const owner: CpuRequester = { caller };
    const simulation = await this.run(owner, {
      state: { ...state, daysLeft: state.daysLeft ?? timeLimitDays(rules.effective) },
      rules: simulationRules(rules.effective, phaseIndexOf(challenge.phase, rules.plan?.phases ?? null)),
      dailyPnlPercent: series,
      ...options(input),
      fees: { price: Number(challenge.price), refundOnFirstPayout: refundsOnFirstPayout(rules.plan) },
    });
    return {
      challengeId: challenge.id,
      currency: challenge.currency,
      history: input.dailyPnlPercent ? { source: 'supplied', accounts: [] } : { source: 'tracked', accounts: history?.accounts ?? [] },
      start: { ...state, accountId: headroom.accountId },
      rulesProvenance: rules.effective.provenance,
      realized,
      ...simulation,
    };
  }

  async forPlan(input: SimulatePlanInput, now = new Date(), who: CpuRequester = { caller: null }): Promise<PlanSimulation> {
    if (input.planId === undefined && input.rules === undefined) throw AppError.invalidField('planId', 'give planId, rules, or both');
    const plan = input.planId === undefined ? null : await this.plans.planRulesOn(input.planId, input.purchasedOn ?? todayIso(now));
    let rules: EffectiveRules;
    try {
      rules = effectiveRules(plan?.rules ?? null, input.rules ?? null, plan ? { planId: plan.planId, checkedOn: plan.checkedOn } : null);
    } catch (error) {
      throw coachError(error);
    }
    const simulation = await this.run(who, {
      state: { ...FRESH_START, daysLeft: timeLimitDays(rules) },
      rules: simulationRules(rules, 0),
      dailyPnlPercent: input.dailyPnlPercent,
      ...options(input),
      fees: plan?.price != null ? { price: plan.price, refundOnFirstPayout: refundsOnFirstPayout(plan) } : null,
    });
    return {
      planId: plan?.planId ?? null,
      planCheckedOn: plan?.checkedOn ?? null,
      currency: plan?.currency ?? null,
      rulesProvenance: rules.provenance,
      ...simulation,
    };
  }

  private async run(who: CpuRequester, input: SimulationInput): Promise<Simulation> {
    try {
      return await this.simulate(input, who);
    } catch (error) {
      throw coachError(error);
    }
  }

  /**
   * Where the primary account stands, in percent of its initial balance: its latest balance (report or
   * snapshot, whichever is newer), the high-water mark its floor trails (from the headroom), and its days.
   */
  private async state(headroom: ChallengeHeadroom): Promise<SimulationInput['state']> {
    const id = headroom.accountId ?? '';
    const account = await this.db.prisma.eaAccount.findUniqueOrThrow({
      where: { id },
      select: {
        initialBalance: true,
        dailyPnl: { orderBy: { date: 'desc' }, take: 1, select: { balance: true, date: true } },
        intraday: { orderBy: { at: 'desc' }, take: 1, select: { balance: true, day: true } },
        _count: { select: { dailyPnl: true } },
      },
    });
    const report = account.dailyPnl[0];
    const snapshot = account.intraday[0];
    const balance = snapshot && (!report || snapshot.day >= report.date) ? snapshot.balance : (report?.balance ?? account.initialBalance);
    const percent = (value: Prisma.Decimal | number): number => new Prisma.Decimal(value).div(account.initialBalance).times(100).toNumber();
    const highWaterMark = headroom.maxLoss?.highWaterMark;
    return {
      balancePercent: percent(balance),
      highWaterMarkPercent:
        highWaterMark === null || highWaterMark === undefined ? Math.max(100, percent(balance)) : percent(highWaterMark),
      daysDone: account._count.dailyPnl,
      tradingDaysDone: headroom.tradingDays?.done ?? 0,
      daysLeft: headroom.tradingDays?.timeLimitDaysLeft ?? null,
    };
  }

  /** Every reported day of one account (or of all the caller's accounts) as a percent of its initial balance, oldest first. */
  private async history(caller: Caller, accountId: string | undefined): Promise<{ series: number[]; accounts: string[] }> {
    const rows = await this.db.prisma.dailyPnl.findMany({
      where: { account: { userId: caller.userId, ...(accountId === undefined ? {} : { id: requireId(accountId, 'EA account') }) } },
      orderBy: [{ date: 'asc' }, { accountId: 'asc' }],
      select: { accountId: true, closedPnl: true, account: { select: { initialBalance: true } } },
    });
    if (accountId !== undefined && rows.length === 0) {
      const owned = await this.db.prisma.eaAccount.count({ where: { id: requireId(accountId, 'EA account'), userId: caller.userId } });
      if (owned === 0) throw AppError.notFound('EA account');
    }
    return {
      series: rows.map((row) => row.closedPnl.div(row.account.initialBalance).times(100).toNumber()),
      accounts: [...new Set(rows.map((row) => row.accountId))],
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
      const attempt: {
        price: Prisma.Decimal;
        currency: string;
        resetOfId: string | null;
        costs: { kind: string; amount: Prisma.Decimal; currency: string }[];
      } | null = await this.db.prisma.challenge.findFirst({
        where: { id, userId: caller.userId },
        select: { price: true, currency: true, resetOfId: true, costs: { select: { kind: true, amount: true, currency: true } } },
      });
      if (!attempt) break;
      attempts++;
      fees.add(attempt.currency, attempt.price);
      for (const cost of attempt.costs) (cost.kind === 'refund' ? refunds : fees).add(cost.currency, cost.amount);
      id = attempt.resetOfId;
    }
    return { attempts, feesPaid: fees.list(), refunds: refunds.list() };
  }
}

function options(
  input: SimulateChallengeInput | SimulatePlanInput,
): Pick<SimulationInput, 'method' | 'blockDays' | 'paths' | 'seed' | 'horizonDays' | 'riskScale'> {
  return {
    ...(input.method ? { method: input.method } : {}),
    ...(input.blockDays ? { blockDays: input.blockDays } : {}),
    ...(input.paths ? { paths: input.paths } : {}),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.horizonDays ? { horizonDays: input.horizonDays } : {}),
    ...(input.riskScale ? { riskScale: input.riskScale } : {}),
  };
}

const timeLimitDays = (rules: EffectiveRules): number | null =>
  typeof rules.rules.timeLimit === 'object' && rules.rules.timeLimit !== null ? rules.rules.timeLimit.days : null;
