import { AppError, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { SqlParams } from '../shared/keyset-sql.js';
import { toMoney } from '../shared/money.js';
import { filtersOf, scopeSql } from './trade-scope.js';
import { longestRun } from './trade-stats-runs.js';
import { outcomeSql } from './trade-view.js';
import { zoneClock, type StatsClock } from './trade-clock.js';
import { DEFAULT_TRADER_ZONE, type TradeScope, type TradeStatsInput } from './trades.inputs.js';
import type { TradeFigures, TradeStats } from './trades.outputs.js';

/**
 * get_trade_stats without its journal breakdowns (bySetup, rHistogram), which no summary keeps: what the live, range
 * and kept reads answer alike; the service adds the breakdowns (trades.repository.ts).
 */
export type ScopeStats = Omit<TradeStats, 'bySetup' | 'rHistogram'>;

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

/**
 * Per row, the sessions it opened in as a bit mask (bit i: SESSIONS[i]), from each city's local time of the open
 * (`l.<key>`, converted once per row in the read below).
 */
const SESSION_MASK_SQL = SESSIONS.map(
  (session, bit) =>
    `(CASE WHEN l."${session.key}" >= '${session.from}' AND l."${session.key}" < '${session.to}' THEN ${1 << bit} ELSE 0 END)`,
).join(' + ');

/**
 * The partial figures of one group of trades: sums, counts and extremes only, so that groups add up exactly into
 * coarser ones (an average is a sum and a count until the answer is made). Exact numerics, made text by SUMS_SQL.
 */
export const PARTIAL_SQL = `count(*)::int AS "count",
  (count(*) FILTER (WHERE o = 1))::int AS "wins",
  (count(*) FILTER (WHERE o = -1))::int AS "losses",
  sum("net") AS "net",
  COALESCE(sum("net") FILTER (WHERE o = 1), 0) AS "grossProfit",
  COALESCE(-sum("net") FILTER (WHERE o = -1), 0) AS "grossLoss",
  (max("net") FILTER (WHERE o = 1)) AS "largestWin",
  (min("net") FILTER (WHERE o = -1)) AS "largestLoss",
  sum(EXTRACT(EPOCH FROM "closedAt" - "openedAt")) AS "holding",
  (count(*) FILTER (WHERE "plannedRisk" > 0))::int AS "withRisk",
  COALESCE(sum("net" / "plannedRisk") FILTER (WHERE "plannedRisk" > 0), 0) AS "rSum",
  count("mae")::int AS "maeCount",
  COALESCE(sum("mae"), 0) AS "maeSum",
  count("mfe")::int AS "mfeCount",
  COALESCE(sum("mfe"), 0) AS "mfeSum"`;

/** Partial figures of finer groups (rows with PARTIAL_SQL's columns) added up exactly, as text for Decimal. */
export const SUMS_SQL = `sum("count")::int AS "count", sum("wins")::int AS "wins", sum("losses")::int AS "losses",
  sum("net")::text AS "net", sum("grossProfit")::text AS "grossProfit", sum("grossLoss")::text AS "grossLoss",
  max("largestWin")::text AS "largestWin", min("largestLoss")::text AS "largestLoss", sum("holding")::text AS "holding",
  sum("withRisk")::int AS "withRisk", sum("rSum")::text AS "rSum", sum("maeCount")::int AS "maeCount",
  sum("maeSum")::text AS "maeSum", sum("mfeCount")::int AS "mfeCount", sum("mfeSum")::text AS "mfeSum"`;

/**
 * Every grouping of the answer from cells (rows with symbol, side, wd, hr, sessions and PARTIAL_SQL's columns), added
 * up by the database in one pass (GROUPING SETS), so the process folds a few dozen rows, not thousands of cells: the
 * TypeScript fold of 3,000+ cells was most of a kept read's time. A trade opened in two sessions counts in both.
 */
export function groupsSql(cells: string, weekday: (wd: string, hr: string) => string = (wd) => wd): string {
  // Materialized: both halves read the cells, which the live read computes from every trade (once, not twice).
  // `weekday` moves a cell's weekday to the clock's day (kept cells hold the zone's calendar weekday).
  return `(WITH cells AS MATERIALIZED (SELECT x.*, ${weekday('x."wd"', 'x."hr"')} AS "dow" FROM ${cells} x) SELECT json_agg(g) FROM (
      SELECT CASE WHEN GROUPING("symbol") = 0 THEN 'symbol' WHEN GROUPING("side") = 0 THEN 'side'
          WHEN GROUPING("dow") = 0 THEN 'weekday' WHEN GROUPING("hr") = 0 THEN 'hour' ELSE 'overall' END AS "by",
        COALESCE("symbol", "side", "dow"::text, "hr"::text) AS "key", ${SUMS_SQL}
      FROM cells c GROUP BY GROUPING SETS (("symbol"), ("side"), ("dow"), ("hr"), ())
      UNION ALL
      SELECT 'session', k."session", ${SUMS_SQL}
      FROM cells c CROSS JOIN LATERAL (${SESSION_KEYS_SQL}) k GROUP BY k."session"
    ) g)`;
}

/** The sessions of a cell `c` by name (`none` when it opened in none of them), from its bit mask. */
const SESSION_KEYS_SQL = [
  ...SESSIONS.map((session, bit) => `SELECT '${session.key}' AS "session" WHERE c."sessions" & ${1 << bit} <> 0`),
  `SELECT 'none' WHERE c."sessions" = 0`,
].join(' UNION ALL ');

export interface PartialRow {
  count: number;
  wins: number;
  losses: number;
  net: string;
  grossProfit: string;
  grossLoss: string;
  largestWin: string | null;
  largestLoss: string | null;
  holding: string;
  withRisk: number;
  rSum: string;
  maeCount: number;
  maeSum: string;
  mfeCount: number;
  mfeSum: string;
}

/** The added-up figures of one group of the answer: `by` which grouping, and its key there (text). */
export interface GroupRow extends PartialRow {
  by: 'overall' | 'symbol' | 'side' | 'weekday' | 'hour' | 'session';
  key: string | null;
}

export interface StatsRow {
  groups: GroupRow[] | null;
  tags: (PartialRow & { tag: string })[] | null;
  /** W, L or B per trade, newest close first: the streaks are the longest runs of W and of L. */
  outcomes: string | null;
}

const D = (text: string) => new Prisma.Decimal(text);
const ZERO = new Prisma.Decimal(0);

/** Partial figures added up exactly (Decimal sums, extremes compared), for any coarser group. */
class Totals {
  count = 0;
  wins = 0;
  losses = 0;
  net = ZERO;
  grossProfit = ZERO;
  grossLoss = ZERO;
  largestWin: Prisma.Decimal | null = null;
  largestLoss: Prisma.Decimal | null = null;
  holding = ZERO;
  withRisk = 0;
  rSum = ZERO;
  maeCount = 0;
  maeSum = ZERO;
  mfeCount = 0;
  mfeSum = ZERO;

  add(row: PartialRow): this {
    this.count += row.count;
    this.wins += row.wins;
    this.losses += row.losses;
    this.net = this.net.plus(row.net);
    this.grossProfit = this.grossProfit.plus(row.grossProfit);
    this.grossLoss = this.grossLoss.plus(row.grossLoss);
    if (row.largestWin !== null && (this.largestWin === null || this.largestWin.lessThan(row.largestWin)))
      this.largestWin = D(row.largestWin);
    if (row.largestLoss !== null && (this.largestLoss === null || this.largestLoss.greaterThan(row.largestLoss)))
      this.largestLoss = D(row.largestLoss);
    this.holding = this.holding.plus(row.holding);
    this.withRisk += row.withRisk;
    this.rSum = this.rSum.plus(row.rSum);
    this.maeCount += row.maeCount;
    this.maeSum = this.maeSum.plus(row.maeSum);
    this.mfeCount += row.mfeCount;
    this.mfeSum = this.mfeSum.plus(row.mfeSum);
    return this;
  }

  figures(): TradeFigures {
    const money = (value: Prisma.Decimal) => toMoney(value.toDecimalPlaces(4));
    const mean = (sum: Prisma.Decimal, n: number) => (n === 0 ? null : money(sum.dividedBy(n)));
    return {
      count: this.count,
      wins: this.wins,
      losses: this.losses,
      breakevens: this.count - this.wins - this.losses,
      winRate: this.count === 0 ? null : toMoney(new Prisma.Decimal(this.wins).dividedBy(this.count).toDecimalPlaces(4)),
      net: money(this.net),
      grossProfit: money(this.grossProfit),
      grossLoss: money(this.grossLoss),
      profitFactor: this.grossLoss.isZero() ? null : toMoney(this.grossProfit.dividedBy(this.grossLoss).toDecimalPlaces(2)),
      expectancy: mean(this.net, this.count),
      averageWin: mean(this.grossProfit, this.wins),
      averageLoss: mean(this.grossLoss, this.losses),
      largestWin: this.largestWin === null ? null : money(this.largestWin),
      largestLoss: this.largestLoss === null ? null : money(this.largestLoss),
      averageHoldingSeconds: this.count === 0 ? null : this.holding.dividedBy(this.count).round().toNumber(),
      withRisk: this.withRisk,
      expectancyR: this.withRisk === 0 ? null : toMoney(this.rSum.dividedBy(this.withRisk).toDecimalPlaces(2)),
      averageMae: mean(this.maeSum, this.maeCount),
      averageMfe: mean(this.mfeSum, this.mfeCount),
    };
  }
}

/** Totals per key, answered in key order. */
export class Groups<K extends string | number> {
  private readonly byKey = new Map<K, Totals>();

  add(key: K, row: PartialRow): void {
    const totals = this.byKey.get(key) ?? new Totals();
    this.byKey.set(key, totals.add(row));
  }

  list(): ({ key: K } & TradeFigures)[] {
    return [...this.byKey.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, totals]) => ({ key, ...totals.figures() }));
  }
}

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

