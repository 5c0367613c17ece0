import {
  CoachInputError,
  DEFAULT_PATHS,
  fitPlans,
  MAX_FIT_CELLS,
  MAX_FIT_PLANS,
  MIN_HISTORY_DAYS,
  type FitAnswer,
  type FitInput,
  type FitTrade,
  MAX_REPLAY_HISTORY_DAYS,
  MAX_REPLAY_PLANS,
  replayPlans,
  type ReplayAnswer,
  type ReplayHistory,
  type ReplayInput,
  type ReplayOutcome,
  type ReplayPlanAnswer,
} from '@propfolio/coach';
import { AppError, KEY_NEEDED_MESSAGE, todayIso, TRACKER_SCOPE_MESSAGE, type Caller } from '@propfolio/core';
import type { PlanRulesSource, PlanVersion } from '../coach/challenge-rules.js';
import { requireId } from '../shared/ids.js';
import type { CpuRequester } from '../workers/cpu-tasks.js';
import type { FitPlansInput, PlanCatalogFilter, ReplayPlansInput } from './planfit.inputs.js';
import type { PlanFit, PlanReplay, PlanReplayRow } from './planfit.outputs.js';
import { fitRow, planColumns, rankRows, seriesOf, shareOut } from './fit-rows.js';
import type { HistoryScope, PlanFitRepository } from './planfit.repository.js';
import { suppliedHistory, trackedHistory } from './replay-history.js';

/** Runs a replay for `who` (the composition root passes its CPU pool; tests and tools run it in-process). */
export type Replayer = (input: ReplayInput, who: CpuRequester) => Promise<ReplayAnswer>;
export const replayInProcess: Replayer = (input) => Promise.resolve(replayPlans(input));
/** Runs forward odds for a group of plans for `who` (the CPU pool's `fit` task, or in-process). */
export type Fitter = (input: FitInput, who: CpuRequester) => Promise<FitAnswer>;
export const fitInProcess: Fitter = (input) => Promise.resolve(fitPlans(input));

/** Paths × plans an anonymous caller gets: every catalog plan at about 2,500 paths (a key lifts it to MAX_FIT_CELLS). */
export const MAX_ANONYMOUS_FIT_CELLS = 250_000;

/** Most start dates × plans one replay answers: a year of start dates for every catalog plan, with room. */
export const MAX_REPLAY_CELLS = 100_000;

const DAY_MS = 86_400_000;
const spanDays = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** Decimals an amount in `currency` is shown with (JPY 0, USD 2). */
function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

const amountIn = (text: string | null, digits: number): number | null => {
  if (text === null) return null;
  const factor = 10 ** digits;
  return Math.round(Number(text) * factor) / factor;
};

function outcomeRow(o: ReplayOutcome): NonNullable<PlanReplayRow['outcomes']>[number] {
  if (o.outcome === 'open') return { start: o.start, outcome: 'open', day: null, on: null, rule: null };
  if (o.outcome === 'passed') return { start: o.start, outcome: 'passed', day: o.day, on: o.on, rule: null };
  return { start: o.start, outcome: 'breached', day: o.day, on: o.on, rule: o.rule };
}

/** The field a filter that keeps no plan is named by: the narrowest one the caller set. */
function filterField(filter: PlanCatalogFilter & { planIds?: string[] }): string {
  const set = (['planIds', 'firms', 'phases', 'accountSizes', 'maxPrice'] as const).filter((f) => filter[f] !== undefined);
  return set.at(-1) ?? 'planIds';
}

/** Ranked first by pass share, then fewer days to pass, then a lower price; plans not replayed (or never started) last. */
function byRank(a: PlanReplayRow, b: PlanReplayRow): number {
  const ranked = (r: PlanReplayRow) => r.replayed && r.starts > 0;
  if (ranked(a) !== ranked(b)) return ranked(a) ? -1 : 1;
  if (!ranked(a)) return a.planId.localeCompare(b.planId);
  return (
    (b.passShare ?? 0) - (a.passShare ?? 0) ||
    (a.medianDaysToPass ?? Infinity) - (b.medianDaysToPass ?? Infinity) ||
    (a.price ?? Infinity) - (b.price ?? Infinity) ||
    a.planId.localeCompare(b.planId)
  );
}

