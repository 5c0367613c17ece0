import type { Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { queryJson } from '../shared/json-rows.js';
import { SqlParams } from '../shared/keyset-sql.js';
import { toMoney } from '../shared/money.js';
import { filtersOf, scopeSql } from './trade-scope.js';
import { firmClock, type StatsClock } from './trade-clock.js';
import { outcomeSql } from './trade-view.js';
import type { TradeScope } from './trades.inputs.js';
import type { TradeCurve } from './trades.outputs.js';

/** Points of the equity curve at most: a chart is a few hundred pixels wide, and 100,000 points would be megabytes. */
export const MAX_CURVE_POINTS = 300;
/** Buckets of the distribution at most (fewer when there are fewer trades: 3 trades in 20 buckets read as gaps). */
export const MAX_BUCKETS = 20;

interface CurveRow {
  count: number;
  wins: number;
  losses: number;
  net: string | null;
  smallest: string | null;
  largest: string | null;
  every: number;
  points: { n: number; closedAt: string; net: string; drawdown: string }[] | null;
  maxDrawdown: string | null;
  troughN: number | null;
  days: { day: string; net: string; count: number }[] | null;
  buckets: { i: number; from: string; to: string; count: number; wins: number; losses: number }[] | null;
}

const money = (text: string) => toMoney(new Prisma.Decimal(text));
/** Bucket edges are quotients (140 ÷ 3): four decimals, like the stats' averages; membership is decided exactly. */
const edge = (text: string) => toMoney(new Prisma.Decimal(text).toDecimalPlaces(4));

/**
 * The equity curve by trade and the distribution of results of the scope's trades, in one statement:
 *
 * - `s` numbers the trades in close order (closedAt, then id, so equal instants keep one order) and keeps the running
 *   sum of net beside each, both window functions over one sort (the owner's closedAt index, read forwards);
 * - the curve keeps every k-th trade, k = ⌈count ÷ 300⌉, and always the last, so it has at most 300 points and
 *   always ends at the total;
 * - the distribution splits [smallest net, largest net] into b = min(20, count) equal widths with width_bucket,
 *   which is exact on numeric (the largest net, on the upper bound, belongs to the last bucket); every bucket is
 *   answered, empty ones too, so the histogram's widths stay equal. Wins and losses by the stats' one rule.
 *
 * Sums stay numeric and travel as text to Decimal, as every other trade read does.
 */
export async function readTradeCurve(
  db: Database,
  caller: Caller,
  scope: TradeScope,
  clock: StatsClock = firmClock({ timeZone: 'UTC', time: '00:00' }, false),
): Promise<TradeCurve> {
  const params = new SqlParams();
  const where = scopeSql(caller, scope, params);
  const row = await queryJson<CurveRow>(db, curveSql(where, params.add(clock.timeZone), clock.shiftMinutes), params.values);
  if (!row) throw new Error('the trade curve statement answered no row');
  return { filters: filtersOf(scope), clock: clock.answer, ...curveAnswer(row) };
}

/**
 * The one statement of `readTradeCurve` over the trades `t` that `where` keeps; `zone` the clock's zone placeholder and
 * `shiftMinutes` what moves a local time to its firm day's name (StatsClock), for the days of the calendar. The
 * drawdown of a trade is its cumulative net less the highest before it (the start, 0, included), so it is ≤ 0; the
 * maximum drawdown is the lowest over every trade, not only the points kept, and its trade is kept among the points.
 */
export function curveSql(where: string, zone = `'UTC'`, shiftMinutes = 0): string {
  const local = `(s."closedAt" AT TIME ZONE ${zone})${shiftMinutes === 0 ? '' : ` + interval '${String(Math.trunc(shiftMinutes))} minutes'`}`;
  return `WITH s0 AS (
      SELECT row_number() OVER w AS n, t."closedAt", t."net", sum(t."net") OVER w AS cum, ${outcomeSql('t."net"')} AS o
      FROM "Trade" t WHERE ${where}
      WINDOW w AS (ORDER BY t."closedAt", t."id" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
    ),
    s AS (SELECT s0.*, s0.cum - GREATEST(0, max(s0.cum) OVER (ORDER BY s0.n ROWS UNBOUNDED PRECEDING)) AS dd FROM s0),
    a AS (
      SELECT count(*)::int AS c, (count(*) FILTER (WHERE o = 1))::int AS wins, (count(*) FILTER (WHERE o = -1))::int AS losses,
        sum("net") AS net, min("net") AS lo, max("net") AS hi, min(dd) AS maxdd,
        (SELECT s1.n FROM s s1 ORDER BY s1.dd, s1.n LIMIT 1)::int AS trough FROM s
    ),
    k AS (
      SELECT a.*, GREATEST(1, ceil(a.c / ${MAX_CURVE_POINTS}.0))::int AS every,
        (CASE WHEN a.c = 0 THEN 0 WHEN a.lo = a.hi THEN 1 ELSE LEAST(${MAX_BUCKETS}, a.c) END)::int AS b FROM a
    ),
    bucketed AS (
      -- One value for every trade when they are all equal: width_bucket refuses an empty range.
      SELECT CASE WHEN k.b = 1 THEN 1 ELSE LEAST(width_bucket(s."net", k.lo, k.hi, k.b), k.b) END AS i, s.o
      FROM s CROSS JOIN k
    )
    SELECT json_build_object(
      'count', k.c, 'wins', k.wins, 'losses', k.losses, 'net', k.net::text, 'smallest', k.lo::text, 'largest', k.hi::text,
      'every', k.every, 'maxDrawdown', (-k.maxdd)::text, 'troughN', k.trough,
      'points', (SELECT json_agg(json_build_object('n', s.n, 'closedAt', s."closedAt", 'net', s.cum::text, 'drawdown', s.dd::text) ORDER BY s.n)
        FROM s WHERE s.n % k.every = 0 OR s.n = k.c OR (k.maxdd < 0 AND s.n = k.trough)),
      'days', (SELECT json_agg(json_build_object('day', d."day", 'net', d."net"::text, 'count', d."count") ORDER BY d."day")
        FROM (SELECT (${local})::date::text AS "day", sum(s."net") AS "net", count(*)::int AS "count" FROM s GROUP BY 1) d),
      'buckets', (SELECT json_agg(json_build_object(
          'i', g.i,
          'from', (CASE WHEN g.i = 1 THEN k.lo ELSE k.lo + (k.hi - k.lo) * (g.i - 1) / k.b END)::text,
          'to', (CASE WHEN g.i = k.b THEN k.hi ELSE k.lo + (k.hi - k.lo) * g.i / k.b END)::text,
          'count', COALESCE(c.n, 0), 'wins', COALESCE(c.wins, 0), 'losses', COALESCE(c.losses, 0)) ORDER BY g.i)
        FROM generate_series(1, k.b) g(i)
        LEFT JOIN (SELECT i, count(*)::int AS n, (count(*) FILTER (WHERE o = 1))::int AS wins,
            (count(*) FILTER (WHERE o = -1))::int AS losses FROM bucketed GROUP BY i) c ON c.i = g.i)
    ) AS "data" FROM k`;
}

function curveAnswer(row: CurveRow): Omit<TradeCurve, 'filters' | 'clock'> {
  const count = row.count;
  return {
    totals: {
      count,
      wins: row.wins,
      losses: row.losses,
      breakevens: count - row.wins - row.losses,
      net: row.net === null ? 0 : money(row.net),
    },
    every: row.every,
    points: (row.points ?? []).map((p) => ({
      n: p.n,
      closedAt: new Date(p.closedAt).toISOString(),
      net: money(p.net),
      drawdown: money(p.drawdown),
    })),
    maxDrawdown: row.maxDrawdown === null ? 0 : money(row.maxDrawdown),
    maxDrawdownAt: row.troughN !== null && row.maxDrawdown !== null && !new Prisma.Decimal(row.maxDrawdown).isZero() ? row.troughN : null,
    days: (row.days ?? []).map((d) => ({ day: d.day, net: money(d.net), count: d.count })),
    distribution: {
      smallest: row.smallest === null ? null : money(row.smallest),
      largest: row.largest === null ? null : money(row.largest),
      buckets: (row.buckets ?? []).map((b) => ({
        from: edge(b.from),
        to: edge(b.to),
        count: b.count,
        wins: b.wins,
        losses: b.losses,
        breakevens: b.count - b.wins - b.losses,
      })),
    },
  };
}
