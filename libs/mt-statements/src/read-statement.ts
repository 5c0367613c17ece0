import { MAX_STATEMENT_BYTES, StatementError } from './errors.js';
import { findBanner } from './html/sections.js';
import { readTableRows } from './html/table-rows.js';
import { readMt4 } from './mt4/read-mt4.js';
import { readMt5 } from './mt5/read-mt5.js';
import { decodeStatementBytes } from './text/decode.js';
import { refuseKnownBinary } from './text/sniff.js';
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
  if (!/<(html|table|tr)\b/i.test(text)) {
    throw new StatementError('not_a_statement', `This is not an HTML file. ${EXPORT_HINT}`);
  }
  const doc = readTableRows(text);

  if (/strategy tester/i.test(doc.title) || doc.rows.some((r) => r.cells.some((c) => /^strategy tester report$/i.test(c.text)))) {
    throw new StatementError('not_a_statement', `This is a strategy tester report, not an account statement. ${EXPORT_HINT}`);
  }
  const isMt5 =
    /trade history report/i.test(doc.title) || doc.rows.some((r) => r.cells.some((c) => /^trade history report$/i.test(c.text)));
  if (isMt5) return readMt5(doc);
  const isMt4 = /^statement:/i.test(doc.title) || findBanner(doc.rows, ['Closed Transactions:']) >= 0;
  if (isMt4) return readMt4(doc);
  throw new StatementError('not_a_statement', `This HTML is not a MetaTrader account statement. ${EXPORT_HINT}`);
}