/** A zone the runtime knows but this PostgreSQL does not (an older tz database) is still the caller's input: 400. */
export function zoneRefused(error: unknown): unknown {
  return error instanceof Error && /time zone/i.test(error.message)
    ? AppError.invalidField('timeZone', 'is not a time zone this database knows')
    : error;
}

/**
 * Every figure of get_trade_stats computed live from the trades, in one statement (the reference the kept summary
 * and the sliced close-window read, trade-stats-range.ts, are tested against): the database folds the scope's trades into the finest cells
 * (symbol, side, weekday and hour of the open in the trader's zone, sessions), sums and extremes only, which add up
 * exactly (Decimal) into the overall figures and every grouping here; it folds tags over the trades that have any,
 * and answers the outcomes as one W/L/B letter per trade in close order (the order of the account index), from
 * which the streaks are the longest runs. The cells are at most a few thousand rows whatever the number of trades.
 */
export async function readTradeStats(
  db: Database,
  caller: Caller,
  input: TradeStatsInput,
  clock: StatsClock = zoneClock(traderZone(input.timeZone)),
): Promise<ScopeStats> {
  const params = new SqlParams();
  const where = scopeSql(caller, input, params);
  const row = await readStatsRow(db, liveStatsSql(where, params.add(clock.timeZone), clock.shiftMinutes), params.values);
  const outcomes = row?.outcomes ?? '';
  return statsAnswer(clock, input, row?.groups ?? [], row?.tags ?? [], {
    wins: longestRun(outcomes, 'W'),
    losses: longestRun(outcomes, 'L'),
  });
}

