import { StatementError } from '../errors.js';
import { findBanner } from '../html/sections.js';
import { valueAfterLabel, type HtmlDocument, type Row } from '../html/table-rows.js';
import { Decimal, formatMoney, parseMoney, sumMoney } from '../money.js';
import type { Statement } from '../types.js';
import { netOfLine, readClosedTransactions, type Mt4ClosedSection, type Mt4Line } from './closed-transactions.js';
import { readMt4Header } from './header.js';
import { mt4Position } from './positions.js';

function summaryValue(rows: readonly Row[], label: string): Decimal | null {
  for (const row of rows) {
    const value = valueAfterLabel(row, label);
    if (value !== null) return parseMoney(value, `Summary, ${label}`);
  }
  return null;
}

function mismatch(what: string, stated: Decimal, computed: Decimal, hint = ''): StatementError {
  return new StatementError(
    'truncated',
    `The statement's ${what} is ${formatMoney(stated)}, but its rows add up to ${formatMoney(computed)}.${hint} ` +
      'The file is incomplete or was misread; nothing was imported.',
  );
}

/** The section's own totals row and Closed P/L line must match the rows read. */
function verifySection(section: Mt4ClosedSection, trades: readonly Mt4Line[], balances: readonly Mt4Line[]): Decimal {
  const closedPnl = sumMoney(trades.map(netOfLine));
  if (!section.closedPnl.equals(closedPnl)) throw mismatch('"Closed P/L"', section.closedPnl, closedPnl);
  if (section.totals) {
    for (const column of ['commission', 'taxes', 'swap', 'profit'] as const) {
      const tradeSum = sumMoney(trades.map((l) => l.amounts[column]));
      const withBalance = tradeSum.plus(sumMoney(balances.map((l) => l.amounts[column])));
      const stated = section.totals[column];
      if (!stated.equals(tradeSum) && !stated.equals(withBalance)) throw mismatch(`${column} total`, stated, tradeSum);
    }
  }
  return closedPnl;
}

/**
 * An MT4 "Detailed Statement". MT4 has no running balance column, so the Summary is the proof:
 * Deposit/Withdrawal must equal the balance rows, Closed Trade P/L the closed trades, and Balance
 * their sum. That also refuses a statement saved for a period rather than All History, whose Balance
 * includes trades it does not list.
 */
export function readMt4(doc: HtmlDocument): Statement {
  const { rows } = doc;
  const closedAt = findBanner(rows, ['Closed Transactions:']);
  if (closedAt < 0) {
    throw new StatementError(doc.closed ? 'malformed' : 'truncated', 'The MT4 statement has no complete "Closed Transactions" section.');
  }
  const header = readMt4Header(doc, rows.slice(0, closedAt));
  const section = readClosedTransactions(rows, closedAt + 1);

  const summaryAt = findBanner(rows, ['Summary:'], section.end);
  const summaryRows = summaryAt < 0 ? [] : rows.slice(summaryAt + 1);
  const depositWithdrawal = summaryValue(summaryRows, 'Deposit/Withdrawal:');
  const closedTradePnl = summaryValue(summaryRows, 'Closed Trade P/L:');
  const balance = summaryValue(summaryRows, 'Balance:');
  if (depositWithdrawal === null || closedTradePnl === null || balance === null || !doc.closed) {
    throw new StatementError(
      'truncated',
      'The MT4 statement stops before its Summary (Deposit/Withdrawal, Closed Trade P/L, Balance) or its closing </html>: the file is incomplete.',
    );
  }

  const trades = section.lines.filter((l) => l.transaction.kind === 'trade');
  const balanceOps = section.lines.filter((l) => l.transaction.kind !== 'trade' && l.transaction.kind !== 'credit');
  const closedPnl = verifySection(section, trades, balanceOps);
  const deposits = sumMoney(balanceOps.map(netOfLine));
  if (!closedTradePnl.equals(closedPnl)) throw mismatch('Summary "Closed Trade P/L"', closedTradePnl, closedPnl);
  if (!depositWithdrawal.equals(deposits)) throw mismatch('Summary "Deposit/Withdrawal"', depositWithdrawal, deposits);
  if (!balance.equals(deposits.plus(closedPnl))) {
    throw mismatch(
      'Summary "Balance"',
      balance,
      deposits.plus(closedPnl),
      ' A statement saved for a period leaves out earlier history: save it with All History selected.',
    );
  }

  return {
    platform: 'mt4',
    account: header.account,
    generatedAt: header.generatedAt,
    openingBalance: formatMoney(new Decimal(0)),
    transactions: section.lines.map((l) => l.transaction),
    positions: section.lines.flatMap((l) => (l.trade ? [mt4Position(l, l.trade)] : [])),
    summary: { closedPnl: formatMoney(closedTradePnl), deposits: formatMoney(depositWithdrawal), balance: formatMoney(balance) },
  };
}
