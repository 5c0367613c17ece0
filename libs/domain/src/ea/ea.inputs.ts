import { Type } from 'class-transformer';
import {
  IsArray,
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  IsNotEmpty,
} from 'class-validator';
import { Doc, IsIsoDate, IsScalar, NumberFromQuery, UpperCase, CursorPageQuery } from '@propfolio/core';

export class EaOverviewInput {
  @Doc({ description: 'Language of the texts: ja (default) or en.', default: 'ja' })
  @IsOptional()
  @IsIn(['ja', 'en'])
  lang?: 'ja' | 'en';
}

export class EaSearchParamsInput extends CursorPageQuery {
  @Doc({
    description: 'Keywords in Japanese or English; every word must match (partial, case- and width-insensitive).',
    example: 'トレーリング 開始',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @Doc({ description: 'Only inputs of this group number (the 37 in "37-5").', example: 12 })
  @IsOptional()
  @NumberFromQuery()
  @IsInt()
  @Min(1)
  @Max(9999)
  group?: number;
}

export class EaExplainParamInput {
  @Doc({ description: 'The input: its MQL name, its number such as "37-5" (full-width digits accepted), or its label.', example: '37-5' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  ref!: string;
}

const CONTENT_DOC =
  'The .set file: its text, or base64 of its bytes when contentEncoding is base64. At most 512 KiB (524288 bytes) of file; larger is 413 payload_too_large.';
const CONTENT_ENCODING_DOC = {
  description: 'text (default) or base64 (use base64 for a file as saved by MetaTrader, UTF-16LE).',
  default: 'text',
};

export class EaDiagnoseSetInput {
  @Doc(CONTENT_DOC)
  @IsString()
  content!: string;

  @Doc(CONTENT_ENCODING_DOC)
  @IsOptional()
  @IsIn(['text', 'base64'])
  contentEncoding?: 'text' | 'base64';

  @Doc({ description: 'What the file is: auto (default, detected), mt5 or mt4.', default: 'auto' })
  @IsOptional()
  @IsIn(['auto', 'mt5', 'mt4'])
  format?: 'auto' | 'mt5' | 'mt4';

  @Doc({ description: 'live (default): flags e.g. optimisation flags left on; tester: flags tester pitfalls.', default: 'live' })
  @IsOptional()
  @IsIn(['live', 'tester'])
  purpose?: 'live' | 'tester';

  @Doc({ description: 'Also check against this prop firm’s current rules (slug or name, as in search_plans).', example: 'ftmo' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  firm?: string;

  @Doc({
    description:
      'With firm: a specific plan id from search_plans; needed when the firm’s plans differ in their limits (the error lists them).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  planId?: string;

  @Doc({
    description:
      'summary (default): the 30 most severe findings (the rest counted in omittedFindings), and the inputs the file leaves out as one missing_inputs finding; full: every finding, one missing_input finding per input.',
    default: 'summary',
  })
  @IsOptional()
  @IsIn(['summary', 'full'])
  detail?: 'summary' | 'full';
}

export class EaChange {
  @Doc({ description: 'The input: name, number such as "37-5", or label.', example: '12-3' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  ref!: string;

  @Doc({ description: 'The new value, as a string, number or boolean.', example: '1.5' })
  @IsScalar()
  value!: string | number | boolean;
}

export class EaTesterInput extends EaChange {
  @Doc({ description: 'Optimisation range start (give start, step and stop together).', example: 100 })
  @IsOptional()
  @IsNumber()
  start?: number;

  @Doc({ description: 'Optimisation step, above 0.', example: 50 })
  @IsOptional()
  @IsNumber()
  step?: number;

  @Doc({ description: 'Optimisation range stop.', example: 500 })
  @IsOptional()
  @IsNumber()
  stop?: number;
}

export class EaBuildSetInput {
  @Doc(`Start from this uploaded file instead of the defaults. ${CONTENT_DOC}`)
  @IsOptional()
  @IsString()
  content?: string;

  @Doc(CONTENT_ENCODING_DOC)
  @IsOptional()
  @IsIn(['text', 'base64'])
  contentEncoding?: 'text' | 'base64';

  @Doc({ description: 'Start from this named preset instead of the defaults (see ea_overview presets).', example: 'prop-challenge' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  preset?: string;

  @Doc(
    'Changes to apply, each by input name or number ("37-5"); every value is validated against the catalog. Default: none (the base as it is).',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => EaChange)
  changes?: EaChange[];

  @Doc({ description: 'Output format: mt5 (default; UTF-16LE) or mt4 (ANSI).', default: 'mt5' })
  @IsOptional()
  @IsIn(['mt5', 'mt4'])
  format?: 'mt5' | 'mt4';

  @Doc({
    description:
      'What the answer carries of the file: text (default; the file as text, to be saved in the returned encoding, ' +
      'which keeps answers small), bytes (contentBase64, the exact bytes), or both.',
    default: 'text',
  })
  @IsOptional()
  @IsIn(['text', 'bytes', 'both'])
  include?: 'text' | 'bytes' | 'both';
}

export class EaPropPresetInput {
  @Doc({ description: 'Prop firm slug or name, as in search_plans.', example: 'ftmo' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firm!: string;

  @Doc({
    description:
      'A specific plan id from search_plans. Without it the plan is picked from phases, program and accountSize; ' +
      'when several plans with different limits fit, the answer is a validation error listing the candidates.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  planId?: string;

  @Doc({ description: 'Evaluation phases of the plan (0 = instant funding), to pick the plan.', example: 2 })
  @IsOptional()
  @NumberFromQuery()
  @IsInt()
  @Min(0)
  @Max(3)
  phases?: number;

  @Doc({ description: 'Part of the program name, to pick the plan (e.g. "2-Step", "Swing").', example: '2-Step' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  program?: string;

  @Doc({ description: 'Account size: picks the plan of that size and expresses limits in money too.', example: 100000 })
  @IsOptional()
  @NumberFromQuery()
  @IsNumber()
  @Min(1)
  @Max(1_000_000_000)
  accountSize?: number;

  @Doc({ description: 'ISO 4217 currency of the account size.', example: 'USD' })
  @IsOptional()
  @UpperCase()
  @IsString()
  @MaxLength(3)
  currency?: string;
}

export class EaBacktestIniInput {
  @Doc({ description: 'mt5 (default) or mt4 (flat format).', default: 'mt5' })
  @IsOptional()
  @IsIn(['mt5', 'mt4'])
  platform?: 'mt5' | 'mt4';

  @Doc({ description: 'EA path inside the Experts folder; default: this EA.', example: 'Propfolio\\PropfolioAssist.ex5' })
  @IsOptional()
  @IsString()
  @MaxLength(260)
  expert?: string;

  @Doc({ description: 'Symbol as in Market Watch, with any broker suffix.', example: 'EURUSD' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  symbol!: string;

  @Doc({ description: 'Timeframe: M1…MN1 (21 values); Daily, Weekly, Monthly accepted.', example: 'H1' })
  @IsString()
  @MaxLength(16)
  period!: string;

  @Doc({ description: '0 every tick, 1 1-minute OHLC, 2 open prices, 3 math, 4 real ticks (MT4: 0–2).', example: 4 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4)
  model?: number;

  @Doc('0 off, 1 slow complete, 2 genetic, 3 all Market Watch symbols.')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3)
  optimization?: number;

  @Doc('0–7 (7 = complex criterion).')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(7)
  optimizationCriterion?: number;

  @Doc({ description: 'First day tested, YYYY-MM-DD.', example: '2025-01-01' })
  @IsIsoDate()
  fromDate!: string;

  @Doc({ description: 'Day testing stops (exclusive), YYYY-MM-DD.', example: '2026-01-01' })
  @IsIsoDate()
  toDate!: string;

  @Doc('0 off, 1 = 1/2, 2 = 1/3, 3 = 1/4, 4 custom (needs forwardDate).')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4)
  forwardMode?: number;

  @Doc('Start of the forward period for forwardMode 4, YYYY-MM-DD.')
  @IsOptional()
  @IsIsoDate()
  forwardDate?: string;

  @Doc({ description: 'Initial deposit.', example: 100000 })
  @IsOptional()
  @IsNumber()
  @Min(1)
  deposit?: number;

  @Doc({ description: 'Deposit currency.', example: 'USD' })
  @IsOptional()
  @UpperCase()
  @IsString()
  @MaxLength(3)
  currency?: string;

  @Doc({ description: 'Leverage as "1:100", "100" or the number 100.', example: '1:100' })
  @IsOptional()
  @IsScalar()
  leverage?: string | number;

  @Doc('Report file name (relative to the terminal folder); its folder must exist.')
  @IsOptional()
  @IsString()
  @MaxLength(260)
  report?: string;

  @Doc('Overwrite an existing report.')
  @IsOptional()
  @IsBoolean()
  replaceReport?: boolean;

  @Doc('Close the terminal when the test ends.')
  @IsOptional()
  @IsBoolean()
  shutdownTerminal?: boolean;

  @Doc(
    'EA inputs written inline in [TesterInputs]: input name or number to value, and for an optimisation start, step ' +
      'and stop (the input is then marked for optimisation, ||Y).',
  )
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => EaTesterInput)
  @IsArray()
  @ArrayMaxSize(500)
  inputs?: EaTesterInput[];

  @Doc('Instead of inline inputs: the .set file name in MQL5\\Profiles\\Tester that ExpertParameters points to.')
  @IsOptional()
  @IsString()
  @MaxLength(260)
  expertParameters?: string;

  @Doc('Absolute path where you will save the .ini, used in the command line.')
  @IsOptional()
  @IsString()
  @MaxLength(260)
  configPath?: string;
}
