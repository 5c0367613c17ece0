/**
 * A challenge's own corrections to its plan's rules: the same shape as the rules, every field optional,
 * `dailyLoss` and `maxLoss` deep-partial (set only the percentage and keep the plan's basis). The schema
 * is what the service layer validates user input with.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from '../shared/schema.js';

/** A rule's percentage, null when unknown. */
export const RulePercent = (description: string) => Nullable(Type.Number({ minimum: 0, maximum: 100, description }));

/*
 * The rule fields an override and the rules in force (./effective.ts) share: one vocabulary, written once.
 */
export const RolloverSchema = Type.Object(
  {
    timeZone: Type.String({
      description: 'IANA time zone (Europe/Prague, America/New_York, UTC) or a fixed offset written UTC+03:00.',
    }),
    time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local roll-over time, HH:MM.' }),
  },
  { additionalProperties: false, description: 'When the firm day rolls over.' },
);

/** The daily loss rule's fields, each nullable (null: unknown). */
export const DailyLossFields = {
  percent: RulePercent('Daily loss limit in percent.'),
  amountOf: Nullable(Type.Enum(['initial_balance', 'reference'], { description: 'What the percentage is taken of.' })),
  basis: Nullable(
    Type.Enum(['initial_balance', 'day_start_balance', 'max_balance_equity'], {
      description: 'The level the day is measured from.',
    }),
  ),
  resetClock: Nullable(Type.String({ description: 'The roll-over in words, e.g. "00:00 CE(S)T".' })),
  rollover: Nullable(RolloverSchema),
};

/** The maximum loss rule's fields, each nullable (null: unknown). */
export const MaxLossFields = {
  percent: RulePercent('Maximum loss in percent of the initial balance.'),
  type: Nullable(
    Type.Enum(['static', 'trailing_eod', 'trailing_closed_balance', 'trailing_equity'], {
      description: 'How the floor moves.',
    }),
  ),
  lockFloor: Nullable(Type.Literal('initial_balance', { description: 'Where a trailing floor stops.' })),
  lockTriggerPercent: RulePercent('Profit in percent at which a trailing floor locks.'),
};

export const TimeLimitSchema = Type.Object(
  { days: Type.Integer({ minimum: 1, description: 'Calendar days allowed.' }) },
  { additionalProperties: false },
);

export const ConsistencySchema = Type.Object(
  {
    bestDayMaxPercent: Type.Number({ minimum: 0, maximum: 100, description: 'Best day at most this percent of `of`.' }),
    of: Type.Enum(['profit_target', 'total_profit'], { description: 'What the best day is compared with.' }),
  },
  { additionalProperties: false },
);

const DailyLossOverride = Type.Object(
  {
    percent: Type.Optional(DailyLossFields.percent),
    amountOf: Type.Optional(DailyLossFields.amountOf),
    basis: Type.Optional(DailyLossFields.basis),
    resetClock: Type.Optional(DailyLossFields.resetClock),
    rollover: Type.Optional(DailyLossFields.rollover),
  },
  { additionalProperties: false },
);

const MaxLossOverride = Type.Object(
  {
    percent: Type.Optional(MaxLossFields.percent),
    type: Type.Optional(MaxLossFields.type),
    lockFloor: Type.Optional(MaxLossFields.lockFloor),
    lockTriggerPercent: Type.Optional(MaxLossFields.lockTriggerPercent),
  },
  { additionalProperties: false },
);

export const RulesOverrideSchema = Type.Object(
  {
    profitTargetsPercent: Type.Optional(
      Nullable(Type.Array(RulePercent('Target of one phase.'), { description: 'Profit target per phase, in phase order.' })),
    ),
    dailyLoss: Type.Optional(
      Type.Union([Type.Literal('none'), DailyLossOverride, Type.Null()], {
        description: '"none" when the challenge has no daily loss limit; an object changes only the fields it names.',
      }),
    ),
    maxLoss: Type.Optional(
      Type.Union([Type.Literal('none'), MaxLossOverride, Type.Null()], {
        description: '"none" when there is no maximum loss; an object changes only the fields it names.',
      }),
    ),
    minTradingDays: Type.Optional(
      Nullable(
        Type.Object(
          {
            days: Type.Optional(Nullable(Type.Integer({ minimum: 0, description: 'Minimum trading days.' }))),
            perPhase: Type.Optional(Type.Boolean({ description: 'Whether the minimum applies to each phase.' })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    timeLimit: Type.Optional(Type.Union([Type.Literal('none'), TimeLimitSchema, Type.Null()], { description: 'Time limit of a phase.' })),
    consistency: Type.Optional(
      Type.Union([Type.Literal('none'), ConsistencySchema, Type.Null()], { description: 'Best-day consistency rule.' }),
    ),
  },
  {
    additionalProperties: false,
    description: "A challenge's corrections to its plan's rules; a field left out keeps the plan's value.",
  },
);

export type RulesOverride = Static<typeof RulesOverrideSchema>;
