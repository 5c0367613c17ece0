import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { Doc, IsIsoInstant, NumberFromQuery } from '@propfolio/core';
import { ChallengeIdInput } from '../challenges/challenges.inputs.js';
import { Absent } from '../shared/contract-fields.js';
import { ALERT_RULE_KINDS, type AlertRuleKind } from './alert-events.js';

/** Rules a challenge may keep: enough for every threshold a trader would want, bounded so evaluation stays cheap. */
const MAX_ALERT_RULES = 50;
/** The longest a tracker may be silent before the alert, in minutes: a trading day. */
export const MAX_SILENT_MINUTES = 1440;
/** The earliest warning before a news window, in minutes: four hours. */
export const MAX_NEWS_AHEAD_MINUTES = 240;

export class AlertRuleInput {
  @Doc({
    description: 'What alerts; threshold says when.',
    example: 'daily_loss',
  })
  @IsIn(ALERT_RULE_KINDS)
  rule!: AlertRuleKind;

  @Doc({
    description:
      '% of allowance left (loss rules) or of its limit (best_day), 1-100; minutes of no data on a trading day (tracker_silent, 1-1440) or before news with positions open (news_ahead, 1-240); else null.',
    example: 25,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SILENT_MINUTES)
  threshold?: number | null;
}

export class SetAlertRulesInput extends ChallengeIdInput {
  @Doc('Alert rules.')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ALERT_RULES)
  @ValidateNested({ each: true })
  @Type(() => AlertRuleInput)
  rules!: AlertRuleInput[] | null;
}

const FINITE = { allowNaN: false, allowInfinity: false } as const;

/** Bounds are the pure check's (a 400 naming the field): repeating them here would cost every agent's tools/list. */
/** A worst-case loss as an amount, or as a position (the pre-trade checks of one account and of a group share it). */
export class TradeRiskInput {
  @Doc('Worst-case loss, account currency; or volume, stopDistance, tickValue, tickSize.')
  @Absent()
  @NumberFromQuery()
  @IsNumber(FINITE)
  riskAmount?: number;

  @Doc('Lots.')
  @Absent()
  @NumberFromQuery()
  @IsNumber(FINITE)
  volume?: number;

  @Doc('Entry to stop, price units.')
  @Absent()
  @NumberFromQuery()
  @IsNumber(FINITE)
  stopDistance?: number;

  @Doc('SYMBOL_TRADE_TICK_VALUE.')
  @Absent()
  @NumberFromQuery()
  @IsNumber(FINITE)
  tickValue?: number;

  @Doc('SYMBOL_TRADE_TICK_SIZE.')
  @Absent()
  @NumberFromQuery()
  @IsNumber(FINITE)
  tickSize?: number;
}

export class CheckTradeInput extends TradeRiskInput {
  @Doc('EA account id.')
  @IsString()
  id!: string;

  @Doc({ description: "Symbol, for the firm's news windows.", example: 'EURUSD' })
  @Absent()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  symbol?: string;

  @Doc({
    description: 'Trade instant, for news windows; default now.',
    example: '2026-12-04T13:30:00Z',
  })
  @Absent()
  @IsIsoInstant()
  at?: string;
}
