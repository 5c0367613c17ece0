import type { HtmlDocument, Row } from '../html/table-rows.js';
import { filledTexts } from '../html/table-rows.js';
import { parseGeneratedAt } from '../time.js';
import type { StatementAccount } from '../types.js';
import { StatementError } from '../errors.js';

/**
 * The MT4 header: the broker's name in a big font above the table, then one row of
 * 'Account: 2089123', 'Name: …', 'Currency: USD', 'Leverage: 1:100' and the report date.
 * MT4 statements do not name the server.
 */
export function readMt4Header(doc: HtmlDocument, headerRows: readonly Row[]): { account: StatementAccount; generatedAt: string | null } {
  let login: string | null = null;
  let name: string | null = null;
  let currency: string | null = null;
  let generatedAt: string | null = null;
  for (const text of headerRows.flatMap(filledTexts)) {
    const account = /^(?:Account|A\/C No):\s*(\d+)/i.exec(text);
    if (account) login = account[1] as string;
    const who = /^Name:\s*(.+)$/i.exec(text);
    if (who) name = (who[1] as string).trim();
    const money = /^Currency:\s*([A-Za-z]{3,5})\b/i.exec(text);
    if (money) currency = (money[1] as string).toUpperCase();
    generatedAt = parseGeneratedAt(text) ?? generatedAt;
  }
  // The title repeats it: 'Statement: 2089123 - François Lefèvre'.
  const titled = /^Statement:\s*(\d+)(?:\s*-\s*(.+))?$/.exec(doc.title);
  login ??= titled?.[1] ?? null;
  name ??= titled?.[2]?.trim() ?? null;
  if (login === null) throw new StatementError('malformed', 'The MT4 statement has no account number in its header ("Account:").');
  return { account: { login, name, currency, server: null, company: doc.looseText[0] ?? null }, generatedAt };
}
