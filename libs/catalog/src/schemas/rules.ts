/**
 * The structured rule set of a plan, written once as a JSON Schema (typebox) with its TypeScript type.
 * Every field is present; `null` means the research marks it unknown, `'none'` that the firm has no such rule.
 * The rule vocabularies (basis, type, comparison, trading-day kind, best-day effect) are the coach's own
 * field schemas, so a plan's rules and a challenge's own rules cannot drift apart; fields added after the
 * first rule versions were stored are optional, so those versions keep their content hash.
 */
import { ConsistencySchema as CoachConsistencySchema, DailyLossFields, MaxLossFields, MinTradingDaysFields } from '@propfolio/coach';
import Type, { type Static, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Percent = Nullable(Type.Number({ minimum: 0, maximum: 100 }));
const Note = Nullable(Type.String());

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

/** Where one rule was read, and when: a changed rule cites its own source beside the plan's. */
const RuleSourceSchema = Type.Object(
  {
    url: Type.String({ pattern: '^https://\\S+$', description: 'The page the rule was read on.' }),
    readOn: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'When it was read (or the date the page gives), YYYY-MM-DD.' }),
  },
  { additionalProperties: false },
);
const Source = Type.Optional(RuleSourceSchema);

const DailyLossSchema = Type.Object(
  {
    percent: DailyLossFields.percent,
    amountOf: DailyLossFields.amountOf,
    basis: DailyLossFields.basis,
    resetClock: DailyLossFields.resetClock,
    /** The roll-over, machine-readable; null when unknown. Checked against `resetClock` at import. */
    rollover: Nullable(RolloverSchema),
    amount: Type.Optional(DailyLossFields.amount),
    comparison: Type.Optional(DailyLossFields.comparison),
    note: Note,
    source: Source,
  },
  { additionalProperties: false },
);

const MaxLossSchema = Type.Object(
  {
    percent: MaxLossFields.percent,
    type: MaxLossFields.type,
    lockFloor: MaxLossFields.lockFloor,
    lockTriggerPercent: MaxLossFields.lockTriggerPercent,
    amountOf: Type.Optional(MaxLossFields.amountOf),
    amount: Type.Optional(MaxLossFields.amount),
    comparison: Type.Optional(MaxLossFields.comparison),
    note: Note,
    source: Source,
  },
  { additionalProperties: false },
);

/**
 * A rule the firm's own sources state differently: every claim with its source and date, none picked.
 * The coach reads it as unknown; a reader sees both.
 */
const disputed = <T extends TSchema>(rule: T) =>
  Type.Object(
    {
      disputed: Type.Array(
        Type.Object(
          {
            value: Type.Union([Type.Literal('none'), rule]),
            source: RuleSourceSchema.properties.url,
            readOn: RuleSourceSchema.properties.readOn,
          },
          { additionalProperties: false },
        ),
        { minItems: 2, description: 'What each source says.' },
      ),
      note: Note,
    },
    { additionalProperties: false },
  );

export const PlanRulesSchema = Type.Object(
  {
    /** Profit target per phase, in phase order; `[]` when there is no evaluation, `null` when unknown. */
    profitTargetsPercent: Nullable(Type.Array(Percent)),
    dailyLoss: Type.Union([Type.Literal('none'), DailyLossSchema, disputed(DailyLossSchema), Type.Null()]),
    maxLoss: Type.Union([Type.Literal('none'), MaxLossSchema, disputed(MaxLossSchema), Type.Null()]),
    minTradingDays: Nullable(
      Type.Object(
        {
          days: MinTradingDaysFields.days,
          perPhase: MinTradingDaysFields.perPhase,
          counts: Type.Optional(MinTradingDaysFields.counts),
          minProfitPercent: Type.Optional(MinTradingDaysFields.minProfitPercent),
          note: Note,
          source: Source,
        },
        { additionalProperties: false },
      ),
    ),
    /** Best-day (consistency) rule: the best day's profit at most `bestDayMaxPercent` of the target or of the total profit. */
    consistency: Type.Union([
      Type.Literal('none'),
      Type.Object({ ...CoachConsistencySchema.properties, source: Source }, { additionalProperties: false }),
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
export type { DailyLossBasis, MaxLossType } from '@propfolio/coach';
export type Policy = Static<typeof PolicySchema>;
export type Permission = Static<typeof PermissionSchema>;
