import { MAX_STATEMENT_BYTES } from '@propfolio/mt-statements';
import { Doc } from '@propfolio/core';
import { IsBoolean, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Absent } from '../shared/contract-fields.js';
import { AccountIdInput } from '../accounts/accounts.inputs.js';

export const STATEMENT_ENCODINGS = ['base64', 'utf8'] as const;
/** Largest statement file read, in MiB, for the documentation. */
const MAX_MIB = MAX_STATEMENT_BYTES / 1_048_576;

export class ImportStatementInput extends AccountIdInput {
  @Doc({
    description: `The statement file MetaTrader exported: MT5's history report (Toolbox → History → Report → HTML) or MT4's detailed statement (Account History → Save as Detailed Report). Base64 of the file's bytes (as saved: MT5 writes UTF-16LE) or its text. At most ${MAX_MIB} MiB of file; larger is 413 payload_too_large.`,
  })
  @IsString()
  @MinLength(1)
  // base64 of the largest file, with room for line breaks.
  @MaxLength(Math.ceil((MAX_STATEMENT_BYTES * 4) / 3) + 1024)
  content!: string;

  @Doc({ description: '`base64` (a file as saved, any encoding) or `utf8` (its text).', default: 'base64' })
  @Absent()
  @IsIn(STATEMENT_ENCODINGS)
  contentEncoding?: (typeof STATEMENT_ENCODINGS)[number];

  @Doc({
    description:
      'The broker server clock the statement is written in: `GMT+2/+3` (default: GMT+2 in winter, GMT+3 while New York is on summer time, as most FX brokers), a fixed offset such as `UTC+02:00`, or an IANA zone.',
    default: 'GMT+2/+3',
    example: 'GMT+2/+3',
  })
  @Absent()
  @IsString()
  @MaxLength(64)
  serverTimeZone?: string;

  @Doc({ description: 'true: answer what the import would do (a preview) and write nothing.', default: false })
  @Absent()
  @IsBoolean()
  dryRun?: boolean;
}
