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
export const RulePercent = (description?: string) =>
  Nullable(Type.Number({ minimum: 0, maximum: 100, ...(description ? { description } : {}) }));

/*
 * The rule fields an override and the rules in force (./effective.ts) share: one vocabulary, written once.
 */
export const RolloverSchema = Type.Object(
  {
    timeZone: Type.String({
      description: 'IANA zone or UTC+03:00.',
    }),
    time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
  },
  { additionalProperties: false, description: 'Firm day roll-over.' },
);

/** A rule only trades can check: whether the plan allows something (headroom's `tradeRules`). */
const Permission = (description?: string) => Type.Enum(['allowed', 'banned'], description ? { description } : {});

/** A limit written as an amount of money in the account's currency. */
const RuleAmount = (description: string) => Nullable(Type.Number({ minimum: 0, description }));

const Comparison = Nullable(
  Type.Enum(BREACH_COMPARISONS, {
    description: 'Equity vs floor; null: judged below.',
  }),
);

/** The daily loss rule's fields, each nullable (null: unknown). */
export const DailyLossFields = {
  percent: RulePercent(),
  amountOf: Nullable(Type.Enum(['initial_balance', 'reference'], { description: 'Base of percent.' })),
  basis: Nullable(Type.Enum(DAILY_LOSS_BASES)),
  resetClock: Nullable(Type.String({ description: 'As words ("00:00 CE(S)T").' })),
  rollover: Nullable(RolloverSchema),
  amount: RuleAmount('In account currency; beats percent.'),
  comparison: Comparison,
};

/** The maximum loss rule's fields, each nullable (null: unknown). */
export const MaxLossFields = {
  percent: RulePercent(),
  type: Nullable(Type.Enum(MAX_LOSS_TYPES)),
  lockFloor: Nullable(Type.Literal('initial_balance', { description: 'Where a trailing floor stops.' })),
  lockTriggerPercent: RulePercent('Profit % locking a trailing floor.'),
  amountOf: Nullable(
    Type.Enum(MAX_LOSS_AMOUNT_OFS, {
      description: 'initial_balance: floor = mark - p*initial; high_water_mark: mark*(1-p); null: initial.',
    }),
  ),
  amount: RuleAmount('Money below the high-water mark; beats percent.'),
  comparison: Comparison,
};

/** The minimum trading days rule's fields. */
export const MinTradingDaysFields = {
  days: Nullable(Type.Integer({ minimum: 0 })),
  perPhase: Type.Boolean(),
  counts: Nullable(
    Type.Enum(TRADING_DAY_KINDS, {
      description: 'What makes a trading day.',
    }),
  ),
  minProfitPercent: RulePercent('For profitable_day, % of initial balance.'),
};

export const TimeLimitSchema = Type.Object(
  { days: Type.Integer({ minimum: 1, description: 'Calendar days.' }) },
  { additionalProperties: false },
);

export const ConsistencySchema = Type.Object(
  {
    bestDayMaxPercent: Type.Number({ minimum: 0, maximum: 100, description: "Best day's max % of `of`." }),
    of: Type.Enum(['profit_target', 'total_profit']),
    effect: Type.Optional(
      Nullable(
        Type.Enum(CONSISTENCY_EFFECTS, {
          description: 'blocks_pass: pass waits for it; fails: attempt over; null: unknown.',
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
    profitTargetsPercent: Type.Optional(Nullable(Type.Array(RulePercent(), { description: 'Per phase, in order.' }))),
    dailyLoss: Type.Optional(
      Type.Union([Type.Literal('none'), DailyLossOverride, Type.Null()], {
        description: '"none": no limit; object: fields to set.',
      }),
    ),
    maxLoss: Type.Optional(
      Type.Union([Type.Literal('none'), MaxLossOverride, Type.Null()], {
        description: '"none": no limit; object: fields to set.',
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
    timeLimit: Type.Optional(Type.Union([Type.Literal('none'), TimeLimitSchema, Type.Null()], { description: 'Phase time limit.' })),
    consistency: Type.Optional(Type.Union([Type.Literal('none'), ConsistencySchema, Type.Null()], { description: 'Best-day rule.' })),
    weekendHolding: Type.Optional(Nullable(Permission())),
    hedging: Type.Optional(Nullable(Permission('Opposite positions on one symbol.'))),
    maxRiskPerTradePercent: Type.Optional(RulePercent('Max loss per trade, % of initial balance.')),
  },
  {
    additionalProperties: false,
    description: "A challenge's corrections to its plan's rules; a field left out keeps the plan's value.",
  },
);

export type RulesOverride = Static<typeof RulesOverrideSchema>;
