import { addDays, AppError, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { DEFAULT_DAYS, type DailyPnlInput } from './accounts.inputs.js';
import { isoToDate, todayIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import type { DailyPnlSeries } from './accounts.outputs.js';

interface SeriesRow {
  id: string;
  currency: string;
  days: { date: string; balance: string; equity: string; closedPnl: string }[];
  closedPnlTotal: string;
}

/**
 * The daily P&L series of the last N calendar days, ending today (UTC). Every day appears, oldest
 * first; a day without a report is an entry with `reported: false` and null figures, so gaps stay
 * visible instead of being interpolated.
 */
export class DailyPnlService {
  constructor(private readonly db: Database) {}

  async series(caller: Caller, input: DailyPnlInput, now = new Date()): Promise<DailyPnlSeries> {
    const days = input.days ?? DEFAULT_DAYS;
    const to = todayIso(now);
    const from = addDays(to, -(days - 1));
    // One round trip: the ownership check and the reports together, figures as exact decimal text
    // (up to 366 rows, where building three Decimal objects per row was most of the time).
    const [account] = await this.db.prisma.$queryRaw<SeriesRow[]>(Prisma.sql`
      SELECT a.id, a.currency,
        coalesce(r.days, '[]'::json) AS days, coalesce(r.total, 0)::text AS "closedPnlTotal"
      FROM "EaAccount" a
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('date', to_char(d.date, 'YYYY-MM-DD'), 'balance', d.balance::text,
                 'equity', d.equity::text, 'closedPnl', d."closedPnl"::text)) AS days, sum(d."closedPnl") AS total
        FROM "DailyPnl" d
        WHERE d."accountId" = a.id AND d.date >= ${isoToDate(from)}::date AND d.date <= ${isoToDate(to)}::date
      ) r ON true
      WHERE a.id = ${requireId(input.id, 'EA account')} AND a."userId" = ${caller.userId}`);
    if (!account) throw AppError.notFound('EA account');
    const byDate = new Map(account.days.map((row) => [row.date, row] as const));
    const entries = Array.from({ length: days }, (_, index) => {
      const date = addDays(from, index);
      const row = byDate.get(date);
      if (!row) return { date, reported: false, balance: null, equity: null, closedPnl: null };
      return { date, reported: true, balance: Number(row.balance), equity: Number(row.equity), closedPnl: Number(row.closedPnl) };
    });
    return {
      accountId: account.id,
      currency: account.currency,
      from,
      to,
      reportedDays: account.days.length,
      closedPnlTotal: Number(account.closedPnlTotal),
      days: entries,
    };
  }
}
