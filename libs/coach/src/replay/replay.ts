/**
 * "Would I have passed": the trader's own history replayed under each plan's rules, once per start date.
 *
 * For every plan, every firm day of the plan's own clock from `from` to `to` that the history reaches is a
 * start: the attempt is bought that day (variants by purchase date apply as on that day) and walked forward
 * through the real days (walk.ts), phase by phase, to a pass, a breach or the end of the history. A plan
 * whose rules the replay needs are unknown on some start date is not replayed and names them: a guess would
 * rank it. Percentages of the history's initial balance are laid over the plan's account size, so a plan's
 * amounts come out in its own size.
 */
import { addDays, parseDate } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import { Decimal, money } from '../shared/money.js';
import { type FirmSeries, firmSeries, isList, isRecord, ordinalOf, readHistory } from './history.js';
import { planRulesReader } from './plan-rules.js';
import type {
  ReplayAnswer,
  ReplayBreach,
  ReplayBreachRule,
  ReplayInput,
  ReplayOutcome,
  ReplayPlan,
  ReplayPlanAnswer,
  ReplayPlanUnknown,
} from './types.js';
import { walkAttempt } from './walk.js';

/** Most plans one replay takes (the catalog holds about 92). */
export const MAX_REPLAY_PLANS = 300;
/** Most start dates (the range, in days). */
export const MAX_REPLAY_STARTS = 3700;

const NOTES = {
  trades:
    "Intraday dips come from the trades' adverse excursions (and snapshots where the history has them); excursions of trades open together are not added up, which is optimistic.",
  days: 'The history has daily figures only: each day is judged at its snapshot low where known, else at its close, which is optimistic for equity-based limits; a UTC day counts on the firm day that holds its midpoint.',
  closes: 'Balance and equity are taken to meet at every close: a position held overnight is not carried into the next day.',
};

