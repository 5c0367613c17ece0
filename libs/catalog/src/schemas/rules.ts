/**
 * The structured rule set of a plan, written once as a JSON Schema (typebox) with its TypeScript type.
 * Every field is present; `null` means the research marks it unknown, `'none'` that the firm has no such rule.
 * Vocabularies match the EA settings engine (see `firmRulesForEa`).
 */
import Type, { type Static, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Percent = Nullable(Type.Number({ minimum: 0, maximum: 100 }));
const Note = Nullable(Type.String());

const DailyLossBasisSchema = Type.Enum(['initial_balance', 'day_start_balance', 'max_balance_equity']);
const MaxLossTypeSchema = Type.Enum(['static', 'trailing_eod', 'trailing_closed_balance', 'trailing_equity']);
const PolicySchema = Type.Enum(['allowed', 'restricted', 'banned']);
const PermissionSchema = Type.Enum(['allowed', 'banned']);
const PayoutCadenceSchema = Type.Enum(['weekly', 'bi_weekly', 'monthly', 'on_demand', 'chosen_at_purchase', 'other']);
const RefundTriggerSchema = Type.Enum(['first_payout', 'third_payout', 'after_passing', 'never', 'not_applicable', 'other']);

/**
 * When the firm's day rolls over, for a program: an IANA zone (daylight saving included) or a fixed offset
 * written `UTC+03:00`, and the local time. Checked against the words of `resetClock` at import.
 */
export const RolloverSchema = Type.Object(
  {
    timeZone: Type.String({ minLength: 1, description: 'IANA time zone (e.g. Europe/Prague) or a fixed offset such as UTC+03:00.' }),
    time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local time of the roll-over, HH:MM.' }),
  },
  { additionalProperties: false },
);

const DailyLossSchema = Type.Object(
  {
    percent: Percent,
    /** What the percentage is taken of: the initial balance, or the reference level (`basis`) itself. */
    amountOf: Nullable(Type.Enum(['initial_balance', 'reference'])),
    /** The level the day's loss is measured from. */
    basis: Nullable(DailyLossBasisSchema),
    /** When the firm's trading day rolls over, in the firm's words, e.g. "00:00 UTC+3". */
    resetClock: Nullable(Type.String()),
    /** The same roll-over, machine-readable; null when unknown. */
    rollover: Nullable(RolloverSchema),
    note: Note,
  },
  { additionalProperties: false },
);

const MaxLossSchema = Type.Object(
  {
    percent: Percent,
    type: Nullable(MaxLossTypeSchema),
    /** Where a trailing floor stops moving up. */
    lockFloor: Nullable(Type.Literal('initial_balance')),
    /** Profit (percent of the initial balance) at which the trailing floor locks. */
    lockTriggerPercent: Percent,
    note: Note,
  },
  { additionalProperties: false },
);

export const PlanRulesSchema = Type.Object(
  {
    /** Profit target per phase, in phase order; `[]` when there is no evaluation, `null` when unknown. */
    profitTargetsPercent: Nullable(Type.Array(Percent)),
    dailyLoss: Type.Union([Type.Literal('none'), DailyLossSchema, Type.Null()]),
    maxLoss: Type.Union([Type.Literal('none'), MaxLossSchema, Type.Null()]),
    minTradingDays: Nullable(
      Type.Object({ days: Nullable(Type.Integer({ minimum: 0 })), perPhase: Type.Boolean(), note: Note }, { additionalProperties: false }),
    ),
    /** Best-day (consistency) rule: the best day's profit at most `bestDayMaxPercent` of the target or of the total profit. */
    consistency: Type.Union([
      Type.Literal('none'),
      Type.Object(
        { bestDayMaxPercent: Type.Number({ minimum: 0, maximum: 100 }), of: Type.Enum(['profit_target', 'total_profit']) },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    timeLimit: Type.Union([
      Type.Literal('none'),
      Type.Object({ days: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      Type.Null(),
    ]),
    profitSplit: Nullable(Type.Object({ percent: Percent, maxPercent: Percent, note: Note }, { additionalProperties: false })),
    payout: Nullable(
      Type.Object(
        {
          cadence: Nullable(PayoutCadenceSchema),
          firstAfterDays: Nullable(Type.Integer({ minimum: 0 })),
          note: Note,
        },
        { additionalProperties: false },
      ),
    ),
    feeRefund: Nullable(Type.Object({ when: Nullable(RefundTriggerSchema), note: Note }, { additionalProperties: false })),
    eaPolicy: Nullable(PolicySchema),
    newsTrading: Nullable(PolicySchema),
    newsWindowMinutes: Nullable(Type.Integer({ minimum: 0 })),
    weekendHolding: Nullable(PermissionSchema),
    hedging: Nullable(PermissionSchema),
    maxRiskPerTradePercent: Percent,
    /** Amount payable on passing, for plans sold with a small upfront fee (same currency as the price). */
    deferredFee: Nullable(Type.Number({ minimum: 0 })),
    /** Other rules in words (consistency rules, caps, platform limits). */
    other: Type.Array(Type.String()),
    /** Further sources beside the plan's `sourceUrl`. */
    otherSources: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

export type DailyLoss = Static<typeof DailyLossSchema>;
export type Rollover = Static<typeof RolloverSchema>;
export type MaxLoss = Static<typeof MaxLossSchema>;
export type PlanRules = Static<typeof PlanRulesSchema>;
export type DailyLossBasis = Static<typeof DailyLossBasisSchema>;
export type MaxLossType = Static<typeof MaxLossTypeSchema>;
export type Policy = Static<typeof PolicySchema>;
export type Permission = Static<typeof PermissionSchema>;
