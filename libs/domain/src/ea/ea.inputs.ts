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
  @Doc({ description: 'Language of the texts.', default: 'ja' })
  @IsOptional()
  @IsIn(['ja', 'en'])
  lang?: 'ja' | 'en';
}

export class EaSearchParamsInput extends CursorPageQuery {
  @Doc({
    description: 'Japanese or English words, all must match (partial).',
    example: 'トレーリング 開始',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @Doc({ description: 'Only this group (the 37 in "37-5").', example: 12 })
  @IsOptional()
  @NumberFromQuery()
  @IsInt()
  @Min(1)
  @Max(9999)
  group?: number;
}

export class EaExplainParamInput {
  @Doc({ description: 'MQL name, number or label.', example: '37-5' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  ref!: string;
}

const CONTENT_DOC = '.set file, text or base64; max 512 KiB.';
const CONTENT_ENCODING_DOC = {
  description: 'base64: the file as saved (UTF-16LE).',
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

  @Doc({ description: 'File platform; auto detects.', default: 'auto' })
  @IsOptional()
  @IsIn(['auto', 'mt5', 'mt4'])
  format?: 'auto' | 'mt5' | 'mt4';

  @Doc({ description: 'live: e.g. optimisation flags left on; tester: tester pitfalls.', default: 'live' })
  @IsOptional()
  @IsIn(['live', 'tester'])
  purpose?: 'live' | 'tester';

  @Doc({ description: "Also check this firm's rules (slug or name).", example: 'ftmo' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  firm?: string;

  @Doc({
    description: 'With firm: plan id, when its plans differ.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  planId?: string;

  @Doc({
    description: 'summary: 30 most severe findings (rest counted), missing inputs as one; full: all.',
    default: 'summary',
  })
  @IsOptional()
  @IsIn(['summary', 'full'])
  detail?: 'summary' | 'full';
}

export class EaChange {
  @Doc({ description: 'Input name, number or label.', example: '12-3' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  ref!: string;

  @Doc({ description: 'New value.', example: '1.5' })
  @IsScalar()
  value!: string | number | boolean;
}

export class EaTesterInput extends EaChange {
  @Doc({ description: 'Optimisation start.', example: 100 })
  @IsOptional()
  @IsNumber()
  start?: number;

  @Doc({ description: 'Optimisation step.', example: 50 })
  @IsOptional()
  @IsNumber()
  step?: number;

  @Doc({ description: 'Optimisation stop.', example: 500 })
  @IsOptional()
  @IsNumber()
  stop?: number;
}

export class EaBuildSetInput {
  @Doc(`Start from this ${CONTENT_DOC}`)
  @IsOptional()
  @IsString()
  content?: string;

  @Doc(CONTENT_ENCODING_DOC)
  @IsOptional()
  @IsIn(['text', 'base64'])
  contentEncoding?: 'text' | 'base64';

  @Doc({ description: 'Start from this preset.', example: 'prop-challenge' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  preset?: string;

  @Doc('Changes, each validated.')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => EaChange)
  changes?: EaChange[];

  @Doc({ description: 'mt5 (UTF-16LE) or mt4 (ANSI).', default: 'mt5' })
  @IsOptional()
  @IsIn(['mt5', 'mt4'])
  format?: 'mt5' | 'mt4';

  @Doc({
    description: "text: the file's text, to save in the returned encoding (smallest); bytes: contentBase64; or both.",
    default: 'text',
  })
  @IsOptional()
  @IsIn(['text', 'bytes', 'both'])
  include?: 'text' | 'bytes' | 'both';
}

export class EaPropPresetInput {
  @Doc({ description: 'Prop firm slug or name.', example: 'ftmo' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firm!: string;

  @Doc({
    description: 'Plan id; else picked by phases, program and accountSize.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  planId?: string;

  @Doc({ description: 'Phases (0 = instant funding), to pick the plan.', example: 2 })
  @IsOptional()
  @NumberFromQuery()
  @IsInt()
  @Min(0)
  @Max(3)
  phases?: number;

  @Doc({ description: 'Part of the program name, to pick the plan.', example: '2-Step' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  program?: string;

  @Doc({ description: 'Picks the plan; limits also in money.', example: 100000 })
  @IsOptional()
  @NumberFromQuery()
  @IsNumber()
  @Min(1)
  @Max(1_000_000_000)
  accountSize?: number;

  @Doc('Currency of the account size.')
  @IsOptional()
  @UpperCase()
  @IsString()
  @MaxLength(3)
  currency?: string;
}

export class EaBacktestIniInput {
  @Doc({ description: 'mt4: flat format.', default: 'mt5' })
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

  @Doc({ description: 'Timeframe M1 to MN1; Daily, Weekly, Monthly accepted.', example: 'H1' })
  @IsString()
  @MaxLength(16)
  period!: string;

  @Doc({ description: '0 every tick, 1 1-minute OHLC, 2 open prices, 3 math, 4 real ticks (MT4: 0-2).', example: 4 })
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

  @Doc('7 = complex criterion.')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(7)
  optimizationCriterion?: number;

  @Doc({ description: 'First day tested.', example: '2025-01-01' })
  @IsIsoDate()
  fromDate!: string;

  @Doc({ description: 'Day testing stops (exclusive).', example: '2026-01-01' })
  @IsIsoDate()
  toDate!: string;

  @Doc('0 off, 1 = 1/2, 2 = 1/3, 3 = 1/4, 4 custom (needs forwardDate).')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4)
  forwardMode?: number;

  @Doc('Forward period start (forwardMode 4).')
  @IsOptional()
  @IsIsoDate()
  forwardDate?: string;

  @Doc({ description: 'Initial deposit.', example: 100000 })
  @IsOptional()
  @IsNumber()
  @Min(1)
  deposit?: number;

  @Doc('Deposit currency.')
  @IsOptional()
  @UpperCase()
  @IsString()
  @MaxLength(3)
  currency?: string;

  @Doc('Leverage: "1:100", "100" or 100.')
  @IsOptional()
  @IsScalar()
  leverage?: string | number;

  @Doc('Report file, relative to the terminal folder.')
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

  @Doc('EA inputs for [TesterInputs]: a value, or start, step and stop to optimise it.')
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => EaTesterInput)
  @IsArray()
  @ArrayMaxSize(500)
  inputs?: EaTesterInput[];

  @Doc('Instead of inputs: a .set file name in MQL5\\Profiles\\Tester.')
  @IsOptional()
  @IsString()
  @MaxLength(260)
  expertParameters?: string;

  @Doc('Absolute path of the saved .ini, for the command line.')
  @IsOptional()
  @IsString()
  @MaxLength(260)
  configPath?: string;
}
