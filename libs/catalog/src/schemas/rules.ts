/**
 * The structured rule set of a plan, written once as a JSON Schema (typebox) with its TypeScript type.
 * Every field is present; `null` means the research marks it unknown, `'none'` that the firm has no such rule.
 * The rule vocabularies (basis, type, comparison, trading-day kind, best-day effect) are the coach's own
 * field schemas, so a plan's rules and a challenge's own rules cannot drift apart; fields added after the
 * first rule versions were stored are optional, so those versions keep their content hash.
 */
import {
  ConsistencySchema as CoachConsistencySchema,
  DailyLossFields,
  MaxLossFields,
  MinTradingDaysFields,
  NewsRuleFields,
  VariantWhenSchema,
} from '@propfolio/coach';
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

/**
 * Whose word a rule is: the firm's own page (help centre, rules page, academy) or a third party's, which stands
 * only where the firm publishes nothing on the rule. The import fills it in where a file leaves it out: `firm`
 * when the page is on one of the firm's own domains, else `third_party`.
 */
export const SOURCE_KINDS = ['firm', 'third_party'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Where one rule was read, and when: a changed rule cites its own source beside the plan's. */
export const RuleSourceSchema = Type.Object(
  {
    url: Type.String({ pattern: '^https://\\S+$', description: 'The page the rule was read on.' }),
    readOn: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'When it was read (or the date the page gives), YYYY-MM-DD.' }),
    kind: Type.Optional(
      Type.Enum(SOURCE_KINDS, { description: "firm: the firm's own page; third_party: someone else's, where the firm publishes nothing." }),
    ),
  },
  { additionalProperties: false },
);
export type RuleSource = Static<typeof RuleSourceSchema>;
const Source = Type.Optional(RuleSourceSchema);

/**
 * Other values a rule field is given elsewhere (another page of the firm's, or a third party): each with its
 * source and why the value in the field is the one used. The coach uses the field's value.
 */
const FieldDisputes = Type.Optional(
  Type.Array(
    Type.Object(
      {
        value: Type.Unknown({ description: 'The other value: the same shape as the field, or a short text.' }),
        source: RuleSourceSchema,
        note: Type.String({ minLength: 1, description: "Why the field's value is the one used." }),
      },
      { additionalProperties: false },
    ),
    { minItems: 1, description: "Other values given elsewhere for this rule; the rule's own value is the one the coach uses." },
  ),
);

/** The split from payout `fromPayout` (1 = the first) on. */
const SplitStepSchema = Type.Object(
  { fromPayout: Type.Integer({ minimum: 1 }), percent: Type.Number({ minimum: 0, maximum: 100 }) },
  { additionalProperties: false },
);

/** Days a payout needs since the last one (or funding): any trading day, or a profitable day of at least a profit. */
const PayoutDaysSchema = Type.Object(
  {
    days: Type.Integer({ minimum: 1 }),
    counts: Type.Enum(['trading_day', 'profitable_day']),
    /** A profitable day's least profit, % of the initial balance (a firm's dollar figure divided by the size). */
    minProfitPercent: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
    /** The same in the plan's currency, where the firm states a fixed amount for every size. */
    minProfitAmount: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  },
  { additionalProperties: false },
);

/** Payout consistency: the best day since the last payout at most `bestDayMaxPercent` of the profit paid out. */
const PayoutConsistencySchema = Type.Object(
  { bestDayMaxPercent: Type.Number({ exclusiveMinimum: 0, maximum: 100 }), of: Type.Literal('payout_profit') },
  { additionalProperties: false },
);

