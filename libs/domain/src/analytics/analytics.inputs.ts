import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Doc, IsIsoDate, NumberFromQuery } from '@propfolio/core';
import { FreeText } from '../shared/contract-fields.js';
import { CurrencyField } from '../shared/money-fields.js';

export class AnalyticsInput {
  @Doc({
    description: 'First day counted (money dated, attempts bought); default: all.',
    example: '2026-01-01',
  })
  @IsOptional()
  @IsIsoDate()
  from?: string;

  @Doc({ description: 'Last day counted; default today (UTC).', example: '2026-12-31' })
  @IsOptional()
  @IsIsoDate()
  to?: string;

  @Doc('Only this firm (as entered, any case).')
  @IsOptional()
  @FreeText(100)
  firm?: string;

  @CurrencyField({
    description: "Convert at each date's rate (record's own, else imported), to 4 decimals; absent: totals per currency.",
    example: 'JPY',
    presence: 'nullable',
  })
  currency?: string;
}

export const TAX_FORMATS = ['json', 'csv'] as const;

export class TaxYearInput {
  @Doc({ description: 'Calendar year.', example: 2026 })
  @NumberFromQuery()
  @IsInt()
  @Min(2000)
  @Max(2100)
  year!: number;

  @CurrencyField({
    description: "Each line at its date's rate (record's own, else imported), to 4 decimals; sums add rounded lines.",
    example: 'JPY',
  })
  currency!: string;

  @Doc({
    description: 'csv: the CSV text in csv (REST: a text/csv file).',
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
