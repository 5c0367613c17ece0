import { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';
import { Doc, IsIsoDate } from '@propfolio/core';
import { IsBoolean, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Absent } from '../shared/contract-fields.js';
import { AccountIdInput } from '../accounts/accounts.inputs.js';

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

export class ImportStatementInput extends AccountIdInput {
  @Doc({
    description: `The statement file MetaTrader exported: MT5's history report (Toolbox → History → Report → HTML) or MT4's detailed statement (Account History → Save as Detailed Report). Base64 of the file's bytes (as saved: MT5 writes UTF-16LE) or its text. At most ${MAX_MIB} MiB of file; larger is 413 payload_too_large.`,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_CONTENT_LENGTH)
  content!: string;

  @Doc({ description: '`base64` (the file as saved) or `utf8` (its text).', default: 'base64' })
  @Absent()
  @IsIn(STATEMENT_ENCODINGS)
  contentEncoding?: (typeof STATEMENT_ENCODINGS)[number];

  @Doc({
    description:
      'Broker server clock of the statement: `GMT+2/+3` (GMT+3 while New York is on summer time, as most FX brokers), a fixed offset like `UTC+02:00`, or an IANA zone.',
    default: 'GMT+2/+3',
    example: 'GMT+2/+3',
  })
  @Absent()
  @IsString()
  @MaxLength(64)
  serverTimeZone?: string;

  @Doc({ description: 'Preview what the import would do; write nothing.', default: false })
  @Absent()
  @IsBoolean()
  dryRun?: boolean;

  @Doc({
    description: 'The previous answer’s `nextDaysAfter` (a preview pages with `dryRun: true`).',
    example: '2024-03-05',
  })
  @Absent()
  @IsIsoDate()
  daysAfter?: string;
}