/**
 * Plan fit: which plan of which firm suits the trader's own trading. `replay` lays the history (one the caller sends,
 * or the owner's tracked accounts) over every catalog plan the filter keeps, once per start date, in the CPU pool
 * (libs/coach replayPlans), and ranks the plans by the share of start dates that passed. A plan whose rules the
 * replay needs are unknown is listed with them, never ranked.
 */
export class PlanFitService {
  constructor(
    private readonly facts: PlanFitRepository,
    private readonly plans: PlanRulesSource,
    private readonly replayer: Replayer = replayInProcess,
    private readonly fitter: Fitter = fitInProcess,
  ) {}

  /**
   * Forward odds for every plan the filter keeps (fit_plans): the single-plan simulation of each plan's phases
   * and funded stage from one series (sent, or the owner's tracked traded days), at the current risk and the
   * plan's best risk scale, ranked per unit of price. paths × plans is bounded up front (`too_costly`); an
   * anonymous caller's bound is smaller, and its default paths shrink to fit it. A signed-in caller's plans are
   * shared between two CPU jobs, a firm's plans together.
   */
  async fit(input: FitPlansInput, who: CpuRequester): Promise<PlanFit> {
    let series: number[];
    let lows: (number | null)[] | undefined;
    let trades: FitTrade[][] | null = null;
    let source: PlanFit['source'] = 'supplied';
    let accounts: string[] = [];
    const byTrades = input.method === 'trades';
    if (input.dailyPnlPercent !== undefined) {
      if (byTrades) throw AppError.invalidField('method', 'trades are drawn from your tracked accounts: send no dailyPnlPercent');
      series = input.dailyPnlPercent;
    } else {
      if (!who.caller && byTrades) throw AppError.invalidField('method', 'trades are drawn from your tracked accounts: use an API key');
      if (!who.caller) throw AppError.invalidField('dailyPnlPercent', 'send your daily P&L, or an API key to use your tracked accounts');
      const found = await this.historyOf({}, who.caller);
      ({ source, accounts } = found);
      ({ series, lows, trades } = seriesOf(found.history));
      if (byTrades && trades === null)
        throw AppError.invalidField(
          'method',
          'your accounts have days that moved without trades: draw by days (block), or import the trades',
        );
      if (series.length < MIN_HISTORY_DAYS) {
        throw new AppError(
          'insufficient_history',
          `Forward odds need at least ${MIN_HISTORY_DAYS} traded days; there are ${series.length}. Import a statement, let the tracker report more days, or send dailyPnlPercent.`,
          undefined,
          { reportedDays: series.length, neededDays: MIN_HISTORY_DAYS },
        );
      }
    }
    const kept = await this.facts.plans(input);
    const ids = kept.map((p) => p.id);
    const billing = new Map(kept.map((p) => [p.id, p.billing]));
    if (ids.length === 0) throw AppError.invalidField(filterField(input), 'no catalog plan matches the filter');
    if (ids.length > MAX_FIT_PLANS) throw AppError.invalidField(filterField(input), `at most ${MAX_FIT_PLANS} plans per answer`);
    const bound = who.caller ? MAX_FIT_CELLS : MAX_ANONYMOUS_FIT_CELLS;
    const paths = input.paths ?? Math.min(DEFAULT_PATHS, Math.max(100, Math.floor(bound / ids.length / 100) * 100));
    if (paths * ids.length > bound) {
      throw new AppError(
        'too_costly',
        `paths × plans may be at most ${bound.toLocaleString('en-US')}${who.caller ? '' : ' without an API key'}; here ${paths.toLocaleString('en-US')} × ${ids.length}: ask for fewer paths or narrow the plans. Nothing was started.`,
        undefined,
        { cost: paths * ids.length, limit: bound, unit: 'path-plans' },
      );
    }
    const purchasedOn = todayIso(new Date());
    const versions = await Promise.all(ids.map((id) => this.plans.planRulesOn(id, purchasedOn)));
    const options: Omit<FitInput, 'plans'> = {
      dailyPnlPercent: series,
      ...(lows ? { dailyLowPercent: lows } : {}),
      ...(byTrades && trades ? { method: 'trades' as const, dailyTrades: trades } : {}),
      paths,
    };
    // Anonymous work is one job per client address (the pool's slice); a signed-in caller's runs on both cores.
    const groups = shareOut(versions, who.caller ? 2 : 1);
    const answers = await Promise.all(
      groups.map((group) =>
        this.runFit(
          {
            ...options,
            plans: group.map((v) => ({
              planId: v.planId,
              rules: v.rules,
              phases: v.phases,
              accountSize: v.accountSize,
              price: v.price,
              billing: billing.get(v.planId) ?? 'one_time',
              purchasedOn,
            })),
          },
          who,
        ),
      ),
    );
    const first = answers[0] as FitAnswer;
    const byId = new Map(answers.flatMap((a) => a.plans).map((p) => [p.planId, p]));
    const rows = versions.map((v) => fitRow(v, byId.get(v.planId) as FitAnswer['plans'][number], purchasedOn));
    const rankedBy = rankRows(rows);
    return {
      source,
      accounts,
      historyDays: series.length,
      method: first.method === 'trades' ? 'trades' : 'block',
      paths: first.paths,
      seed: first.seed,
      scales: first.scales,
      searchPaths: first.searchPaths,
      payoutHorizonDays: first.payoutHorizonDays,
      rankedBy,
      plans: rows,
      notes: [
        rankedBy === 'expectedValuePerPrice'
          ? 'Ranked by expected value per unit of price at your current risk.'
          : 'Ranked by pass probability per unit of price at your current risk: the expected value of some plans is unknown (their payout rules are named).',
        'rankAtBestScale is the order if every plan were traded at its own best risk scale.',
        ...first.notes,
      ],
    };
  }

