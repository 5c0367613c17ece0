import { AppError, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { queryJson } from '../shared/json-rows.js';
import { SqlParams } from '../shared/keyset-sql.js';
import { toMoney } from '../shared/money.js';
import { scopeSql } from './trade-scope.js';
import { outcomeSql } from './trade-view.js';
import { DEFAULT_TRADER_ZONE, type TradeStatsInput } from './trades.inputs.js';
import type { TradeFigures, TradeStats } from './trades.outputs.js';

/**
 * The trading sessions, each in its own city's clock (so daylight saving moves them as it moves the
 * market), as the hours a trade opened in: [from, to) local time. Overlaps are real (London and New York
 * share their afternoon): a trade opened then counts in both; one opened in none counts as `none`.
 */
const SESSIONS = [
  { key: 'tokyo', zone: 'Asia/Tokyo', from: '09:00', to: '18:00' },
  { key: 'london', zone: 'Europe/London', from: '08:00', to: '17:00' },
  { key: 'newYork', zone: 'America/New_York', from: '08:00', to: '17:00' },
] as const;

const SESSIONS_SQL = `COALESCE(NULLIF(array_remove(ARRAY[${SESSIONS.map(
  (s) =>
    `CASE WHEN ("openedAt" AT TIME ZONE '${s.zone}')::time >= '${s.from}' AND ("openedAt" AT TIME ZONE '${s.zone}')::time < '${s.to}' THEN '${s.key}' END`,
).join(', ')}], NULL), '{}'), ARRAY['none'])`;

// The figures of any group, as exact text (money) or counts; the ratios are taken in TypeScript from them.
const FIGURES_SQL = `count(*)::int AS "count",
  (count(*) FILTER (WHERE o = 1))::int AS "wins",
  (count(*) FILTER (WHERE o = -1))::int AS "losses",
  (count(*) FILTER (WHERE o = 0))::int AS "breakevens",
  COALESCE(sum("net"), 0)::text AS "net",
  COALESCE(sum("net") FILTER (WHERE o = 1), 0)::text AS "grossProfit",
  COALESCE(-sum("net") FILTER (WHERE o = -1), 0)::text AS "grossLoss",
  (max("net") FILTER (WHERE o = 1))::text AS "largestWin",
  (min("net") FILTER (WHERE o = -1))::text AS "largestLoss",
  avg(EXTRACT(EPOCH FROM "closedAt" - "openedAt"))::float8 AS "holding",
  count("plannedRisk")::int AS "withRisk",
  (avg("net" / "plannedRisk") FILTER (WHERE "plannedRisk" > 0))::text AS "meanR",
  avg("mae")::text AS "averageMae",
  avg("mfe")::text AS "averageMfe"`;

interface FigureRow {
  dim: string;
  key: string | null;
  count: number;
  wins: number;
  losses: number;
  breakevens: number;
  net: string;
  grossProfit: string;
  grossLoss: string;
  largestWin: string | null;
  largestLoss: string | null;
  holding: number | null;
  withRisk: number;
  meanR: string | null;
  averageMae: string | null;
  averageMfe: string | null;
}

interface StatsRow {
  groups: FigureRow[] | null;
  streaks: Record<string, number> | null;
}

const D = (text: string) => new Prisma.Decimal(text);
const money = (value: Prisma.Decimal) => toMoney(value.toDecimalPlaces(4));
const maybeMoney = (text: string | null) => (text === null ? null : money(D(text)));

function figures(row: FigureRow): TradeFigures {
  const grossProfit = D(row.grossProfit);
  const grossLoss = D(row.grossLoss);
  return {
    count: row.count,
    wins: row.wins,
    losses: row.losses,
    breakevens: row.breakevens,
    winRate: row.count === 0 ? null : toMoney(D(String(row.wins)).dividedBy(row.count).toDecimalPlaces(4)),
    net: money(D(row.net)),
    grossProfit: money(grossProfit),
    grossLoss: money(grossLoss),
    profitFactor: grossLoss.isZero() ? null : toMoney(grossProfit.dividedBy(grossLoss).toDecimalPlaces(2)),
    expectancy: row.count === 0 ? null : money(D(row.net).dividedBy(row.count)),
    averageWin: row.wins === 0 ? null : money(grossProfit.dividedBy(row.wins)),
    averageLoss: row.losses === 0 ? null : money(grossLoss.dividedBy(row.losses)),
    largestWin: maybeMoney(row.largestWin),
    largestLoss: maybeMoney(row.largestLoss),
    averageHoldingSeconds: row.holding === null ? null : Math.round(row.holding),
    withRisk: row.withRisk,
    expectancyR: row.meanR === null ? null : toMoney(D(row.meanR).toDecimalPlaces(2)),
    averageMae: maybeMoney(row.averageMae),
    averageMfe: maybeMoney(row.averageMfe),
  };
}

const EMPTY: FigureRow = {
  dim: 'overall',
  key: null,
  count: 0,
  wins: 0,
  losses: 0,
  breakevens: 0,
  net: '0',
  grossProfit: '0',
  grossLoss: '0',
  largestWin: null,
  largestLoss: null,
  holding: null,
  withRisk: 0,
  meanR: null,
  averageMae: null,
  averageMfe: null,
};

// An IANA name (Area/City) or UTC: never an offset, which PostgreSQL's AT TIME ZONE reads with the POSIX sign (east negative).
const IANA_NAME = /^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/;

/** An IANA zone the runtime knows, or 400 naming the field. */
export function traderZone(timeZone: string | undefined): string {
  const zone = timeZone ?? DEFAULT_TRADER_ZONE;
  const known = (() => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone.length > 0;
    } catch {
      return false;
    }
  })();
  if (!IANA_NAME.test(zone) || !known) throw AppError.invalidField('timeZone', 'is not an IANA time zone (e.g. Asia/Tokyo, Europe/London)');
  return zone;
}

