import { IsIn, IsInt, IsISO4217CurrencyCode, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Doc, IsIsoDate, NumberFromQuery, UpperCase } from '@propfolio/core';
import { FreeText } from '../shared/contract-fields.js';

export class AnalyticsInput {
  @Doc({
    description: 'First day counted (YYYY-MM-DD): money dated from it, attempts purchased from it. Default: all history.',
    example: '2026-01-01',
  })
  @IsOptional()
  @IsIsoDate()
  from?: string;

  @Doc({ description: 'Last day counted (YYYY-MM-DD). Default: today (UTC).', example: '2026-12-31' })
  @IsOptional()
  @IsIsoDate()
  to?: string;

  @Doc({ description: 'Only this prop firm (as entered on the challenges, case-insensitive).', example: 'FTMO' })
  @IsOptional()
  @FreeText(100)
  firm?: string;

  @Doc({
    description:
      'Base currency (ISO 4217, e.g. JPY): convert every amount at the rate of its own date (a rate typed on the record into it wins, else the rate imported for that exact date and pair), each rounded to 4 decimals, and total in it. Left out: totals per currency, nothing converted.',
    example: 'JPY',
  })
  @IsOptional()
  @UpperCase()
  @IsISO4217CurrencyCode()
  currency?: string;
}

export const TAX_FORMATS = ['json', 'csv'] as const;

export class TaxYearInput {
  @Doc({ description: 'Calendar year (January 1 to December 31).', example: 2026 })
  @NumberFromQuery()
  @IsInt()
  @Min(2000)
  @Max(2100)
  year!: number;

  @Doc({
    description:
      'Currency of the report (ISO 4217), e.g. JPY. Each line is converted at the rate of its own date (a rate typed on the record wins, else the rate imported for that exact date) and rounded to 4 decimals; the sums add the rounded lines.',
    example: 'JPY',
  })
  @UpperCase()
  @IsISO4217CurrencyCode()
  currency!: string;

  @Doc({
    description: '`json` (default) or `csv`: over REST, csv answers a text/csv file; as a tool, the CSV text in `csv`.',
    default: 'json',
  })
  @IsOptional()
  @IsIn(TAX_FORMATS)
  format?: (typeof TAX_FORMATS)[number];
}

export class ImportFxRatesInput {
  @Doc({
    description:
      'CSV text with a header `date,base,quote,rate` and one line per rate: 1 `base` = `rate` `quote` on `date` (YYYY-MM-DD), e.g. `2026-01-05,USD,JPY,157.23`. An existing rate for the same day and pair is replaced.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(2_000_000)
  csv!: string;
}
