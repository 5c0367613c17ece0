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
