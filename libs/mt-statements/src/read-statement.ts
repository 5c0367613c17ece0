import { MAX_STATEMENT_BYTES, MAX_STATEMENT_DAYS, MAX_STATEMENT_DEALS, StatementError } from './errors.js';
import { findBanner } from './html/sections.js';
import { readTableRows } from './html/table-rows.js';
import { readMt4 } from './mt4/read-mt4.js';
import { readMt5 } from './mt5/read-mt5.js';
import { decodeStatementBytes } from './text/decode.js';
import { oneDayAfter } from './time.js';
import { refuseBinaryText, refuseKnownBinary } from './text/sniff.js';
import type { Statement } from './types.js';

export interface ReadStatementOptions {
  /** Refuse files larger than this many bytes (default {@link MAX_STATEMENT_BYTES}). */
  maxBytes?: number;
}

const EXPORT_HINT =
  'Save an account statement from the terminal: MT5 Toolbox → History → right-click → Report → HTML; ' +
  'MT4 Account History → right-click → Save as Detailed Report.';

/**
 * Reads the bytes of an MT5 history report or an MT4 detailed statement into its transactions.
 * Pure and browser-safe: bytes in, data out. Throws {@link StatementError}; never returns part of a file.
 */
export function readStatement(bytes: Uint8Array, options: ReadStatementOptions = {}): Statement {
  const maxBytes = options.maxBytes ?? MAX_STATEMENT_BYTES;
  if (bytes.length > maxBytes) {
    throw new StatementError('too_large', `The file is ${bytes.length} bytes; statements over ${maxBytes} bytes are not read.`);
  }
  refuseKnownBinary(bytes);
  const { text } = decodeStatementBytes(bytes);
  refuseBinaryText(text);
  if (!/<(html|table|tr)\b/i.test(text)) {
    throw new StatementError('not_a_statement', `This is not an HTML file. ${EXPORT_HINT}`);
  }
  const doc = readTableRows(text);

  if (/strategy tester/i.test(doc.title) || doc.rows.some((r) => r.cells.some((c) => /^strategy tester report$/i.test(c.text)))) {
    throw new StatementError('not_a_statement', `This is a strategy tester report, not an account statement. ${EXPORT_HINT}`);
  }
  const isMt5 =
    /trade history report/i.test(doc.title) || doc.rows.some((r) => r.cells.some((c) => /^trade history report$/i.test(c.text)));
  if (isMt5) return withinLimits(readMt5(doc));
  const isMt4 = /^statement:/i.test(doc.title) || findBanner(doc.rows, ['Closed Transactions:']) >= 0;
  if (isMt4) return withinLimits(readMt4(doc));
  throw new StatementError('not_a_statement', `This HTML is not a MetaTrader account statement. ${EXPORT_HINT}`);
}

/**
 * The limits a statement as a whole must keep: how many deals and days the import writes, and no row stamped
 * after the report was written (a day's slack for a terminal whose clock is ahead of the server's).
 */
function withinLimits(statement: Statement): Statement {
  const { transactions, generatedAt } = statement;
  if (transactions.length > MAX_STATEMENT_DEALS) {
    throw new StatementError(
      'limit_exceeded',
      `The statement has ${transactions.length} deals; at most ${MAX_STATEMENT_DEALS} are read from one file. Save it for a shorter period.`,
    );
  }
  const days = new Set(transactions.map((t) => t.time.slice(0, 10)));
  if (days.size > MAX_STATEMENT_DAYS) {
    throw new StatementError(
      'limit_exceeded',
      `The statement spans ${days.size} days with deals; at most ${MAX_STATEMENT_DAYS} are read from one file.`,
    );
  }
  if (generatedAt !== null) {
    const latest = oneDayAfter(generatedAt);
    const late = transactions.find((t) => t.time > latest);
    if (late) {
      throw new StatementError(
        'malformed',
        `Deal ${late.ticket} is dated ${late.time}, after the report itself was written (${generatedAt}): the file was edited or misread.`,
      );
    }
  }
  return statement;
}