/** Provenance of a rule written as a plain value (targets, time limit, weekend holding…): `rules.sources.<field>`. */
const FieldSourceSchema = Type.Object(
  { ...RuleSourceSchema.properties, note: Type.Optional(Type.String()), disputed: FieldDisputes },
  { additionalProperties: false },
);

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
    disputed: FieldDisputes,
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
    disputed: FieldDisputes,
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
          disputed: FieldDisputes,
        },
        { additionalProperties: false },
      ),
    ),
    /** Best-day (consistency) rule: the best day's profit at most `bestDayMaxPercent` of the target or of the total profit. */
    consistency: Type.Union([
      Type.Literal('none'),
      Type.Object({ ...CoachConsistencySchema.properties, source: Source, disputed: FieldDisputes }, { additionalProperties: false }),
      Type.Null(),
    ]),
    timeLimit: Type.Union([
      Type.Literal('none'),
      Type.Object(
        { days: Type.Integer({ minimum: 1 }), note: Type.Optional(Type.String()), source: Source, disputed: FieldDisputes },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    /** The trader's share of the funded profit: `percent` from the first payout, `steps` where it grows by payout. */
    profitSplit: Nullable(
      Type.Object(
        {
          percent: Percent,
          maxPercent: Percent,
          steps: Type.Optional(Type.Array(SplitStepSchema, { minItems: 1, description: 'The split from a given payout on.' })),
          note: Note,
          source: Source,
          disputed: FieldDisputes,
        },
        { additionalProperties: false },
      ),
    ),
    /**
     * When a funded account pays out: the first payout `firstAfterDays` calendar days after funding (or the first
     * trade, as the note says), then by `cadence` (or every `everyDays` calendar days), each payout needing the
     * `minDays` and the `consistency` the firm sets per payout. A condition left out is not researched (the coach
     * takes it as none and says so); `null` is unknown; `none` the firm has none.
     */
    payout: Nullable(
      Type.Object(
        {
          cadence: Nullable(PayoutCadenceSchema),
          firstAfterDays: Nullable(Type.Integer({ minimum: 0 })),
          everyDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'Calendar days from one payout to the next.' }))),
          minDays: Type.Optional(Type.Union([Type.Literal('none'), PayoutDaysSchema, Type.Null()])),
          consistency: Type.Optional(Type.Union([Type.Literal('none'), PayoutConsistencySchema, Type.Null()])),
          note: Note,
          source: Source,
          disputed: FieldDisputes,
        },
        { additionalProperties: false },
      ),
    ),
    feeRefund: Nullable(
      Type.Object(
        { when: Nullable(RefundTriggerSchema), note: Note, source: Source, disputed: FieldDisputes },
        { additionalProperties: false },
      ),
    ),
    eaPolicy: Nullable(PolicySchema),
    newsTrading: Nullable(PolicySchema),
    newsWindowMinutes: Nullable(Type.Integer({ minimum: 0 })),
    /**
     * The news rule as data (docs/alerts.md, "News windows"): minutes before and after a release of the named
     * impacts, the stages and instruments it restricts, and the firm's penalty; the coach's own vocabulary.
     */
    news: Type.Optional(
      Nullable(
        Type.Object({ ...NewsRuleFields, note: Type.Optional(Type.String()), source: RuleSourceSchema }, { additionalProperties: false }),
      ),
    ),
    weekendHolding: Nullable(PermissionSchema),
    hedging: Nullable(PermissionSchema),
    maxRiskPerTradePercent: Percent,
    /** Amount payable on passing, for plans sold with a small upfront fee (same currency as the price). */
    deferredFee: Nullable(Type.Number({ minimum: 0 })),
    /** Other rules in words (consistency rules, caps, platform limits). */
    other: Type.Array(Type.String()),
    /** Further sources beside the plan's `sourceUrl`. */
    otherSources: Type.Array(Type.String()),
    /** Provenance of the rules written as plain values (profitTargetsPercent, weekendHolding, …), by field name. */
    sources: Type.Optional(
      Type.Record(Type.String(), FieldSourceSchema, {
        description: 'Where each rule written as a plain value was read (kind, url, readOn), by field name; other values in `disputed`.',
      }),
    ),
    /**
     * Rules that differ by stage, platform or purchase date: each variant names when it applies and only the
     * fields that differ (same shapes as these rules). The coach applies those that fit a challenge.
     */
    variants: Type.Optional(
      Type.Array(
        Type.Object(
          {
            when: VariantWhenSchema,
            rules: Type.Record(Type.String(), Type.Unknown(), {
              description: 'Only the rule fields that differ, in the shapes of `rules`.',
            }),
            source: RuleSourceSchema,
            note: Type.Optional(Type.String()),
          },
          { additionalProperties: false },
        ),
        { description: "Rules that differ by stage, platform or purchase date; the plan's rules are the default." },
      ),
    ),
    /** Rules the firm does not publish anywhere: the coach names them in its answers. */
    unpublished: Type.Optional(
      Type.Array(
        Type.Object(
          {
            rule: Type.String({ minLength: 1, description: 'The rule path, e.g. maxLoss.type or dailyLoss.rollover.' }),
            note: Nullable(Type.String()),
          },
          { additionalProperties: false },
        ),
        { description: "Rules the firm's pages do not state; answers that need them say so." },
      ),
    ),
  },
  { additionalProperties: false },
);

export type DailyLoss = Static<typeof DailyLossSchema>;
export type Rollover = Static<typeof RolloverSchema>;
export type MaxLoss = Static<typeof MaxLossSchema>;
export type PlanRules = Static<typeof PlanRulesSchema>;
export type PlanRuleVariant = NonNullable<PlanRules['variants']>[number];
export type { DailyLossBasis, MaxLossType } from '@propfolio/coach';
export type Policy = Static<typeof PolicySchema>;
export type Permission = Static<typeof PermissionSchema>;
