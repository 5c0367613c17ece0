import { StatementError } from '../errors.js';
import { Decimal, formatMoney, sumMoney } from '../money.js';
import type { Mt5Deal, Mt5Totals } from './deals.js';
import { netOf } from './deals.js';

const affectsBalance = (d: Mt5Deal): boolean => d.transaction.kind !== 'credit';

/**
 * Replays the deals against MT5's own Balance column: each deal must move the balance by exactly its
 * commission + fee + swap + profit (a credit deal by nothing). A gap means a deal was lost or misread.
 * Returns the balance before the first deal (non-zero when the report covers a chosen period).
 */
export function verifyBalanceChain(deals: readonly Mt5Deal[]): Decimal {
  const moveOf = (d: Mt5Deal): Decimal => (affectsBalance(d) ? netOf(d) : new Decimal(0));
  const anchorAt = deals.findIndex((d) => d.balanceAfter !== null);
  const anchor = deals[anchorAt]?.balanceAfter;
  if (!anchor) return new Decimal(0);
  const opening = anchor.minus(sumMoney(deals.slice(0, anchorAt + 1).map(moveOf)));
  let running = opening;
  for (const deal of deals) {
    running = running.plus(moveOf(deal));
    if (deal.balanceAfter !== null && !deal.balanceAfter.equals(running)) {
      const t = deal.transaction;
      throw new StatementError(
        'truncated',
        `Deal ${t.ticket} at ${t.time}: the report's Balance column says ${formatMoney(deal.balanceAfter)}, ` +
          `but the deals above it add up to ${formatMoney(running)}. The file is damaged or was misread; save the report again.`,
      );
    }
  }
  return opening;
}

/**
 * The totals row under the Deals table sums its columns. It is compared with the rows read both ways
 * (all rows, and trade deals only) since the report's convention for balance operations in those sums
 * is not documented; a match either way proves no row was dropped.
 */
export function verifyDealTotals(deals: readonly Mt5Deal[], totals: Mt5Totals): void {
  const trades = deals.filter((d) => d.transaction.kind === 'trade');
  for (const column of ['commission', 'fee', 'swap', 'profit'] as const) {
    const all = sumMoney(deals.map((d) => d.amounts[column]));
    const tradeOnly = sumMoney(trades.map((d) => d.amounts[column]));
    const stated = totals[column];
    if (!stated.equals(all) && !stated.equals(tradeOnly)) {
      throw new StatementError(
        'truncated',
        `The Deals table's ${column} total is ${formatMoney(stated)}, but its rows add up to ${formatMoney(all)}. ` +
          'Rows are missing or were misread; save the report again.',
      );
    }
  }
  const last = [...deals].reverse().find((d) => d.balanceAfter !== null);
  if (totals.balance !== null && last?.balanceAfter && !totals.balance.equals(last.balanceAfter)) {
    throw new StatementError(
      'truncated',
      `The Deals table ends at a balance of ${formatMoney(totals.balance)}, but its last deal says ${formatMoney(last.balanceAfter)}.`,
    );
  }
}
