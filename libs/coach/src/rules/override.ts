/**
 * A challenge's own corrections to its plan's rules: the same shape as the rules, every field optional,
 * `dailyLoss` and `maxLoss` deep-partial (set only the percentage and keep the plan's basis). The schema
 * is what the service layer validates user input with.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from '../shared/schema.js';
import {
  BREACH_COMPARISONS,
  CONSISTENCY_EFFECTS,
  DAILY_LOSS_BASES,
  MAX_LOSS_AMOUNT_OFS,
  MAX_LOSS_TYPES,
  TRADING_DAY_KINDS,
} from './types.js';

/** A rule's percentage, null when unknown. */
export const RulePercent = (description: string) => Nullable(Type.Number({ minimum: 0, maximum: 100, description }));

/*
 * The rule fields an override and the rules in force (./effective.ts) share: one vocabulary, written once.
 */
export const RolloverSchema = Type.Object(
  {
    timeZone: Type.String({
      description: 'IANA zone (e.g. Europe/Prague) or a fixed offset written UTC+03:00.',
    }),
    time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local roll-over time, HH:MM.' }),
  },
  { additionalProperties: false, description: 'When the firm day rolls over.' },
);

/** A rule only trades can check: whether the plan allows something (headroom's `tradeRules`). */
const Permission = (description: string) => Type.Enum(['allowed', 'banned'], { description });

/** A limit written as an amount of money in the account's currency. */
const RuleAmount = (description: string) => Nullable(Type.Number({ minimum: 0, description }));

const Comparison = Nullable(
  Type.Enum(BREACH_COMPARISONS, {
    description: 'Breach: equity strictly below the floor, or at or below it; null: not stated (judged below).',
  }),
);

/** The daily loss rule's fields, each nullable (null: unknown). */
export const DailyLossFields = {
  percent: RulePercent('Daily loss limit in percent.'),
  amountOf: Nullable(Type.Enum(['initial_balance', 'reference'], { description: 'What the percentage is taken of.' })),
  basis: Nullable(
    Type.Enum(DAILY_LOSS_BASES, {
      description: 'Base of the day: initial balance, balance or equity at the roll-over, or the higher of those two.',
    }),
  ),
  resetClock: Nullable(Type.String({ description: 'The roll-over in words, e.g. "00:00 CE(S)T".' })),
  rollover: Nullable(RolloverSchema),
  amount: RuleAmount('Daily loss limit in the account currency; wins over `percent`.'),
  comparison: Comparison,
};

/** The maximum loss rule's fields, each nullable (null: unknown). */
export const MaxLossFields = {
  percent: RulePercent('Maximum loss in percent of the initial balance.'),
  type: Nullable(Type.Enum(MAX_LOSS_TYPES, { description: 'How the floor moves.' })),
  lockFloor: Nullable(Type.Literal('initial_balance', { description: 'Where a trailing floor stops.' })),
  lockTriggerPercent: RulePercent('Profit in percent at which a trailing floor locks.'),
  amountOf: Nullable(
    Type.Enum(MAX_LOSS_AMOUNT_OFS, {
      description:
        'Base of `percent`: initial balance (floor = mark − p × initial) or high-water mark (floor = mark × (1 − p)); null: initial balance.',
    }),
  ),
  amount: RuleAmount('Maximum loss below the high-water mark in the account currency; wins over `percent`.'),
  comparison: Comparison,
};

/** The minimum trading days rule's fields. */
export const MinTradingDaysFields = {
  days: Nullable(Type.Integer({ minimum: 0, description: 'Minimum trading days; null when unknown.' })),
  perPhase: Type.Boolean({ description: 'Whether the minimum applies to each phase.' }),
  counts: Nullable(
    Type.Enum(TRADING_DAY_KINDS, {
      description:
        'Trading day: one with a position opened, a closed trade or balance change, or a profit of at least `minProfitPercent`; null: not stated.',
    }),
  ),
  minProfitPercent: RulePercent('For `profitable_day`: closed profit a day needs, percent of initial balance.'),
};

export const TimeLimitSchema = Type.Object(
  { days: Type.Integer({ minimum: 1, description: 'Calendar days allowed.' }) },
  { additionalProperties: false },
);

export const ConsistencySchema = Type.Object(
  {
    bestDayMaxPercent: Type.Number({ minimum: 0, maximum: 100, description: 'Best day at most this percent of `of`.' }),
    of: Type.Enum(['profit_target', 'total_profit'], { description: 'What the best day is compared with.' }),
    effect: Type.Optional(
      Nullable(
        Type.Enum(CONSISTENCY_EFFECTS, {
          description: 'What breaking it does: delay the pass until it holds again (keep trading) or end the attempt; null: not stated.',
        }),
      ),
    ),
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
    amount: Type.Optional(DailyLossFields.amount),
    comparison: Type.Optional(DailyLossFields.comparison),
  },
  { additionalProperties: false },
);

const MaxLossOverride = Type.Object(
  {
    percent: Type.Optional(MaxLossFields.percent),
    type: Type.Optional(MaxLossFields.type),
    lockFloor: Type.Optional(MaxLossFields.lockFloor),
    lockTriggerPercent: Type.Optional(MaxLossFields.lockTriggerPercent),
    amountOf: Type.Optional(MaxLossFields.amountOf),
    amount: Type.Optional(MaxLossFields.amount),
    comparison: Type.Optional(MaxLossFields.comparison),
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
        description: '"none": no daily loss limit; an object changes only the fields it names.',
      }),
    ),
    maxLoss: Type.Optional(
      Type.Union([Type.Literal('none'), MaxLossOverride, Type.Null()], {
        description: '"none": no maximum loss; an object changes only the fields it names.',
      }),
    ),
    minTradingDays: Type.Optional(
      Nullable(
        Type.Object(
          {
            days: Type.Optional(MinTradingDaysFields.days),
            perPhase: Type.Optional(MinTradingDaysFields.perPhase),
            counts: Type.Optional(MinTradingDaysFields.counts),
            minProfitPercent: Type.Optional(MinTradingDaysFields.minProfitPercent),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    timeLimit: Type.Optional(Type.Union([Type.Literal('none'), TimeLimitSchema, Type.Null()], { description: 'Time limit of a phase.' })),
    consistency: Type.Optional(
      Type.Union([Type.Literal('none'), ConsistencySchema, Type.Null()], { description: 'Best-day consistency rule.' }),
    ),
    weekendHolding: Type.Optional(Nullable(Permission('Holding a position over the weekend.'))),
    hedging: Type.Optional(Nullable(Permission('Opposite positions on one symbol at once.'))),
    maxRiskPerTradePercent: Type.Optional(RulePercent('Most one trade may lose, percent of initial balance.')),
  },
  {
    additionalProperties: false,
    description: "A challenge's corrections to its plan's rules; a field left out keeps the plan's value.",
  },
);

export type RulesOverride = Static<typeof RulesOverrideSchema>;
