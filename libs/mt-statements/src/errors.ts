/** Stable codes of {@link StatementError}; callers may switch on them. */
export type StatementErrorCode =
  /** Not HTML, or HTML that is not a MetaTrader account statement (a tester report, a web page). */
  | 'not_a_statement'
  /** The document stops before its closing tags or summary, or its own totals do not add up. */
  | 'truncated'
  /** Larger than the `maxBytes` option (default {@link MAX_STATEMENT_BYTES}). */
  | 'too_large'
  /** A known file type this library does not read (an .xlsx zip, an old .xls, a PDF). */
  | 'unsupported_format'
  /** A statement whose row could not be read (a number or time that is not one, or one outside what MT can write). */
  | 'malformed'
  /** A file beyond one of the reader's limits ({@link MAX_STATEMENT_DEALS}, {@link MAX_STATEMENT_DAYS}, table size or nesting). */
  | 'limit_exceeded';

/** 5 MiB: a year of busy MT5 history is about 1–2 MiB of UTF-16. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

/**
 * Deals (MT5 Deals rows, MT4 Closed Transactions rows) one statement may hold. A 5 MiB MT5 report holds
 * about 12,000 deals (~420 bytes of UTF-16 each), so this only bites on a caller that raises `maxBytes`;
 * it also keeps any sum of amounts within what the database stores (see MAX_AMOUNT_INTEGER_DIGITS in money.ts).
 */
export const MAX_STATEMENT_DEALS = 100_000;

/** Distinct broker-server days one statement may cover: about 55 years, more than MT's history has existed. */
export const MAX_STATEMENT_DAYS = 20_000;

/**
 * The only error {@link readStatement} throws. The reader never returns a partial statement:
 * anything it cannot account for to the cent is refused with one of these.
 */
export class StatementError extends Error {
  override readonly name = 'StatementError';
  readonly code: StatementErrorCode;

  constructor(code: StatementErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
