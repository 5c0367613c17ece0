import { MAX_PATHS, MAX_SCALE, MAX_SCALES, MAX_SERIES_DAYS, RulesOverrideSchema, type RulesOverride } from '@propfolio/coach';
import { Compose, Doc, IsIsoDate, IsIsoInstant, MatchesSchema, NumberFromQuery } from '@propfolio/core';
import Type from 'typebox';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNumber, IsString, Max, Min } from 'class-validator';
import { Absent } from '../shared/contract-fields.js';

export const SIMULATION_METHODS = ['block', 'iid'] as const;

/** Which days a challenge's simulation draws from when the caller names no account: written once for the input, the answer and the docs. */
export const HISTORY_SOURCE_DOC = 'the linked accounts, archived too';
/** A daily P&L beyond ±100 % of the initial balance is not a trading day, it is a typo. */
const MAX_DAILY_PERCENT = 100;
const FINITE = { allowNaN: false, allowInfinity: false } as const;

/** A daily P&L series: 1 to MAX_SERIES_DAYS finite percents of the initial balance. */
function DailyPnlSeries(): PropertyDecorator {
  return Compose(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_SERIES_DAYS),
    IsNumber(FINITE, { each: true }),
    Min(-MAX_DAILY_PERCENT, { each: true }),
    Max(MAX_DAILY_PERCENT, { each: true }),
  );
}

export class SetChallengeRulesInput {
  @Doc('Challenge id.')
  @IsString()
  id!: string;

  @Doc("Own rules, all optional, over the plan's; null clears them.")
  @MatchesSchema(Type.Union([RulesOverrideSchema, Type.Null()]))
  rules!: RulesOverride | null;
}

export class HeadroomInput {
  @Doc('Challenge id.')
  @IsString()
  id!: string;

  @Doc({
    description: 'Judge as of this instant; default now.',
    example: '2026-03-05T14:03:00Z',
  })
  @Absent()
  @IsIsoInstant()
  at?: string;
}

/** What every simulation takes besides its subject. */
class SimulationOptions {
  @Doc({
    description: 'Runs of days (keeps streaks) or single days.',
    default: 'block',
  })
  @Absent()
  @IsIn(SIMULATION_METHODS)
  method?: (typeof SIMULATION_METHODS)[number];

  @Doc({ description: 'Days per resampled block.', default: 5 })
  @NumberFromQuery()
  @Absent()
  @IsInt()
  @Min(1)
  @Max(60)
  blockDays?: number;

  @Doc({ description: 'Simulated paths.', default: 10000 })
  @NumberFromQuery()
  @Absent()
  @IsInt()
  @Min(100)
  @Max(MAX_PATHS)
  paths?: number;

  @Doc({ description: 'Same seed, same answer.', default: 1 })
  @NumberFromQuery()
  @Absent()
  @IsInt()
  @Min(0)
  @Max(4294967295)
  seed?: number;

  @Doc({ description: 'Days simulated without a time limit.', default: 60 })
  @NumberFromQuery()
  @Absent()
  @IsInt()
  @Min(1)
  @Max(1000)
  horizonDays?: number;

  @Doc({
    description: 'P&L multipliers, answered in byRiskScale.',
    example: [0.5, 1, 1.5],
  })
  @Absent()
  @IsArray()
  @ArrayMaxSize(MAX_SCALES)
  @IsNumber(FINITE, { each: true })
  @Min(0, { each: true })
  @Max(MAX_SCALE, { each: true })
  riskScale?: number[];
}

export class SimulateChallengeInput extends SimulationOptions {
  @Doc('Challenge id.')
  @IsString()
  id!: string;

  @Doc(`Only this EA account's days (default: ${HISTORY_SOURCE_DOC}).`)
  @Absent()
  @IsString()
  accountId?: string;

  @Doc({
    description: 'Instead of the tracked days: daily closed P&L, % of initial balance.',
    example: [0.8, -0.4, 1.2, -1.1, 0.3],
  })
  @Absent()
  @DailyPnlSeries()
  dailyPnlPercent?: number[];
}

export class SimulatePlanInput extends SimulationOptions {
  @Doc({
    description: 'Catalog plan id; give it, rules, or both (rules correct it).',
    example: 'ftmo-2-step-100000',
  })
  @Absent()
  @IsString()
  planId?: string;

  @Doc('Plan rules, all optional.')
  @Absent()
  @MatchesSchema(RulesOverrideSchema)
  rules?: RulesOverride;

  @Doc({ description: 'Rules in force on this date; default today.', example: '2026-03-01' })
  @Absent()
  @IsIsoDate()
  purchasedOn?: string;

  @Doc({
    description: 'Daily closed P&L, % of initial balance.',
    example: [0.8, -0.4, 1.2, -1.1, 0.3],
  })
  @DailyPnlSeries()
  dailyPnlPercent!: number[];
}