  private async runFit(input: FitInput, who: CpuRequester): Promise<FitAnswer> {
    try {
      return await this.fitter(input, who);
    } catch (error) {
      throw error instanceof CoachInputError ? AppError.invalidField(error.field, error.message) : error;
    }
  }

  async replay(input: ReplayPlansInput, who: CpuRequester): Promise<PlanReplay> {
    const { history, source, accounts } = await this.historyOf(input, who.caller);
    const firstDay = history.days[0]?.day ?? '';
    const lastDay = history.days.at(-1)?.day ?? '';
    const from = input.from ?? firstDay;
    const to = input.to ?? lastDay;
    for (const [field, date] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (date < firstDay || date > lastDay)
        throw AppError.invalidField(field, `${date} is outside the history (${firstDay} to ${lastDay})`);
    }
    if (from > to) throw AppError.invalidField('to', 'must not be before from');

    const ids = await this.facts.planIds(input);
    if (ids.length === 0) throw AppError.invalidField(filterField(input), 'no catalog plan matches the filter');
    if (ids.length > MAX_REPLAY_PLANS) throw AppError.invalidField(filterField(input), `at most ${MAX_REPLAY_PLANS} plans per replay`);
    if (input.outcomesOf !== undefined && !ids.includes(input.outcomesOf))
      throw AppError.invalidField('outcomesOf', 'not among the plans the filter keeps');
    const starts = spanDays(from, to);
    if (starts * ids.length > MAX_REPLAY_CELLS) {
      throw AppError.invalidField(
        'to',
        `start dates × plans may be at most ${MAX_REPLAY_CELLS.toLocaleString('en-US')}; here ${starts} × ${ids.length}: narrow from/to or the plans`,
      );
    }
    // The rules in force on the last start date; variants by purchase date apply per start date in the replay.
    const versions = await Promise.all(ids.map((id) => this.plans.planRulesOn(id, to)));
    const answer = await this.run(
      {
        history,
        plans: versions.map((v) => ({
          planId: v.planId,
          rules: v.rules,
          phases: v.phases,
          accountSize: v.accountSize === null ? null : String(v.accountSize),
        })),
        from,
        to,
        // Only the plan whose start dates are shown crosses from the CPU pool with its outcomes (the others' counts do).
        outcomesOf: input.outcomesOf ?? null,
      },
      who,
    );
    const byId = new Map(versions.map((v) => [v.planId, v]));
    const rows = answer.plans.map((p) => {
      const version = byId.get(p.planId) as PlanVersion;
      return p.replayed ? replayedRow(version, p, input.outcomesOf === p.planId) : unknownRow(version, p.unknownRules);
    });
    rows.sort(byRank);
    let rank = 0;
    for (const row of rows) row.rank = row.replayed && row.starts > 0 ? ++rank : null;
    return { source, accounts, firstDay, lastDay, from, to, unit: answer.unit, plans: rows, notes: answer.notes };
  }

