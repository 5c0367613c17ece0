import { addDays, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { DEFAULT_DAYS, type DailyPnlInput } from '../contracts/accounts.js';
import { dateToIso, isoToDate, todayIso } from '../shared/dates.js';
import { toMoney, ZERO } from '../shared/money.js';
import type { DailyPnlSeries } from './account-schemas.js';
import { findOwnedAccount } from './owned-account.js';

/**
 * The daily P&L series of the last N calendar days, ending today (UTC). Every day appears, oldest
 * first; a day without a report is an entry with `reported: false` and null figures, so gaps stay
 * visible instead of being interpolated.
 */
export class DailyPnlService {
  constructor(private readonly db: Database) {}

  async series(caller: Caller, input: DailyPnlInput, now = new Date()): Promise<DailyPnlSeries> {
    const account = await findOwnedAccount(this.db.prisma, caller, input.id);
    const days = input.days ?? DEFAULT_DAYS;
    const to = todayIso(now);
    const from = addDays(to, -(days - 1));
    const rows = await this.db.prisma.dailyPnl.findMany({
      where: { accountId: account.id, date: { gte: isoToDate(from), lte: isoToDate(to) } },
    });
    const byDate = new Map(rows.map((row) => [dateToIso(row.date), row] as const));
    let closedPnlTotal = ZERO;
    const entries = Array.from({ length: days }, (_, index) => {
      const date = addDays(from, index);
      const row = byDate.get(date);
      if (!row) return { date, reported: false, balance: null, equity: null, closedPnl: null };
      closedPnlTotal = closedPnlTotal.plus(row.closedPnl);
      return {
        date,
        reported: true,
        balance: toMoney(row.balance),
        equity: toMoney(row.equity),
        closedPnl: toMoney(row.closedPnl),
      };
    });
    return {
      accountId: account.id,
      currency: account.currency,
      from,
      to,
      reportedDays: rows.length,
      closedPnlTotal: toMoney(closedPnlTotal),
      days: entries,
    };
  }
}