/**
 * The groups, tags and outcome letters of the trades matching `where` (over `t`), `zone` the clock's zone's placeholder
 * and `shiftMinutes` what moves a local time to its firm day's name (StatsClock) before the weekday is read.
 */
export function liveStatsSql(where: string, zone: string, shiftMinutes = 0): string {
  const shifted = shiftMinutes === 0 ? 'l."trader"' : `(l."trader" + interval '${String(Math.trunc(shiftMinutes))} minutes')`;
  // Each zone converted once per row (a LATERAL kept apart by OFFSET 0, so the planner does not inline it into
  // every use): the conversions were most of the read's time.
  const locals = [
    `t."openedAt" AT TIME ZONE ${zone} AS "trader"`,
    ...SESSIONS.map((session) => `(t."openedAt" AT TIME ZONE '${session.zone}')::time AS "${session.key}"`),
  ].join(', ');
  const outcome = outcomeSql('t."net"');
  return `SELECT json_build_object(
      'groups', ${groupsSql(`(
        SELECT "symbol", "side", wd, hr, sessions, ${PARTIAL_SQL} FROM (
          SELECT t."symbol", t."side", t."net", t."openedAt", t."closedAt", t."plannedRisk", t."mae", t."mfe", ${outcome} AS o,
            EXTRACT(ISODOW FROM ${shifted})::int AS wd, EXTRACT(HOUR FROM l."trader")::int AS hr, ${SESSION_MASK_SQL} AS sessions
          FROM "Trade" t CROSS JOIN LATERAL (SELECT ${locals} OFFSET 0) l WHERE ${where}) x
        GROUP BY "symbol", "side", wd, hr, sessions)`)},
      'tags', (SELECT json_agg(g) FROM (
        SELECT tag, ${SUMS_SQL} FROM (SELECT tag, ${PARTIAL_SQL} FROM (SELECT t.*, ${outcome} AS o FROM "Trade" t WHERE ${where} AND t."tags" <> '{}') t
        CROSS JOIN LATERAL unnest(t."tags") tag GROUP BY tag) p GROUP BY tag) g),
      'outcomes', ${outcomesSql(where)}
    ) AS "data"`;
}

