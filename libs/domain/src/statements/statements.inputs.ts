import { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';
import { Compose, Doc, IsIsoDate } from '@propfolio/core';
import { IsBoolean, IsIn, IsObject, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Absent } from '../shared/contract-fields.js';
import { AccountIdInput } from '../accounts/accounts.inputs.js';
import { IMPORT_FORMATS, type ImportFormat } from './import-formats.js';

export const STATEMENT_ENCODINGS = ['base64', 'utf8'] as const;
/** Largest statement file read, in MiB, for the documentation. */
const MAX_MIB = MAX_STATEMENT_BYTES / 1_048_576;
/** Base64 of the largest file, unwrapped. */
const MAX_BASE64 = Math.ceil(MAX_STATEMENT_BYTES / 3) * 4;
/**
 * Longest `content` taken: base64 of the largest file wrapped at 76 characters with CRLF (as mail and most tools
 * write it), plus slack. The file's own size is what is limited (413 above MAX_STATEMENT_BYTES), not its spelling.
 */
export const MAX_CONTENT_LENGTH = MAX_BASE64 + 2 * Math.ceil(MAX_BASE64 / 76) + 1024;
/** The JSON body of the largest import: `content` with each CRLF escaped as four characters, and the fields around it. */
export const MAX_IMPORT_BODY_BYTES = MAX_BASE64 + 4 * Math.ceil(MAX_BASE64 / 76) + 64 * 1024;

/** A column's header text as the file writes it (compared loosely: case, spaces and punctuation aside). */
const Column = (required = true): PropertyDecorator => Compose(...(required ? [] : [Absent()]), IsString(), MaxLength(200));

/** Which column of a CSV no reader knows holds each part of a closed trade (kept for the next file of that header). */
export class CsvMappingInput {
  @Column()
  symbol!: string;

  @Column()
  side!: string;

  @Column()
  volume!: string;

  @Column()
  openTime!: string;

  @Column()
  closeTime!: string;

  @Column()
  openPrice!: string;

  @Column()
  closePrice!: string;

  @Column()
  profit!: string;

  @Column(false)
  commission?: string;

  @Column(false)
  swap?: string;

  @Column(false)
  id?: string;

  @Doc('Checked against the running balance.')
  @Column(false)
  balance?: string;

  @Doc({ description: 'Profit before or after costs.', default: 'gross' })
  @Absent()
  @IsIn(['gross', 'net'])
  profitIs?: 'gross' | 'net';

  @Doc({ description: 'Slashed dates are day first.', default: false })
  @Absent()
  @IsBoolean()
  dayFirst?: boolean;

  @Doc('Clock of times without an offset (IANA or `UTC+09:00`).')
  @Absent()
  @IsString()
  @MaxLength(64)
  timeZone?: string;
}

export class ImportStatementInput extends AccountIdInput {
  @Doc({
    description: `base64 or text: MT5 history report, MT4 detailed statement (HTML) or trade export (CSV, XLSX). Max ${MAX_MIB} MiB.`,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_CONTENT_LENGTH)
  content!: string;

  @Doc({ description: 'base64: the file as saved; utf8: its text.', default: 'base64' })
  @Absent()
  @IsIn(STATEMENT_ENCODINGS)
  contentEncoding?: (typeof STATEMENT_ENCODINGS)[number];

  @Doc({
    description: 'Server clock: GMT+2/+3 (most FX brokers; +3 in US summer), UTC+02:00 or IANA zone.',
    default: 'GMT+2/+3',
  })
  @Absent()
  @IsString()
  @MaxLength(64)
  serverTimeZone?: string;

  @Doc({ description: 'Read as this format instead of detecting it.' })
  @Absent()
  @IsIn(IMPORT_FORMATS)
  format?: ImportFormat;

  @Doc({
    description: 'Clock of CSV times without offset (NinjaTrader, Tradovate): IANA zone or UTC+09:00; default America/Chicago.',
  })
  @Absent()
  @IsString()
  @MaxLength(64)
  fileTimeZone?: string;

  @Doc("For a CSV no format reads: each field's column by header text; kept for that header.")
  @Absent()
  @IsObject()
  @ValidateNested()
  @Type(() => CsvMappingInput)
  mapping?: CsvMappingInput;

  @Doc({ description: 'Preview; write nothing.', default: false })
  @Absent()
  @IsBoolean()
  dryRun?: boolean;

  @Doc({
    description: "The last answer's nextDaysAfter.",
    example: '2024-03-05',
  })
  @Absent()
  @IsIsoDate()
  daysAfter?: string;
}
