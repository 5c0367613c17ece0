import { CoachInputError, DEFAULT_BROKER_ZONE, parseBrokerZone } from '@propfolio/coach';
import { AppError, type OperationContext } from '@propfolio/core';
import { readStatement, StatementError, MAX_STATEMENT_BYTES, type Statement } from '@propfolio/mt-statements';
import {
  futuresNotices,
  TradeFileError,
  type CsvMapping,
  type ImportNotice,
  type TradeFile,
  type TradeFileFormat,
} from '@propfolio/trade-files';
import { isMetaTraderFile, platformOfFormat, readTradeFileBytes, type ImportFormat, type TradeFileRequest } from './import-formats.js';
import type { ImportStatementInput } from './statements.inputs.js';
import { fileClockOf, statementFromTradeFile, type FileClock } from './trade-file-statement.js';

/**
 * Whom a file is read for: the operation's caller, or an anonymous client by its address (what the CPU pool's queue
 * is fair by). The operation context's own fields, so this context needs nothing of the pool's (no arrow to workers).
 */
export type ImportRequester = Pick<OperationContext, 'caller' | 'clientAddress'>;

/** Reads a statement's bytes for `who`; the composition root runs it on the CPU pool, tests and tools in-process. */
export type StatementReader = (bytes: Uint8Array, who: ImportRequester) => Promise<Statement>;
export const readStatementInProcess: StatementReader = (bytes) => Promise.resolve(readStatement(bytes));
/** Reads another platform's export for `who`, likewise. */
export type TradeFileReading = (request: TradeFileRequest, who: ImportRequester) => Promise<TradeFile>;
export const readTradeFileInProcess: TradeFileReading = (request) => Promise.resolve(readTradeFileBytes(request));

export interface ImportReaders {
  statement: StatementReader;
  tradeFile: TradeFileReading;
}

/** The caller's kept column mappings, by file header (statements.repository.ts, scoped to the caller). */
export interface KeptMappings {
  find(header: readonly string[]): Promise<Record<string, unknown> | null>;
}
const NO_KEPT_MAPPINGS: KeptMappings = { find: () => Promise.resolve(null) };

/** A column mapping as sent (CsvMappingInput) or kept: the reader's part, and the clock it names. */
function csvMappingOf(sent: object): { mapping: CsvMapping; timeZone: string | undefined } {
  const m = sent as Record<string, unknown>;
  const text = (key: string): string | undefined => (typeof m[key] === 'string' ? m[key] : undefined);
  const column = (key: string): string => text(key) ?? '';
  return {
    mapping: {
      symbol: column('symbol'),
      side: column('side'),
      volume: column('volume'),
      openTime: column('openTime'),
      closeTime: column('closeTime'),
      openPrice: column('openPrice'),
      closePrice: column('closePrice'),
      profit: column('profit'),
      commission: text('commission'),
      swap: text('swap'),
      id: text('id'),
      balance: text('balance'),
      profitIs: m.profitIs === 'net' ? 'net' : 'gross',
      dayFirst: m.dayFirst === true,
    },
    timeZone: text('timeZone'),
  };
}

/** The account an import writes to, as far as reading the file needs it. */
interface ImportAccount {
  login: string;
  currency: string;
  initialBalance: { toString(): string };
}

/**
 * A file read for the import pipeline: MetaTrader's statement as it is, another platform's export as a statement in
 * UTC wall clock (`zone`), with how its times were read and where each position came from in the file.
 */
export interface ReadImport {
  statement: Statement;
  /** The zone the statement's wall-clock times are in. */
  zone: string;
  format: ImportFormat;
  platform: string;
  clock: FileClock | { source: 'server'; zone: string };
  /** Per position of the statement, its close as the file wrote it (trade files; MetaTrader's is the statement's). */
  fileCloses: string[];
  /** What the trader should look at in the file itself (a futures row whose profit its prices do not give), as codes. */
  notices: ImportNotice[];
  /** A mapping the caller sent that read the file: kept by the import for the next file with this header. */
  keep: { header: string[]; mapping: Record<string, unknown> } | null;
}

function rejected(error: StatementError | TradeFileError): AppError {
  if (error instanceof TradeFileError && error.code === 'bad_mapping') {
    // A bad field as every door words it, with the reason's facts for a client to say it in the person's language.
    const invalid = AppError.invalidField('mapping', error.message);
    return new AppError(invalid.code, invalid.detail, invalid.errors, factsOf(error));
  }
  if (error.code === 'too_large') return AppError.payloadTooLarge(error.message, MAX_STATEMENT_BYTES);
  // A MetaTrader statement's refusal carries its code as `statement`, for a client to say it in the person's language.
  const facts = error instanceof TradeFileError ? factsOf(error) : { statement: error.code };
  return new AppError('statement_rejected', `${error.message} (${error.code}). Nothing was imported.`, undefined, facts);
}

