import { StatementError } from '../errors.js';
import { findBanner } from '../html/sections.js';
import { valueAfterLabel, type HtmlDocument, type Row } from '../html/table-rows.js';
import { formatMoney, parseMoney } from '../money.js';
import type { Statement, StatementSummary } from '../types.js';
import { readDealsTable } from './deals.js';
import { readMt5Header } from './header.js';
import { buildMt5Positions, readPositionsTable, type Mt5PositionRow } from './positions.js';
import { verifyBalanceChain, verifyDealTotals } from './verify.js';

const SECTIONS = ['Positions', 'Orders', 'Deals', 'Open Positions', 'Working Orders', 'Summary', 'Results'];

function findValue(rows: readonly Row[], label: string): string | null {
  for (const row of rows) {
    const value = valueAfterLabel(row, label);
    if (value !== null) return value;
  }
  return null;
}

/**
 * An MT5 "Trade History Report". The Deals table is the ledger: every balance change is a deal, and
 * the report's running Balance column and totals row let the reader prove it lost nothing.
 * Positions and Orders repeat the same trades grouped differently and are not read for money; the positions
 * are built from the deals, with the Positions table's stop loss, take profit and close times.
 */
export function readMt5(doc: HtmlDocument): Statement {
  const { rows } = doc;
  const cutMessage = 'The MT5 report stops before its end (no closing </html>): the file was cut off. Save or download it again.';
  const dealsAt = findBanner(rows, ['Deals']);
  if (dealsAt < 0) {
    if (!doc.closed) throw new StatementError('truncated', cutMessage);
    throw new StatementError('malformed', 'The MT5 report has no "Deals" table. Save the report again from Toolbox → History.');
  }
  const firstSection = findBanner(rows, SECTIONS);
  const header = readMt5Header(doc, rows.slice(0, firstSection < 0 ? dealsAt : firstSection));

  const table = readDealsTable(rows, dealsAt + 1);
  if (table.totals === null || !doc.closed) throw new StatementError('truncated', cutMessage);
  const after = rows.slice(table.end);
  const balanceText = findValue(after, 'Balance:');
  if (balanceText === null) {
    throw new StatementError('truncated', 'The MT5 report has no summary (the "Balance:" line after the deals): the file is incomplete.');
  }

  // The chain first: it names the deal where the money stops adding up.
  const opening = verifyBalanceChain(table.deals);
  verifyDealTotals(table.deals, table.totals);

  const positionsAt = findBanner(rows, ['Positions']);
  const positionRows =
    positionsAt >= 0 && positionsAt < dealsAt ? readPositionsTable(rows, positionsAt + 1) : new Map<string, Mt5PositionRow>();
  const positions = buildMt5Positions(table.deals, positionRows, header.netting);

  const summary: StatementSummary = { balance: formatMoney(parseMoney(balanceText, 'Summary, Balance')) };
  const netProfit = findValue(after, 'Total Net Profit:');
  if (netProfit !== null) summary.closedPnl = formatMoney(parseMoney(netProfit, 'Results, Total Net Profit'));

  return {
    platform: 'mt5',
    account: header.account,
    generatedAt: header.generatedAt,
    openingBalance: formatMoney(opening),
    transactions: table.deals.map((d) => d.transaction),
    positions,
    summary,
  };
}