/**
 * liveStatsSql run over every trade of a scope, its JSON row parsed (null when it answered none). The cells are
 * grouped by hashing when the hash table may take 64 MB instead of the server's default 4 MB (a sort spilled to disk
 * instead); SET LOCAL keeps the setting to this read's own transaction.
 */
async function readStatsRow(db: Database, sql: string, values: readonly unknown[]): Promise<StatsRow | null> {
  try {
    return await db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
      return queryStatsRow(tx, sql, values);
    });
  } catch (error) {
    throw zoneRefused(error);
  }
}

/** One statement of liveStatsSql on `client` (the database's, or a transaction's), its JSON row parsed. */
export async function queryStatsRow(
  client: Pick<Database['prisma'], '$queryRawUnsafe'>,
  sql: string,
  values: readonly unknown[],
): Promise<StatsRow | null> {
  const [result] = await client.$queryRawUnsafe<{ data: StatsRow | string }[]>(sql, ...values);
  // node-postgres parses json; PGlite's driver may hand it back as text.
  return result === undefined ? null : typeof result.data === 'string' ? (JSON.parse(result.data) as StatsRow) : result.data;
}

/** The W/L/B letters of the scope's trades, newest close first (the streaks' input), as one SQL expression. */
export function outcomesSql(where: string): string {
  const outcome = outcomeSql('t."net"');
  return `(SELECT string_agg(CASE ${outcome} WHEN 1 THEN 'W' WHEN -1 THEN 'L' ELSE 'B' END, '' ORDER BY t."closedAt" DESC, t."id" DESC)
        FROM "Trade" t WHERE ${where})`;
}

/** The answer from the groups' and the tags' added-up rows and the longest streaks, however they were read. */
export function statsAnswer(
  clock: StatsClock,
  scope: TradeScope,
  groups: readonly GroupRow[],
  tags: readonly (PartialRow & { tag: string })[],
  streaks: { wins: number; losses: number },
): ScopeStats {
  const overall = new Totals();
  const by = {
    symbol: new Groups<string>(),
    side: new Groups<string>(),
    weekday: new Groups<number>(),
    hour: new Groups<number>(),
    session: new Groups<string>(),
  };
  for (const group of groups) {
    // An empty scope still answers the overall grouping set, of nulls: it is counted only when it holds trades.
    if (!group.count) continue;
    const key = group.key ?? '';
    if (group.by === 'overall') overall.add(group);
    else if (group.by === 'weekday' || group.by === 'hour') by[group.by].add(Number(key), group);
    else by[group.by].add(key, group);
  }
  const byTag = new Groups<string>();
  for (const tag of tags) byTag.add(tag.tag, tag);
  return {
    timeZone: clock.timeZone,
    clock: clock.answer,
    filters: filtersOf(scope),
    overall: overall.figures(),
    longestWinStreak: streaks.wins,
    longestLossStreak: streaks.losses,
    bySymbol: by.symbol.list(),
    bySide: by.side.list(),
    byWeekday: by.weekday.list(),
    byHour: by.hour.list(),
    bySession: by.session.list(),
    byTag: byTag.list(),
  };
}