/** The row, column and value a refused trade file names, for a client to point at. */
function factsOf(error: TradeFileError): Record<string, string | number> | undefined {
  const { row, column, value } = error.detail;
  const facts: Record<string, string | number> = {};
  if (row !== undefined) facts.row = row;
  if (column !== undefined) facts.column = column;
  if (value !== undefined) facts.value = value;
  // A file no reader knows: its header's columns, tab-separated, for a client to offer a column mapping.
  if (error.code === 'not_a_trade_file' && error.detail.header !== undefined && error.detail.header.length > 0) {
    facts.header = error.detail.header.join('\t');
  }
  // Why, as a code and its params, for a client to say it in the person's language (the detail stays English).
  if (error.reason !== null) {
    for (const [key, value] of Object.entries(error.params)) if (!(key in facts)) facts[key] = value;
    facts.reason = error.reason;
  }
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/** A file of another account's login, as facts a client words in the person's language. */
const otherLogin = (fileLogin: string, login: string) => ({ statement: 'other_login', fileLogin, login });

function zoneOf(spec: string, field: string): string {
  try {
    parseBrokerZone(spec);
    return spec;
  } catch (error) {
    if (error instanceof CoachInputError) throw AppError.invalidField(field, error.message);
    throw error;
  }
}

/** Reads the import's file, detecting its format from the content unless `format` forces one. */
export async function readImport(
  bytes: Uint8Array,
  input: ImportStatementInput,
  account: ImportAccount,
  readers: ImportReaders,
  who: ImportRequester,
  kept: KeptMappings = NO_KEPT_MAPPINGS,
): Promise<ReadImport> {
  const serverTimeZone = zoneOf(input.serverTimeZone ?? DEFAULT_BROKER_ZONE, 'serverTimeZone');
  const fileTimeZone = input.fileTimeZone === undefined ? undefined : zoneOf(input.fileTimeZone, 'fileTimeZone');
  if (isMetaTraderFile(bytes, input.format)) {
    const statement = await readOrRefuse(() => readers.statement(bytes, who));
    if (input.format !== undefined && input.format !== statement.platform) {
      throw new AppError(
        'statement_rejected',
        `The file is an ${statement.platform} statement, not ${input.format}. Nothing was imported.`,
        undefined,
        { statement: 'other_platform', platform: statement.platform, format: input.format },
      );
    }
    if (statement.account.login !== account.login) {
      throw new AppError(
        'statement_rejected',
        `The statement is of account ${statement.account.login}, but this EA account's login is ${account.login}. Nothing was imported.`,
        undefined,
        otherLogin(statement.account.login, account.login),
      );
    }
    return {
      statement,
      zone: serverTimeZone,
      format: statement.platform,
      platform: statement.platform,
      clock: { source: 'server', zone: serverTimeZone },
      fileCloses: statement.positions.map((p) => p.closedAt),
      notices: [],
      keep: null,
    };
  }
  const format = input.format as TradeFileFormat | undefined;
  let use = input.mapping === undefined ? undefined : { ...csvMappingOf(input.mapping), sent: true };
  const request = (mapping: CsvMapping | undefined): TradeFileRequest => ({
    bytes,
    ...(format === undefined ? {} : { format }),
    ...(mapping === undefined ? {} : { mapping }),
  });
  let file: TradeFile;
  try {
    file = await readers.tradeFile(request(use?.mapping), who);
  } catch (error) {
    // A CSV no reader knows, sent without a mapping: the caller's own mapping kept for its header, if there is one.
    const detected = format === undefined || format === 'mapped';
    const unknown = error instanceof TradeFileError && error.code === 'not_a_trade_file' && use === undefined && detected;
    const header = unknown ? (error.detail.header ?? []) : [];
    const found = header.length > 0 ? await kept.find(header) : null;
    if (found === null) throw refusalOf(error);
    const keptUse = { ...csvMappingOf(found), sent: false };
    use = keptUse;
    file = await readOrRefuse(() => readers.tradeFile(request(keptUse.mapping), who));
  }
  if (file.login != null && file.login !== account.login) {
    throw new AppError(
      'statement_rejected',
      `The report is of account ${file.login}, but this EA account's login is ${account.login}. Nothing was imported.`,
      undefined,
      otherLogin(file.login, account.login),
    );
  }
  // MT5's report saved as XLSX is read in serverTimeZone, as its HTML is, unless fileTimeZone says otherwise.
  const serverZone = file.format === 'mt5-xlsx' && input.serverTimeZone !== undefined ? serverTimeZone : undefined;
  const mappedZone = use?.timeZone === undefined ? undefined : zoneOf(use.timeZone, 'mapping.timeZone');
  const clock = fileClockOf(file, fileTimeZone ?? serverZone ?? mappedZone);
  const statement = await statementFromTradeFile(file, {
    zone: clock.zone ?? 'UTC',
    openingBalance: account.initialBalance.toString(),
    login: account.login,
    currency: account.currency,
  });
  return {
    statement,
    zone: 'UTC',
    format: file.format,
    platform: file.platform ?? platformOfFormat(file.format),
    clock,
    fileCloses: file.positions.map((p) => p.closedAt.local + offsetText(p.closedAt.offsetMinutes)),
    notices: [
      ...(use !== undefined && !use.sent ? [{ code: 'kept_mapping' as const, params: {} }] : []),
      ...futuresNotices(file),
      ...(file.notices ?? []),
    ],
    keep:
      use?.sent === true && file.header !== undefined
        ? { header: file.header, mapping: { ...use.mapping, ...(use.timeZone === undefined ? {} : { timeZone: use.timeZone }) } }
        : null,
  };
}

async function readOrRefuse<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw refusalOf(error);
  }
}

/** A reader's error as the import's answer (422, 413, or 400 for a bad mapping); any other error as it is. */
function refusalOf(error: unknown): unknown {
  return error instanceof StatementError || error instanceof TradeFileError ? rejected(error) : error;
}

/** ` +03:00` for an offset the file wrote; nothing when it wrote none. */
function offsetText(minutes: number | null): string {
  if (minutes === null) return '';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return ` ${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
