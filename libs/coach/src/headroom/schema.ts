/**
 * The headroom answer as a JSON Schema: it becomes the OpenAPI and MCP output schema, so every field
 * says what it is. Amounts are exact, in the account's currency, not rounded (the display rounds).
 */
import Type, { type Static } from 'typebox';
import { Day, Money, Nullable, Percent, Timestamp } from '../shared/schema.js';
import { TradeRulesSchema } from '../trade-rules/schema.js';

const FirmDaySchema = Type.Object(
  {
    day: Day('Name of the firm day: the local date holding most of it (start date for a roll-over before noon, end date from noon on).'),
    startUtc: Timestamp('Start of the day, ISO 8601 UTC.'),
    endUtc: Timestamp('End of the day (the next roll-over), ISO 8601 UTC.'),
    startLocal: Timestamp("Start in the firm's clock, ISO 8601 with offset."),
    endLocal: Timestamp("End in the firm's clock, ISO 8601 with offset."),
  },
  { description: 'A firm day window.' },
);

/** A crossed floor: shared by the headroom, check_trade, the simulation and /guard, which all lead with it. */
export const BreachSchema = Type.Object(
  {
    rule: Type.Enum(['dailyLoss', 'maxLoss'], { description: 'The rule whose floor was crossed.' }),
    day: Day('The firm day it happened on.'),
    at: Nullable(
      Timestamp(
        'When equity was seen under the floor, ISO 8601 UTC: the instant of the lowest equity, or the end of the day for an end-of-day report; null when the firm day is unknown.',
      ),
    ),
    atLocal: Nullable(Timestamp("`at` in the firm's clock, ISO 8601 with offset; null when the firm's clock is unknown.")),
    floor: Money('The floor that was crossed.'),
    lowestEquity: Money('The equity seen under it.'),
    by: Money('How far under the floor: floor minus lowestEquity (0 when equity at the floor breaches).'),
  },
  { description: 'A floor crossed in this attempt: at the firm the attempt has failed, whatever equity does next.' },
);
export type Breach = Static<typeof BreachSchema>;

const DailyLossSchema = Type.Object(
  {
    day: Nullable(FirmDaySchema),
    reference: Nullable(
      Type.Object({
        level: Money('The level the day is measured from.'),
        kind: Type.Enum(['day_start_balance', 'day_start_equity', 'max_balance_equity', 'initial_balance'], {
          description: 'What the level is.',
        }),
        source: Type.Enum(['report', 'snapshot', 'initial_balance'], {
          description:
            "Where the day-start levels come from: the previous day's end-of-day report, else the last snapshot at or before the reset, else the initial balance.",
        }),
        sourceDay: Nullable(Day('The day of that report or snapshot; null for the initial balance.')),
        accuracy: Type.Enum(['exact', 'estimated'], {
          description:
            '`exact`: the levels the firm took at the reset; `estimated`: no data before the reset, the initial balance stands in (see `why`).',
        }),
        why: Nullable(Type.String({ description: 'Why the reference is estimated (English); null when exact.' })),
      }),
    ),
    comparison: Nullable(
      Type.Enum(['below', 'at_or_below'], {
        description: 'How the floor is judged: equity strictly below it breaches, or at it too (`below` when the rule does not say).',
      }),
    ),
    limit: Nullable(Money('Amount the day may lose.')),
    floor: Nullable(Money('Equity below this breaches the daily loss rule.')),
    used: Nullable(Money('Reference minus equity now, at least 0.')),
    left: Nullable(Money('Equity now minus the floor; above the limit when the day is in profit.')),
    leftPercent: Nullable(Percent('`left` as a percentage of the limit, 2 decimals.')),
    lowestEquity: Nullable(Money("The day's lowest equity seen (snapshots), else its latest equity.")),
    lowestLeft: Nullable(Money('Lowest equity minus the floor: the closest the day came to the floor.')),
    breach: Type.Union([BreachSchema, Type.Null()], {
      description: 'The first day whose equity crossed its daily floor; null when none did.',
    }),
  },
  { description: "Today's daily loss rule; all null when there is no such rule or it is unknown." },
);