/**
 * Every figure of get_trade_stats in one statement: the scope's trades are read once (a materialized CTE),
 * then folded by GROUPING SETS (overall, symbol, side, weekday, hour), by session and by tag (each a trade
 * may count in more than once), and the longest win and loss streaks by gaps-and-islands over close order.
 * The database does the folding; only the groups' figures travel.
 */
export async function readTradeStats(db: Database, caller: Caller, input: TradeStatsInput): Promise<TradeStats> {
  const timeZone = traderZone(input.timeZone);
  const params = new SqlParams();
  const where = scopeSql(caller, input, params);
  const zone = params.add(timeZone);
  const sql = `WITH t AS MATERIALIZED (
      SELECT t."id", t."symbol", t."side", t."tags", t."net", t."openedAt", t."closedAt", t."plannedRisk", t."mae", t."mfe",
        ${outcomeSql('t."net"')} AS o, t."openedAt" AT TIME ZONE ${zone} AS "local"
      FROM "Trade" t WHERE ${where}
    ), g AS (
      SELECT CASE WHEN GROUPING("symbol") = 0 THEN 'symbol' WHEN GROUPING("side") = 0 THEN 'side'
          WHEN GROUPING(wd) = 0 THEN 'weekday' WHEN GROUPING(hr) = 0 THEN 'hour' ELSE 'overall' END AS "dim",
        COALESCE("symbol", "side", wd::text, hr::text) AS "key", ${FIGURES_SQL}
      FROM (SELECT *, EXTRACT(ISODOW FROM "local")::int AS wd, EXTRACT(HOUR FROM "local")::int AS hr FROM t) x
      GROUP BY GROUPING SETS ((), ("symbol"), ("side"), (wd), (hr))
      UNION ALL
      SELECT 'session', s, ${FIGURES_SQL} FROM t CROSS JOIN LATERAL unnest(${SESSIONS_SQL}) s GROUP BY s
      UNION ALL
      SELECT 'tag', tag, ${FIGURES_SQL} FROM t CROSS JOIN LATERAL unnest(t."tags") tag GROUP BY tag
    ), runs AS (
      SELECT o, row_number() OVER (ORDER BY "closedAt", "id") - row_number() OVER (PARTITION BY o ORDER BY "closedAt", "id") AS run FROM t
    ), streaks AS (
      SELECT o, max(n) AS longest FROM (SELECT o, run, count(*) AS n FROM runs GROUP BY o, run) r GROUP BY o
    )
    SELECT json_build_object(
      'groups', (SELECT json_agg(g) FROM g),
      'streaks', (SELECT json_object_agg(o::text, longest) FROM streaks)) AS "data"`;
  let row: StatsRow | null;
  try {
    row = await queryJson<StatsRow>(db, sql, params.values);
  } catch (error) {
    // A zone the runtime knows but this PostgreSQL does not (an older tz database) is still the caller's input.
    if (error instanceof Error && /time zone/i.test(error.message))
      throw AppError.invalidField('timeZone', 'is not a time zone this database knows');
    throw error;
  }
  const groups = row?.groups ?? [];
  const of = (dim: string) => groups.filter((g) => g.dim === dim);
  const keyed = (dim: string) =>
    of(dim)
      .map((g) => ({ key: g.key ?? '', ...figures(g) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const numbered = (dim: string) =>
    of(dim)
      .map((g) => ({ key: Number(g.key), ...figures(g) }))
      .sort((a, b) => a.key - b.key);
  return {
    timeZone,
    overall: figures(of('overall')[0] ?? EMPTY),
    longestWinStreak: row?.streaks?.['1'] ?? 0,
    longestLossStreak: row?.streaks?.['-1'] ?? 0,
    bySymbol: keyed('symbol'),
    bySide: keyed('side'),
    byWeekday: numbered('weekday'),
    byHour: numbered('hour'),
    bySession: keyed('session'),
    byTag: keyed('tag'),
  };
}
