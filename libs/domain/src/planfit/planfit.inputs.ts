import {
  DEFAULT_PAYOUT_HORIZON_DAYS,
  MAX_PATHS,
  MAX_PAYOUT_HORIZON_DAYS,
  MAX_REPLAY_HISTORY_DAYS,
  MAX_REPLAY_PLANS,
  MAX_SERIES_DAYS,
} from '@propfolio/coach';
import { Doc, IsIsoDate, MatchesSchema } from '@propfolio/core';
import Type, { type Static } from 'typebox';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNumber, IsString, Max, Min } from 'class-validator';
import { Absent, MAX_AMOUNT } from '../shared/contract-fields.js';

// Amounts are JSON numbers, as everywhere on the wire; instants and dates are checked by the replay, whose errors name the day.
const TradeSchema = Type.Object(
  {
    openedAt: Type.String(),
    closedAt: Type.String(),
    profit: Type.Number({ description: 'Net of fees.' }),
    mae: Type.Optional(Type.Union([Type.Number({ description: 'Worst floating P&L, ≤ 0.' }), Type.Null()])),
  },
  { additionalProperties: false },
);

const DaySchema = Type.Object(
  {
    day: Type.String({ description: 'UTC date.' }),
    closedPnl: Type.Number(),
    lowestEquity: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    trades: Type.Optional(Type.Union([Type.Array(TradeSchema), Type.Null()])),
  },
  { additionalProperties: false },
);

/** A history sent with the request: days oldest first, each starting where the last closed. */
export const SuppliedHistorySchema = Type.Object(
  {
    initialBalance: Type.Number(),
    days: Type.Array(DaySchema, { minItems: 1, maxItems: MAX_REPLAY_HISTORY_DAYS }),
  },
  { additionalProperties: false },
);
export type SuppliedHistory = Static<typeof SuppliedHistorySchema>;

/** Which catalog plans an answer covers: every one, or those the filters keep (all filters must hold). */
export class PlanFilterInput {
  @Doc('Only these catalog plan ids.')
  @Absent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REPLAY_PLANS)
  @IsString({ each: true })
  planIds?: string[];

  @Doc('Only these firms (slug or name).')
  @Absent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  firms?: string[];

  @Doc('Only these phase counts (0: instant).')
  @Absent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(3, { each: true })
  phases?: number[];

  @Doc('Only these account sizes.')
  @Absent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  @Min(0, { each: true })
  @Max(MAX_AMOUNT, { each: true })
  accountSizes?: number[];

  @Doc('Price ceiling, in the plan’s currency.')
  @Absent()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_AMOUNT)
  maxPrice?: number;
}

export class ReplayPlansInput extends PlanFilterInput {
  @Doc('Your history; without it (key needed): your tracked accounts.')
  @Absent()
  @MatchesSchema(SuppliedHistorySchema)
  history?: SuppliedHistory;

  @Doc('Only this account.')
  @Absent()
  @IsString()
  accountId?: string;

  @Doc('Only this challenge’s accounts.')
  @Absent()
  @IsString()
  challengeId?: string;

  @Doc('First start date; default the history’s first day.')
  @Absent()
  @IsIsoDate()
  from?: string;

  @Doc('Last start date; default the history’s last day.')
  @Absent()
  @IsIsoDate()
  to?: string;

  @Doc('Plan id to list every start’s outcome of.')
  @Absent()
  @IsString()
  outcomesOf?: string;
}

export class FitPlansInput extends PlanFilterInput {
  @Doc({ description: 'Daily closed P&L, % of initial balance, to draw from.', example: [0.8, -0.4, 1.2, -1.1, 0.3] })
  @Absent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SERIES_DAYS)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  @Min(-100, { each: true })
  @Max(100, { each: true })
  dailyPnlPercent?: number[];

  @Doc('Your history as replay_plans takes it (intraday lows used).')
  @Absent()
  @MatchesSchema(SuppliedHistorySchema)
  history?: SuppliedHistory;

  @Doc('Only this account (key).')
  @Absent()
  @IsString()
  accountId?: string;

  @Doc('Only this challenge’s accounts (key).')
  @Absent()
  @IsString()
  challengeId?: string;

  @Doc({ description: 'Runs of days (keeps streaks) or single days.', default: 'block' })
  @Absent()
  @IsIn(['block', 'iid'])
  method?: 'block' | 'iid';

  @Doc({ description: 'Days per resampled block.', default: 5 })
  @Absent()
  @IsInt()
  @Min(1)
  @Max(60)
  blockDays?: number;

  @Doc({ description: 'Paths per plan.', default: 10000 })
  @Absent()
  @IsInt()
  @Min(100)
  @Max(MAX_PATHS)
  paths?: number;

  @Doc({ description: 'Same seed and input, same answer.', default: 20260101 })
  @Absent()
  @IsInt()
  @Min(0)
  @Max(4294967295)
  seed?: number;

  @Doc({ description: 'Days simulated per phase without a time limit.', default: 60 })
  @Absent()
  @IsInt()
  @Min(1)
  @Max(1000)
  horizonDays?: number;

  @Doc({ description: 'Calendar days of payouts after funding.', default: DEFAULT_PAYOUT_HORIZON_DAYS })
  @Absent()
  @IsInt()
  @Min(1)
  @Max(MAX_PAYOUT_HORIZON_DAYS)
  payoutHorizonDays?: number;

  @Doc('Rules in force on this date; default today.')
  @Absent()
  @IsIsoDate()
  purchasedOn?: string;
}