const MaxLossSchema = Type.Object(
  {
    type: Nullable(
      Type.Enum(['static', 'trailing_eod', 'trailing_closed_balance', 'trailing_equity'], { description: 'How the floor moves.' }),
    ),
    limitOf: Nullable(
      Type.Enum(['initial_balance', 'high_water_mark', 'fixed_amount'], {
        description: 'What the limit is: a percentage of the initial balance, a percentage of the high-water mark, or a fixed amount.',
      }),
    ),
    comparison: Nullable(
      Type.Enum(['below', 'at_or_below'], {
        description: 'How the floor is judged: equity strictly below it breaches, or at it too (`below` when the rule does not say).',
      }),
    ),
    highWaterMark: Nullable(Money('Highest level the floor trails (the initial balance for a static floor).')),
    limit: Nullable(Money('Maximum loss amount below the high-water mark (for a percentage of the mark, at the mark now).')),
    floor: Nullable(Money('Equity below this breaches the maximum loss rule.')),
    left: Nullable(Money('Equity now minus the floor.')),
    leftPercent: Nullable(Percent('`left` as a percentage of the limit, 2 decimals.')),
    locked: Type.Boolean({ description: 'True once a trailing floor has reached its lock level and stopped moving.' }),
    lockedAt: Nullable(Money('The level a trailing floor locks at; null without a lock.')),
    breach: Type.Union([BreachSchema, Type.Null()], {
      description: 'When equity first crossed the maximum loss floor; null when it never did.',
    }),
  },
  { description: 'The maximum loss rule; numbers null when there is no such rule or it is unknown.' },
);

const TargetSchema = Type.Object(
  {
    phase: Nullable(Type.Integer({ minimum: 1, description: 'Phase number, 1-based; null when funded or unknown.' })),
    percent: Nullable(Percent('Profit target of the phase, percent of the initial balance.')),
    level: Nullable(Money('Balance that reaches the target.')),
    remaining: Nullable(Money('Balance still to gain, at least 0.')),
    percentDone: Nullable(Percent('Progress towards the target, 0 to 100, 2 decimals.')),
  },
  { description: 'Profit target of the current phase, measured on the closed balance.' },
);

const TradingDaysSchema = Type.Object(
  {
    done: Type.Integer({ minimum: 0, description: 'Trading days so far, counted as `countedFrom` says.' }),
    countedFrom: Type.Enum(['given', 'position_opened', 'balance_change', 'profitable_day'], {
      description:
        'How `done` was counted: given by the caller, days a position was opened, days with a closed trade or balance change, or days whose closed profit reached the rule’s minimum.',
    }),
    required: Nullable(Type.Integer({ minimum: 0, description: 'Minimum trading days; null when unknown, 0 when none.' })),
    perPhase: Nullable(Type.Boolean({ description: 'Whether the minimum applies to each phase.' })),
    timeLimitDaysLeft: Nullable(Type.Integer({ description: 'Firm days left after today under the time limit; null without one.' })),
  },
  { description: 'Trading days and the time limit.' },
);

const ConsistencySchema = Type.Object(
  {
    bestDay: Nullable(Day('The day with the largest closed profit.')),
    bestDayProfit: Money('Closed profit of the best day (0 when no day made money).'),
    limit: Nullable(Money('The most the best day may make under the rule; null when the target is unknown.')),
    profitStillNeeded: Nullable(
      Money(
        'Further total profit needed for the best day to fit (total-profit rules: best ÷ share − total); null when more profit cannot fix it.',
      ),
    ),
    effect: Nullable(
      Type.Enum(['blocks_pass', 'fails'], {
        description:
          'What a broken rule does: delays the pass until it holds (keep trading), or ends the attempt; null when the rule does not say.',
      }),
    ),
    holds: Nullable(Type.Boolean({ description: 'Whether the rule holds now; null when it cannot be judged.' })),
  },
  { description: 'Best-day consistency rule; null when the challenge has none or it is unknown.' },
);

const NextResetSchema = Type.Object(
  {
    at: Nullable(Timestamp('Next roll-over, ISO 8601 UTC.')),
    dailyFloorAfterReset: Nullable(Money("Tomorrow's daily floor if open positions stay as they are.")),
    carriedFloating: Money('Floating P&L carried over the reset: equity minus balance now.'),
    leftAfterReset: Nullable(Money('Equity now minus the floor after the reset; below 0 means holding breaches at the reset.')),
  },
  { description: 'The daily loss rule just after the next roll-over.' },
);

