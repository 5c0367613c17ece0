import { addDays, AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { DEFAULT_DAYS, type DailyPnlInput } from './accounts.inputs.js';
import { todayIso } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { queryJson } from '../shared/json-rows.js';
import type { DailyPnlSeries } from './accounts.outputs.js';

type DailyPnlEntry = DailyPnlSeries['days'][number];

interface SeriesRow {
  id: string;
  currency: string;
  reportedDays: number;
  closedPnlTotal: number;
  days: DailyPnlEntry[];
}

/**
 * The account and every day of the range, in the answer's own shape: PostgreSQL lays out the calendar
 * (`$1::date + i`, date arithmetic, so no time zone is involved) and writes each figure as a JSON
 * number in its exact decimal text, which JSON.parse reads as `Number(text)` would: the days need no
 * pass in JavaScript at all (building 365 entries there was most of this read's own CPU).
 */
const SERIES_SQL = `SELECT json_build_object('id', a.id, 'currency', a.currency, 'reportedDays', r.reported,
    'closedPnlTotal', coalesce(r.total, 0), 'days', r.days) AS "data"
  FROM "EaAccount" a
  CROSS JOIN LATERAL (
    SELECT json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'), 'reported', d."accountId" IS NOT NULL,
             'balance', d.balance, 'equity', d.equity, 'closedPnl', d."closedPnl") ORDER BY g.day) AS days,
           count(d."accountId")::int AS reported, sum(d."closedPnl") AS total
    FROM (SELECT $1::date + i AS day FROM generate_series(0, $2::date - $1::date) AS i) g
    LEFT JOIN "DailyPnl" d ON d."accountId" = a.id AND d.date = g.day
  ) r
  WHERE a.id = $3 AND a."userId" = $4`;

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
    // One statement on the driver (no Prisma client in the path): the ownership check and the series together.
    const account = await queryJson<SeriesRow>(this.db, SERIES_SQL, [from, to, requireId(input.id, 'EA account'), caller.userId]);
    if (!account) throw AppError.notFound('EA account');
    return {
      accountId: account.id,
      currency: account.currency,
      from,
      to,
      reportedDays: account.reportedDays,
      closedPnlTotal: account.closedPnlTotal,
      days: account.days,
    };
  }
}