  private async run(input: ReplayInput, who: CpuRequester): Promise<ReplayAnswer> {
    try {
      return await this.replayer(input, who);
    } catch (error) {
      throw error instanceof CoachInputError ? AppError.invalidField(error.field, error.message) : error;
    }
  }

  /** The history to replay: the one sent, else the signed-in owner's tracked accounts in scope (newest days up to the bound). */
  private async historyOf(
    input: Pick<ReplayPlansInput, 'history' | 'accountId' | 'challengeId'>,
    caller: Caller | null,
  ): Promise<{ history: ReplayHistory; source: PlanReplay['source']; accounts: string[] }> {
    const named = input.accountId !== undefined || input.challengeId !== undefined;
    if (input.history) {
      if (named) throw AppError.invalidField('history', 'give a history or accountId/challengeId, not both');
      return { history: suppliedHistory(input.history), source: 'supplied', accounts: [] };
    }
    if (!caller) {
      if (named) throw new AppError('unauthorized', KEY_NEEDED_MESSAGE);
      throw AppError.invalidField('history', 'send your history, or an API key to replay your tracked accounts');
    }
    if (caller.scope !== 'full') throw new AppError('insufficient_scope', TRACKER_SCOPE_MESSAGE);
    if (input.accountId !== undefined && input.challengeId !== undefined)
      throw AppError.invalidField('challengeId', 'give accountId or challengeId, not both');
    let scope: HistoryScope = { all: true };
    if (input.accountId !== undefined) scope = { accountId: requireId(input.accountId, 'EA account') };
    if (input.challengeId !== undefined) {
      const challengeId = requireId(input.challengeId, 'Challenge');
      if (!(await this.facts.ownsChallenge(caller.userId, challengeId))) throw AppError.notFound('Challenge');
      scope = { challengeId };
    }
    const facts = await this.facts.history(caller.userId, scope);
    if ('accountId' in scope && facts.length === 0) throw AppError.notFound('EA account');
    const history = trackedHistory(facts);
    if (!history) {
      throw new AppError(
        'insufficient_history',
        'There are no reported days to replay: import a statement (POST /accounts/{id}/statements), let the tracker report, or send your history.',
      );
    }
    return {
      history: { ...history, days: history.days.slice(-MAX_REPLAY_HISTORY_DAYS) },
      source: 'tracked',
      accounts: facts.map((f) => f.id),
    };
  }
}

function replayedRow(v: PlanVersion, p: ReplayPlanAnswer, withOutcomes: boolean): PlanReplayRow {
  const digits = digitsOf(v.currency);
  const worst = p.worstStart;
  return {
    ...planColumns(v),
    rank: null,
    replayed: true,
    unknownRules: [],
    starts: p.starts,
    passed: p.passed,
    breached: p.breached,
    passShare: p.starts === 0 ? null : p.passShare,
    medianDaysToPass: p.medianDaysToPass,
    mostFrequentBreach: p.mostFrequentBreach,
    worstStart: worst && {
      start: worst.start,
      rule: worst.rule,
      phase: worst.phase,
      day: worst.day,
      on: worst.on,
      amount: amountIn(worst.amount, digits),
      floor: amountIn(worst.floor, digits),
    },
    outcomes: withOutcomes ? p.outcomes.map(outcomeRow) : null,
    notes: p.notes,
  };
}

function unknownRow(v: PlanVersion, unknownRules: string[]): PlanReplayRow {
  return {
    ...planColumns(v),
    rank: null,
    replayed: false,
    unknownRules,
    starts: 0,
    passed: 0,
    breached: 0,
    passShare: null,
    medianDaysToPass: null,
    mostFrequentBreach: null,
    worstStart: null,
    outcomes: null,
    notes: [],
  };
}