const StaleSchema = Type.Object(
  {
    isStale: Type.Boolean({ description: 'True when the newest data is older than the staleness limit.' }),
    basedOn: Type.String({ description: 'The data the answer rests on, in English, e.g. "snapshot at 2026-03-05T14:00:00Z".' }),
    source: Type.Enum(['snapshot', 'report', 'initial_balance'], {
      description: 'What the answer rests on (for wording it in any language): a snapshot, a daily report, or no data yet.',
    }),
    day: Nullable(Day('The firm day of that report; null for a snapshot or no data.')),
    asOf: Nullable(Timestamp('When that data was true, ISO 8601 UTC; null when unknown.')),
  },
  { description: 'How fresh the answer is.' },
);

/**
 * Every finding a headroom answer can carry, as a stable code: a client shows its own words for it (the
 * dashboard in Japanese or English) with `values`, instead of parsing the English `message`.
 */
export const REASON_CODES = [
  'dailyLoss.unknown',
  'dailyLoss.percent_unknown',
  'dailyLoss.amount_of_unknown',
  'dailyLoss.basis_unknown',
  'dailyLoss.rollover_unknown',
  'dailyLoss.rollover_unreadable',
  'dailyLoss.near_limit',
  'dailyLoss.breached',
  'dailyLoss.reset_breach',
  'dailyLoss.reference_estimated',
  'maxLoss.unknown',
  'maxLoss.percent_unknown',
  'maxLoss.type_unknown',
  'maxLoss.near_limit',
  'maxLoss.breached',
  'timeLimit.unknown',
  'timeLimit.start_unknown',
  'timeLimit.over',
  'profitTarget.unknown',
  'profitTarget.phase_unknown',
  'minTradingDays.unknown',
  'minTradingDays.openings_unknown',
  'consistency.unknown',
  'consistency.broken',
  'consistency.blocks_pass',
  'consistency.failed',
  'weekendHolding.breached',
  'hedging.breached',
  'maxRiskPerTrade.breached',
  'maxRiskPerTrade.near_limit',
  'maxRiskPerTrade.open_over_limit',
  'maxRiskPerTrade.open_near_limit',
  'maxRiskPerTrade.open_without_stop',
  'data.stale',
  'data.no_account',
  'data.no_plan',
  'data.trades_truncated',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

const ReasonSchema = Type.Object({
  rule: Type.Enum(
    [
      'dailyLoss',
      'maxLoss',
      'profitTarget',
      'minTradingDays',
      'timeLimit',
      'consistency',
      'weekendHolding',
      'hedging',
      'maxRiskPerTrade',
      'data',
    ],
    {
      description: 'The rule concerned.',
    },
  ),
  kind: Type.Enum(['breached', 'warning', 'unknown', 'stale', 'info'], { description: 'What kind of finding.' }),
  code: Type.Enum(REASON_CODES, { description: 'What the finding is, stable for clients that word it themselves.' }),
  values: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Null()]), {
    description: 'The figures the message names (amounts, days, percents), for a client that words the finding itself.',
  }),
  message: Type.String({ description: 'Plain-language explanation (English).' }),
});

export const HeadroomSchema = Type.Object(
  {
    at: Timestamp('The instant the headroom is for, ISO 8601 UTC.'),
    currency: Type.String({ description: 'Currency of every amount.' }),
    dailyLoss: DailyLossSchema,
    maxLoss: MaxLossSchema,
    target: TargetSchema,
    tradingDays: TradingDaysSchema,
    consistency: Nullable(ConsistencySchema),
    nextReset: NextResetSchema,
    tradeRules: Nullable(TradeRulesSchema),
    breach: Type.Union([BreachSchema, Type.Null()], {
      description:
        'The first floor crossed in the attempt (daily or maximum loss); null when none. While set, no answer that advises says a trade is allowed or gives odds.',
    }),
    stale: StaleSchema,
    status: Type.Enum(['ok', 'warning', 'breached', 'unknown'], {
      description:
        'breached: a floor was crossed or the time ran out; warning: less than the warning threshold of a limit left; unknown: a rule that can fail the account (daily loss, max loss, time limit) is unknown.',
    }),
    reasons: Type.Array(ReasonSchema, { description: 'Why the status is what it is, and every unknown rule.' }),
    warningThreshold: Type.Number({ description: 'Fraction of a limit below which the status is warning.' }),
  },
  { description: "A challenge's room under each rule at an instant. Reports what it sees; it never changes anything." },
);

export type Headroom = Static<typeof HeadroomSchema>;
export type HeadroomReason = Headroom['reasons'][number];
