/**
 * Which reported days the simulation draws from. A report comes for every day the terminal ran, also on days
 * with no trading at all (the deposit that opens an account, a weekend, a holiday); drawn as days of 0 % they
 * would dilute the trader's real days and, counted, make a short history look long enough. A day is traded when
 * something closed (closed P&L, commissions and swaps included, is not zero) or the open positions' floating
 * P&L (equity − balance) moved since the previous report: a position held through a trading day moves it, a
 * deposit or a closed market does not.
 */
import { Decimal } from '../shared/money.js';

/** A day's figures as reported, exact decimal text (or anything whose toString is one, as Prisma's Decimal). */
export interface ReportedDayFigures {
  closedPnl: { toString(): string };
  balance: { toString(): string };
  equity: { toString(): string };
}

/** The days of one account's reports (oldest first) that carried trading, in their order; the account starts flat. */
export function tradedDays<T extends ReportedDayFigures>(days: readonly T[]): T[] {
  let floating = new Decimal(0);
  const traded: T[] = [];
  for (const day of days) {
    const now = new Decimal(day.equity.toString()).minus(day.balance.toString());
    if (!new Decimal(day.closedPnl.toString()).isZero() || !now.eq(floating)) traded.push(day);
    floating = now;
  }
  return traded;
}
