import { Decimal, formatMoney } from './money.js';
import type { Transaction } from './types.js';

export interface FoldDaysOptions {
  /** The firm's day 'YYYY-MM-DD' of a broker-local time 'YYYY-MM-DD HH:MM:SS' (the caller knows both zones). */
  dayOf: (brokerLocalTime: string) => string;
  /** Balance before the first transaction; default "0" (pass {@link Statement.openingBalance} for a period report). */
  openingBalance?: string;
}

export interface FoldedDay {
  day: string;
  /** Trades + commission + swap + fee charged that day, and broker corrections; NOT deposits or withdrawals. */
  closedPnl: string;
  deposits: string;
  /** Positive amount taken out that day. */
  withdrawals: string;
  /** End-of-day balance: the running sum of everything that moves the balance, deposits included. */
  balance: string;
  /** Deals that closed (all or part of) a position that day: MT5 out/inout/out-by deals, MT4 closed trades. */
  trades: number;
}

export interface FoldedDays {
  days: FoldedDay[];
  /** Transactions left out of the days, with why (credit moves no balance; a day the caller could not tell). */
  skipped: Array<{ ticket: string; reason: string }>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Acc {
  closedPnl: Decimal;
  deposits: Decimal;
  withdrawals: Decimal;
  trades: number;
}

const netOf = (t: Transaction): Decimal => new Decimal(t.profit).plus(t.commission).plus(t.swap).plus(t.fee);

/**
 * Folds transactions into firm days, ascending. The result depends only on which day each transaction
 * falls on, not on the order given: sums per day are order-free and the balance is the opening balance
 * plus every earlier day's movement.
 */
export function foldDays(transactions: readonly Transaction[], options: FoldDaysOptions): FoldedDays {
  const byDay = new Map<string, Acc>();
  const skipped: FoldedDays['skipped'] = [];
  for (const t of transactions) {
    if (t.kind === 'credit') {
      skipped.push({ ticket: t.ticket, reason: 'credit is broker money lent to the account, not part of its balance' });
      continue;
    }
    const day = options.dayOf(t.time);
    if (!DAY.test(day)) {
      skipped.push({ ticket: t.ticket, reason: `dayOf returned "${day}" for ${t.time}, not a YYYY-MM-DD day` });
      continue;
    }
    const acc = byDay.get(day) ?? { closedPnl: new Decimal(0), deposits: new Decimal(0), withdrawals: new Decimal(0), trades: 0 };
    const net = netOf(t);
    if (t.kind === 'deposit') acc.deposits = acc.deposits.plus(net);
    else if (t.kind === 'withdrawal') acc.withdrawals = acc.withdrawals.minus(net);
    else acc.closedPnl = acc.closedPnl.plus(net);
    if (t.kind === 'trade' && t.entry !== 'in') acc.trades++;
    byDay.set(day, acc);
  }
  // Skipped order must not depend on input order either.
  skipped.sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));

  let balance = new Decimal(options.openingBalance ?? 0);
  const days = [...byDay.keys()].sort().map((day): FoldedDay => {
    const acc = byDay.get(day) as Acc;
    balance = balance.plus(acc.closedPnl).plus(acc.deposits).minus(acc.withdrawals);
    return {
      day,
      closedPnl: formatMoney(acc.closedPnl),
      deposits: formatMoney(acc.deposits),
      withdrawals: formatMoney(acc.withdrawals),
      balance: formatMoney(balance),
      trades: acc.trades,
    };
  });
  return { days, skipped };
}