/** Dates by day ordinal, each formatted once per replay (every plan asks for the same few hundred). */
function dateBook(): (ordinal: number) => string {
  const book = new Map<number, string>();
  return (ordinal) => {
    let date = book.get(ordinal);
    if (date === undefined) book.set(ordinal, (date = addDays('1970-01-01', ordinal)));
    return date;
  };
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function summarise(planId: string, outcomes: ReplayOutcome[], notes: readonly string[], listed: boolean): ReplayPlanAnswer {
  const passedDays: number[] = [];
  const breaches = new Map<ReplayBreachRule, number>();
  let breached = 0;
  let worst: ReplayBreach | null = null;
  for (const o of outcomes) {
    if (o.outcome === 'passed') passedDays.push(o.day);
    else if (o.outcome === 'breached') {
      breached++;
      breaches.set(o.rule, (breaches.get(o.rule) ?? 0) + 1);
      const amount = (b: ReplayBreach) => new Decimal(b.amount ?? 0);
      if (!worst || o.day < worst.day || (o.day === worst.day && amount(o).gt(amount(worst)))) worst = o;
    }
  }
  let most: ReplayPlanAnswer['mostFrequentBreach'] = null;
  for (const [rule, count] of breaches) if (!most || count > most.count) most = { rule, count };
  return {
    planId,
    replayed: true,
    starts: outcomes.length,
    passed: passedDays.length,
    breached,
    passShare: outcomes.length === 0 ? 0 : passedDays.length / outcomes.length,
    medianDaysToPass: median(passedDays.sort((a, b) => a - b)),
    mostFrequentBreach: most,
    worstStart: worst,
    outcomes: listed ? outcomes : [],
    notes: [...notes],
  };
}

interface ReplayContext {
  history: ReturnType<typeof readHistory>;
  historyInitial: Decimal;
  /** Plans on the same clock share its firm days: the history is cut once per roll-over. */
  clocks: Map<string, FirmSeries>;
  dateOf: (ordinal: number) => string;
}

function replayPlan(
  plan: ReplayPlan,
  input: ReplayInput,
  { history, historyInitial, clocks, dateOf }: ReplayContext,
): ReplayPlanAnswer | ReplayPlanUnknown {
  const size = plan.accountSize === null ? historyInitial : money(plan.accountSize, `plans[${plan.planId}].accountSize`);
  const rulesOn = planRulesReader(plan, size.toNumber());
  const fromOrdinal = ordinalOf(input.from);
  const toOrdinal = ordinalOf(input.to);
  const missing = new Set<string>();
  const notes = new Set<string>();
  const ons = [];
  for (let o = fromOrdinal; o <= toOrdinal; o++) {
    const on = rulesOn(dateOf(o));
    on.missing.forEach((m) => missing.add(m));
    on.notes.forEach((n) => notes.add(n));
    ons.push(on);
  }
  if (missing.size > 0) return { planId: plan.planId, replayed: false, unknownRules: [...missing].sort() };

  const toMoney = (percent: number): string => size.times(percent).div(100).toDecimalPlaces(2).toString();
  const outcomes: ReplayOutcome[] = [];
  for (let o = fromOrdinal; o <= toOrdinal; o++) {
    const on = ons[o - fromOrdinal];
    if (!on) continue;
    const key = JSON.stringify(on.rollover.rollover);
    let series = clocks.get(key);
    if (!series) clocks.set(key, (series = firmSeries(history, on.rollover)));
    const first = series.ordinal[0];
    const last = series.ordinal[series.ordinal.length - 1];
    // A start the history does not reach (before its first day or after its last) is no replay of it.
    if (first === undefined || last === undefined || o < first || o > last) continue;
    const start = dateOf(o);
    const end = walkAttempt(series, on.phases, o);
    if (end.kind === 'open') outcomes.push({ start, outcome: 'open' });
    else if (end.kind === 'passed') outcomes.push({ start, outcome: 'passed', day: end.ordinal - o + 1, on: dateOf(end.ordinal) });
    else
      outcomes.push({
        start,
        outcome: 'breached',
        rule: end.rule,
        phase: end.phase,
        day: end.ordinal - o + 1,
        on: dateOf(end.ordinal),
        amount: Number.isNaN(end.amount) ? null : toMoney(end.amount),
        floor: Number.isNaN(end.floor) ? null : toMoney(end.floor),
      });
  }
  return summarise(plan.planId, outcomes, [...notes], input.outcomesOf === undefined || input.outcomesOf === plan.planId);
}

export function replayPlans(input: ReplayInput): ReplayAnswer {
  const history = readHistory(input.history);
  const historyInitial = money(input.history.initialBalance, 'history.initialBalance');
  for (const field of ['from', 'to'] as const) {
    if (typeof input[field] !== 'string' || !parseDate(input[field]))
      throw new CoachInputError(`${field}: write the date YYYY-MM-DD`, field);
  }
  const starts = ordinalOf(input.to) - ordinalOf(input.from) + 1;
  if (starts < 1 || starts > MAX_REPLAY_STARTS)
    throw new CoachInputError(`to: the range must hold 1 to ${MAX_REPLAY_STARTS} days, from first to last`, 'to');
  const plans: readonly ReplayPlan[] = input.plans;
  if (!isList(plans) || plans.length > MAX_REPLAY_PLANS)
    throw new CoachInputError(`plans: give at most ${MAX_REPLAY_PLANS} plans`, 'plans');
  plans.forEach((plan, i) => {
    if (
      !isRecord(plan) ||
      typeof plan.planId !== 'string' ||
      !isRecord(plan.rules) ||
      !Number.isInteger(plan.phases) ||
      plan.phases < 0 ||
      plan.phases > 3
    ) {
      throw new CoachInputError(`plans[${i}]: give planId, rules and 0 to 3 phases`, `plans[${i}]`);
    }
  });
  const context: ReplayContext = { history, historyInitial, clocks: new Map(), dateOf: dateBook() };
  return {
    unit: history.unit,
    plans: plans.map((plan) => replayPlan(plan, input, context)),
    notes: [history.unit === 'trades' ? NOTES.trades : NOTES.days, NOTES.closes],
  };
}
