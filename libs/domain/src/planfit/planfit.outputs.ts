import Type, { type Static } from 'typebox';
import { Id, IsoDate, Nullable } from '../shared/schemas.js';

const BREACH_RULES = ['dailyLoss', 'maxLoss', 'timeLimit', 'consistency'] as const;

const BreachRule = Type.Enum(BREACH_RULES, { description: 'The rule that ended the attempt.' });

const BreachSchema = Type.Object({
  start: IsoDate('Start date.'),
  rule: BreachRule,
  phase: Type.Union([Type.Integer(), Type.Literal('funded')], { description: '0-based phase, or `funded`.' }),
  day: Type.Integer({ description: 'Calendar day of the attempt (start = 1).' }),
  on: IsoDate('Firm day of the breach.'),
  amount: Nullable(Type.Number({ description: 'Loss from the rule’s reference, in the plan’s currency.' })),
  floor: Nullable(Type.Number({ description: 'Floor crossed, in the plan’s currency.' })),
});

const OutcomeSchema = Type.Object({
  start: IsoDate('Start date.'),
  outcome: Type.Enum(['passed', 'breached', 'open'], { description: '`open`: the history ended first.' }),
  day: Nullable(Type.Integer({ description: 'Calendar day it passed or broke (start = 1).' })),
  on: Nullable(IsoDate('Firm day it passed or broke.')),
  rule: Nullable(BreachRule),
});

export const PlanReplayRowSchema = Type.Object({
  planId: Type.String({ description: 'Catalog plan id.' }),
  firm: Type.String({ description: 'Firm name.' }),
  program: Type.String({ description: 'Program name.' }),
  phases: Type.Integer({ description: 'Evaluation phases (0: instant funding).' }),
  accountSize: Nullable(Type.Number({ description: 'Account size.' })),
  currency: Type.String({ description: 'Currency of size, price and amounts.' }),
  price: Nullable(Type.Number({ description: 'List price.' })),
  planCheckedOn: IsoDate('Checked-on date of the rules applied.'),
  planStale: Type.Boolean({ description: 'The last check is older than the catalog’s limit.' }),
  rank: Nullable(Type.Integer({ description: '1 = best pass share; null when not replayed.' })),
  replayed: Type.Boolean({ description: 'False when rules it needs are unknown (see unknownRules).' }),
  unknownRules: Type.Array(Type.String(), { description: 'Rules the replay needs that the plan does not state.' }),
  starts: Type.Integer({ description: 'Start dates replayed.' }),
  passed: Type.Integer({ description: 'Start dates that passed.' }),
  breached: Type.Integer({ description: 'Start dates that broke a rule.' }),
  passShare: Nullable(Type.Number({ description: 'Share of start dates that passed (0 to 1).' })),
  medianDaysToPass: Nullable(Type.Number({ description: 'Median calendar days to pass.' })),
  mostFrequentBreach: Nullable(Type.Object({ rule: BreachRule, count: Type.Integer() }, { description: 'The rule that broke most.' })),
  worstStart: Nullable(Type.Object(BreachSchema.properties, { description: 'The start that broke soonest.' })),
  outcomes: Nullable(Type.Array(OutcomeSchema, { description: 'Each start date’s outcome (the plan named in outcomesOf).' })),
  notes: Type.Array(Type.String(), { description: 'Assumptions for this plan.' }),
});
export type PlanReplayRow = Static<typeof PlanReplayRowSchema>;

export const PlanReplaySchema = Type.Object({
  source: Type.Enum(['supplied', 'tracked'], { description: '`supplied`: the history sent; `tracked`: your accounts.' }),
  accounts: Type.Array(Id('EA account.'), { description: 'Accounts replayed (tracked).' }),
  firstDay: IsoDate('First day of the history.'),
  lastDay: IsoDate('Last day of the history.'),
  from: IsoDate('First start date.'),
  to: IsoDate('Last start date.'),
  unit: Type.Enum(['trades', 'days'], { description: '`trades`: judged trade by trade; `days`: from daily figures.' }),
  plans: Type.Array(PlanReplayRowSchema, { description: 'Replayed plans by rank, then the unknown ones.' }),
  notes: Type.Array(Type.String(), { description: 'Assumptions of the replay.' }),
});
export type PlanReplay = Static<typeof PlanReplaySchema>;

const Interval = (description: string) =>
  Type.Object({ low: Type.Number({ description: 'Lower bound.' }), high: Type.Number({ description: 'Upper bound.' }) }, { description });

