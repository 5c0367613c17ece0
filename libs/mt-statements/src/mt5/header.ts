import { StatementError } from '../errors.js';
import { valueAfterLabel, type HtmlDocument, type Row } from '../html/table-rows.js';
import { parseGeneratedAt } from '../time.js';
import type { StatementAccount } from '../types.js';

function labelled(rows: readonly Row[], label: string): string | null {
  for (const row of rows) {
    const value = valueAfterLabel(row, label);
    if (value !== null) return value;
  }
  return null;
}

/**
 * The header block above the first section: Name, Account, Company, Date. The Account line reads
 * '51234567 (USD, Broker-Server, real, Hedge)'; older builds put only the login there, and the
 * page title '51234567: Name - Trade History Report' still has it.
 */
export function readMt5Header(
  doc: HtmlDocument,
  headerRows: readonly Row[],
): { account: StatementAccount; generatedAt: string | null; netting: boolean } {
  const accountText = labelled(headerRows, 'Account:') ?? '';
  const accountMatch = /^(\d+)\s*(?:\(([^)]*)\))?/.exec(accountText);
  const login = accountMatch?.[1] ?? /^(\d+):/.exec(doc.title)?.[1];
  if (login === undefined) {
    throw new StatementError('malformed', 'The MT5 report has no account number in its header (the "Account:" line).');
  }
  const details = (accountMatch?.[2] ?? '').split(',').map((s) => s.trim());
  const currency = details[0] !== undefined && /^[A-Z]{3,5}$/.test(details[0]) ? details[0] : null;
  const server = currency !== null && details[1] ? details[1] : null;
  const date = labelled(headerRows, 'Date:');
  return {
    account: {
      login,
      name: labelled(headerRows, 'Name:'),
      currency,
      server,
      company: labelled(headerRows, 'Company:'),
    },
    generatedAt: date === null ? null : parseGeneratedAt(date),
    // The margin mode closes the Account line: "Netting" (and "Exchange") keep one position per symbol, "Hedge"
    // (or no word, on older builds) many.
    netting: details.some((d) => /\b(netting|exchange)\b/i.test(d)),
  };
}
