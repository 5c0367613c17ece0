import { Compose, Doc, IsIsoInstant, NumberFromQuery, Trim, UpperCase } from '@propfolio/core';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Absent } from '../shared/contract-fields.js';
import { MAX_CALENDAR_BYTES } from './calendar-fetch.js';

export const EVENT_IMPACTS = ['low', 'medium', 'high', 'holiday'] as const;
/** The JSON body of the largest import: the file's text (each character up to 6 bytes escaped) is bounded by `content`. */
export const MAX_CALENDAR_BODY_BYTES = MAX_CALENDAR_BYTES + 64 * 1024;
const MAX_URL_LENGTH = 2048;

export class ImportCalendarInput {
  @Doc({
    description:
      "The calendar file's text: ForexFactory's weekly export as JSON (ff_calendar_thisweek.json) or XML (ff_calendar_thisweek.xml). Give this or `url`.",
  })
  @Absent()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_CALENDAR_BYTES)
  content?: string;

  @Doc({
    description: 'An https URL to fetch the file from instead (public addresses only, as alert destinations). Give this or `content`.',
    example: 'https://nfs.faireconomy.media/ff_calendar_thisweek.json',
  })
  @Compose(Absent(), Trim(), IsString(), MinLength(1), MaxLength(MAX_URL_LENGTH))
  url?: string;
}

export class ListCalendarEventsInput {
  @Doc('From (ISO instant), included; default now.')
  @IsOptional()
  @IsIsoInstant()
  from?: string;

  @Doc('Until, excluded; default from + 7 days, at most + 92.')
  @IsOptional()
  @IsIsoInstant()
  to?: string;

  @Doc('Currency filed under: USD, EUR, … or ALL.')
  @IsOptional()
  @UpperCase()
  @Matches(/^(?:[A-Z]{3}|ALL)$/, { message: 'currency must be a 3-letter currency code or ALL' })
  currency?: string;

  @Doc('Impact.')
  @IsOptional()
  @IsIn(EVENT_IMPACTS)
  impact?: (typeof EVENT_IMPACTS)[number];

  @Doc({ description: 'At most this many, oldest first.', default: 200 })
  @NumberFromQuery()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