const FitOddsSchema = Type.Object({
  riskScale: Type.Number({ description: 'Factor on every daily P&L (1: your current risk).' }),
  passProbability: Type.Number({ description: 'Chance of passing every evaluation phase (1 for instant funding).' }),
  passInterval: Interval('95% interval of passProbability (Monte Carlo error only).'),
  phases: Type.Array(
    Type.Object({
      passProbability: Type.Number({ description: 'This phase from a fresh start; phase 1 is simulate_plan’s answer.' }),
      passInterval: Interval('95% Wilson interval.'),
      medianDaysToPass: Nullable(Type.Integer({ description: 'Median simulated days to pass; null when no path passes.' })),
    }),
    { description: 'Each evaluation phase.' },
  ),
  daysToPass: Nullable(Type.Integer({ description: 'Sum of the phases’ median days to pass.' })),
  payoutProbability: Nullable(Type.Number({ description: 'Chance a purchase reaches at least one payout in the horizon.' })),
  expectedPayouts: Nullable(Type.Number({ description: 'Expected payouts of one purchase in the horizon.' })),
  expectedRefund: Nullable(Type.Number({ description: 'Expected refund of the price.' })),
  expectedFees: Nullable(
    Type.Number({
      description:
        'Expected fees of one purchase: the price once, or for a monthly plan the price times the expected months its evaluation account is open; no reset is priced.',
    }),
  ),
  expectedValue: Nullable(
    Type.Number({
      description: 'expectedPayouts + expectedRefund − expectedFees; null when payout rules are unknown (see unknownPayoutRules).',
    }),
  ),
  expectedValueInterval: Nullable(Interval('95% interval of expectedValue.')),
});

export const PlanFitRowSchema = Type.Object({
  planId: PlanReplayRowSchema.properties.planId,
  firm: PlanReplayRowSchema.properties.firm,
  program: PlanReplayRowSchema.properties.program,
  phases: PlanReplayRowSchema.properties.phases,
  accountSize: PlanReplayRowSchema.properties.accountSize,
  currency: PlanReplayRowSchema.properties.currency,
  price: PlanReplayRowSchema.properties.price,
  planCheckedOn: PlanReplayRowSchema.properties.planCheckedOn,
  planStale: PlanReplayRowSchema.properties.planStale,
  rulesSources: Type.Array(
    Type.Object({
      rule: Type.String({ description: 'Rule name.' }),
      source: Nullable(Type.String({ description: 'The page it was read on; null when the plan cites none.' })),
      kind: Nullable(Type.Enum(['firm', 'third_party'], { description: '`third_party`: the firm says nothing, a third party does.' })),
    }),
    { description: 'Where each evaluation rule applied comes from.' },
  ),
  rank: Nullable(Type.Integer({ description: '1 = best by rankedBy at your current risk; null when not ranked.' })),
  rankAtBestScale: Nullable(Type.Integer({ description: 'The rank if every plan were traded at its best scale.' })),
  simulated: Type.Boolean({ description: 'False when evaluation rules are unknown (see unknownRules): never ranked.' }),
  unknownRules: Type.Array(Type.String(), { description: 'Evaluation rules the simulation needs that the plan does not state.' }),
  unknownPayoutRules: Type.Array(Type.String(), { description: 'Payout or funded rules the money needs that the plan does not state.' }),
  atCurrentRisk: Nullable(FitOddsSchema),
  best: Nullable(
    Type.Object(FitOddsSchema.properties, { description: 'At the searched scale with the best value (or pass probability).' }),
  ),
  notes: Type.Array(Type.String(), { description: 'Assumptions for this plan.' }),
});
export type PlanFitRow = Static<typeof PlanFitRowSchema>;

export const PlanFitSchema = Type.Object({
  source: Type.Enum(['supplied', 'tracked'], { description: '`supplied`: the series sent; `tracked`: your accounts.' }),
  accounts: Type.Array(Id('EA account.'), { description: 'Accounts drawn from (tracked).' }),
  historyDays: Type.Integer({ description: 'Traded days drawn from.' }),
  method: Type.Enum(['block', 'trades'], { description: 'Drawn: days, or days with their trades.' }),
  paths: Type.Integer({ description: 'Paths per plan and scale.' }),
  seed: Type.Integer({ description: 'Same seed, same answer.' }),
  scales: Type.Array(Type.Number(), { description: 'Risk scales searched.' }),
  searchPaths: Type.Integer({ description: 'Paths per scale while searching; the best is re-run with all paths.' }),
  payoutHorizonDays: Type.Integer({ description: 'Calendar days of payouts counted after funding.' }),
  rankedBy: Type.Enum(['expectedValuePerPrice', 'passProbabilityPerPrice'], {
    description: '`passProbabilityPerPrice` when some ranked plan’s expected value is unknown.',
  }),
  plans: Type.Array(PlanFitRowSchema, { description: 'Ranked plans first, then the unranked.' }),
  notes: Type.Array(Type.String(), { description: 'Assumptions of the answer.' }),
});
export type PlanFit = Static<typeof PlanFitSchema>;
