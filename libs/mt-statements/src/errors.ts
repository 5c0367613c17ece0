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
  /** A statement whose row could not be read (a number or time that is not one). */
  | 'malformed';

/** 5 MiB: a year of busy MT5 history is about 1–2 MiB of UTF-16. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

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
