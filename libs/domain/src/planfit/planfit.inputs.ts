import { MAX_PATHS, MAX_REPLAY_HISTORY_DAYS, MAX_REPLAY_PLANS, MAX_SERIES_DAYS } from '@propfolio/coach';
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
export class PlanCatalogFilter {
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

  @Doc('Max price, plan’s currency.')
  @Absent()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_AMOUNT)
  maxPrice?: number;
}

/** The catalog filter and a list of plan ids. */
export class PlanFilterInput extends PlanCatalogFilter {
  @Doc('Only these catalog plan ids.')
  @Absent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REPLAY_PLANS)
  @IsString({ each: true })
  planIds?: string[];
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

/** How fit_plans draws: whole days in blocks, or whole days with their trades (per-trade rules judged). */
export const FIT_METHODS = ['block', 'trades'] as const;

/** fit_plans: kept small, as every MCP session downloads it (the series sent, or with a key your tracked accounts). */
export class FitPlansInput extends PlanCatalogFilter {
  // ±100 % a day and at least one day are the simulation's own checks (a 400 naming the day).
  @Doc('Daily P&L %; none: your accounts (key).')
  @Absent()
  @IsArray()
  @ArrayMaxSize(MAX_SERIES_DAYS)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  dailyPnlPercent?: number[];

  @Doc({ description: 'block: days; trades: days with their trades (your accounts).', default: 'block' })
  @Absent()
  @IsIn(FIT_METHODS)
  method?: (typeof FIT_METHODS)[number];

  @Doc('Paths per plan (default 10,000).')
  @Absent()
  @IsInt()
  @Min(100)
  @Max(MAX_PATHS)
  paths?: number;
}
