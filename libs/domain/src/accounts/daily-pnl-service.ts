import { addDays, AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { DEFAULT_DAYS, type DailyPnlInput } from './accounts.inputs.js';
import { todayIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { queryJson } from '../shared/json-rows.js';
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
    // One statement on the driver (no Prisma client in the path): the ownership check and the reports
    // together, figures as exact decimal text (up to 366 rows, where building three Decimal objects per row
    // was most of the time).
    const account = await queryJson<SeriesRow>(
      this.db,
      `SELECT json_build_object('id', a.id, 'currency', a.currency,
        'days', coalesce(r.days, '[]'::json), 'closedPnlTotal', coalesce(r.total, 0)::text) AS "data"
      FROM "EaAccount" a
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('date', to_char(d.date, 'YYYY-MM-DD'), 'balance', d.balance::text,
                 'equity', d.equity::text, 'closedPnl', d."closedPnl"::text)) AS days, sum(d."closedPnl") AS total
        FROM "DailyPnl" d
        WHERE d."accountId" = a.id AND d.date >= $1::date AND d.date <= $2::date
      ) r ON true
      WHERE a.id = $3 AND a."userId" = $4`,
      [from, to, requireId(input.id, 'EA account'), caller.userId],
    );
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
