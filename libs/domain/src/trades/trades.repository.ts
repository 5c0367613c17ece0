/**
 * The trades context's data access for copied signals (trade-signals.ts decides; this reads and writes): the owner's
 * signal lock, the account groups that link accounts, the trades that may be copies of one another, and their
 * `signalId`. Always inside the caller's transaction (the write that stored trades or changed a group), and always
 * naming the owner, so one user's trades are never read or marked for another.
 *
 * And the journal page's reads (issue 42): get_trade_stats' per-setup and R breakdowns, and the CSV export's rows.
 */
import type { Caller } from '@propfolio/core';
import type { Database, Prisma, TradeModel } from '@propfolio/db';
import { queryJson } from '../shared/shared.repository.js';
import { SqlParams } from '../shared/keyset-sql.js';
import type { StatsClock } from './trade-clock.js';
import { currencyAccountsSql, platformAccountsSql, scopeSql } from './trade-scope.js';
import { requireId } from '../shared/ids.js';
import type { Platform } from '@propfolio/coach';
import { forEachSlice } from './trade-stats-range.js';
import { Groups, PARTIAL_SQL, queryStatsRow, SUMS_SQL, zoneRefused, type PartialRow, type StatsRow } from './trade-stats.js';
import { outcomeSql } from './trade-view.js';
import type { TradeScope } from './trades.inputs.js';
import type { TradeStats } from './trades.outputs.js';

type Tx = Prisma.TransactionClient;

/** A trade as stored, every column (the list's JSON rows revive to it; trade-view.ts makes the answer). */
export type TradeRow = TradeModel;

/** A trade as signal matching reads it. */
export interface SignalCandidate {
  id: string;
  accountId: string;
  symbol: string;
  side: 'buy' | 'sell';
  openedAt: Date;
  signalId: string | null;
}

/** One account of one of the owner's groups. */
export interface GroupLink {
  groupId: string;
  accountId: string;
}

/** Open instants (inclusive) a bounded read covers. */
export interface OpenSpan {
  from: Date;
  to: Date;
}

/**
 * The owner's signal matching one transaction at a time ($1: the lock key), until the transaction ends. Copies
 * arrive from several terminals at once: without it two pushes each miss the other's uncommitted trade and
 * neither marks the signal. Taken before the trades are written, so a transaction holding it never waits on
 * rows another holder wrote (no deadlock).
 */
const LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`;
const OWNER_SQL = `SELECT "userId" FROM "EaAccount" WHERE "id" = $1`;

/** Every account ($1's) of the owner's groups; a member whose account is not the owner's (in the trash) is left out. */
const GROUP_LINKS_SQL = `
  SELECT m."groupId", m."accountId" FROM "AccountGroupMember" m
  JOIN "AccountGroup" g ON g."id" = m."groupId"
  JOIN "EaAccount" a ON a."id" = m."accountId" AND a."userId" = g."userId"
  WHERE g."userId" = $1
  ORDER BY m."groupId", m."position"`;

/**
 * A lane no narrower than the coach's instrument key (`instrumentKey`: `EURUSD.r`, `EURUSDm` and `EUR/USD` are
 * `EURUSD`): the first two characters of the name without its leading `#`, `.` or spaces, upper-cased. Trades one
 * instrument apart always share it, so the candidates below keep every copy; the matching (`matchSignals`) decides.
 */
const SIGNAL_LANE_SQL = `upper(left(regexp_replace(t."symbol", '^[[:space:]#.]+', ''), 2))`;

/**
 * The owner's ($1) trades on the accounts $2 that may belong to a signal: opened within $5 ms of another trade of the
 * same lane (SIGNAL_LANE_SQL) and side on these accounts, or marked already (so a mark that no longer holds is cleared). A trade
 * with no such neighbour is alone whatever the matching, so leaving it out changes no answer and keeps the read to
 * the copies. $3/$4 bound the open instants (null: the accounts' whole history); `closedAt >= $3` lets the
 * (accountId, closedAt) index skip the older trades (a trade closes after it opens).
 */
const CANDIDATES_SQL = `
  WITH scoped AS (
    SELECT t."id", t."accountId", t."symbol", t."side", t."openedAt", t."signalId",
      lag(t."openedAt") OVER lane AS "before", lead(t."openedAt") OVER lane AS "after"
    FROM "Trade" t
    WHERE t."userId" = $1 AND t."accountId" = ANY($2::text[])
      AND ($3::timestamptz IS NULL OR (t."openedAt" >= $3::timestamptz AND t."closedAt" >= $3::timestamptz))
      AND ($4::timestamptz IS NULL OR t."openedAt" <= $4::timestamptz)
    WINDOW lane AS (PARTITION BY ${SIGNAL_LANE_SQL}, t."side" ORDER BY t."openedAt", t."id")
  )
  SELECT "id", "accountId", "symbol", "side", "openedAt", "signalId" FROM scoped
  WHERE "signalId" IS NOT NULL
     OR "openedAt" - "before" <= make_interval(secs => $5::int / 1000.0)
     OR "after" - "openedAt" <= make_interval(secs => $5::int / 1000.0)
  ORDER BY "openedAt", "id"`;

/**
 * Sets the owner's ($1) trades $2 to the signal ids $3 (null: none). Only `signalId` changes: it is derived from the
 * trades, not the trader's edit nor the source's figures, so `updatedAt` stays theirs.
 */
const SET_SIGNALS_SQL = `
  UPDATE "Trade" t SET "signalId" = k."signalId"
  FROM unnest($2::text[], $3::text[]) AS k("id", "signalId")
  WHERE t."id" = k."id" AND t."userId" = $1 AND t."signalId" IS DISTINCT FROM k."signalId"`;

export class TradesRepository {
  constructor(private readonly tx: Tx) {}

  /** Holds the owner's signal lock until the transaction ends. */
  async lockSignals(userId: string): Promise<void> {
    await this.tx.$executeRawUnsafe(LOCK_SQL, `trade-signals:${userId}`);
  }

  /** lockSignals for the owner of an account, answering the owner (null, and no lock, for an unknown account). */
  async lockSignalsOfAccount(accountId: string): Promise<string | null> {
    const [row] = await this.tx.$queryRawUnsafe<{ userId: string }[]>(OWNER_SQL, accountId);
    if (row) await this.lockSignals(row.userId);
    return row?.userId ?? null;
  }

  async groupLinks(userId: string): Promise<GroupLink[]> {
    return this.tx.$queryRawUnsafe<GroupLink[]>(GROUP_LINKS_SQL, userId);
  }

  async signalCandidates(
    userId: string,
    accountIds: readonly string[],
    span: OpenSpan | null,
    windowMs: number,
  ): Promise<SignalCandidate[]> {
    if (accountIds.length === 0) return [];
    return this.tx.$queryRawUnsafe<SignalCandidate[]>(
      CANDIDATES_SQL,
      userId,
      [...accountIds],
      span?.from.toISOString() ?? null,
      span?.to.toISOString() ?? null,
      windowMs,
    );
  }

  /** Writes the changed marks; answers how many trades changed. */
  async setSignalIds(userId: string, marks: readonly { id: string; signalId: string | null }[]): Promise<number> {
    if (marks.length === 0) return 0;
    return this.tx.$executeRawUnsafe(
      SET_SIGNALS_SQL,
      userId,
      marks.map((m) => m.id),
      marks.map((m) => m.signalId),
    );
  }
}

// ---------- The journal's breakdowns ----------

/** The R histogram's bins: half an R wide, from −3 R to +5 R, with an open bin below and above. */
export const R_BIN_WIDTH = 0.5;
const LOWEST_BIN = -6; // [−3, −2.5): its index k is R ÷ 0.5 rounded down
const HIGHEST_BIN = 9; // [4.5, 5)

/** The journal's breakdowns of get_trade_stats: per setup, and the R histogram. */
export type JournalBreakdowns = Pick<TradeStats, 'bySetup' | 'rHistogram'>;

interface JournalRow {
  setups: (PartialRow & { key: string })[] | null;
  /** Per bin index (LOWEST_BIN − 1: below −3 R; HIGHEST_BIN + 1: 5 R and above), the trades with a planned risk. */
  bins: { bin: number; count: number; wins: number; losses: number }[] | null;
  withoutPlannedRisk: number;
}

/**
 * bySetup and rHistogram over the scope's trades, read in slices. The kept summary (trade-stats-kept.ts) holds neither
 * a setup nor an R per cell, and the summary's tables are the schema's (a migration), so these are read from the
 * trades on every path, over the same WHERE as every other figure (scopeSql): they follow every filter the stats do.
 * The bin of a trade is ⌊2·net ÷ plannedRisk⌋ by exact integer division (`div`/`mod` of numerics): a rounded quotient
 * could put an R of exactly −3 or 5 on the wrong side of an edge.
 */
export async function readJournalBreakdowns(
  db: Database,
  caller: Caller,
  scope: TradeScope,
  options: { tradesPerSlice?: number } = {},
): Promise<JournalBreakdowns> {
  const all: JournalRow = { setups: [], bins: [], withoutPlannedRisk: 0 };
  // In slices of the close window, as the range read is (forEachSlice): one statement over 100,000 trades held
  // PGlite's process (and /healthz) for seconds. Setup partials and bin counts add up exactly across slices.
  await forEachSlice(
    sliceStatements(db),
    caller,
    scope,
    async (slice, params) => {
      const row = await queryJson<JournalRow>(db, journalSql(slice), params.values);
      all.setups?.push(...(row?.setups ?? []));
      all.bins?.push(...(row?.bins ?? []));
      all.withoutPlannedRisk += row?.withoutPlannedRisk ?? 0;
    },
    options,
  );
  return journalAnswer(all);
}

/** The setup partials, bin counts and trades without a planned risk of the trades matching `where` (over `t`). */
function journalSql(where: string): string {
  const twice = '(2 * x."net")';
  const index = `(div(${twice}, x."plannedRisk") - CASE WHEN mod(${twice}, x."plannedRisk") < 0 THEN 1 ELSE 0 END)`;
  return `WITH x AS MATERIALIZED (
      SELECT COALESCE(t."setup", '') AS "key", t."net", t."openedAt", t."closedAt", t."plannedRisk", t."mae", t."mfe",
        ${outcomeSql('t."net"')} AS o
      FROM "Trade" t WHERE ${where})
    SELECT json_build_object(
      'setups', (SELECT json_agg(g) FROM (SELECT "key", ${SUMS_SQL} FROM (SELECT "key", ${PARTIAL_SQL} FROM x GROUP BY "key") p GROUP BY "key") g),
      'bins', (SELECT json_agg(b) FROM (
        SELECT GREATEST(${LOWEST_BIN - 1}, LEAST(${HIGHEST_BIN + 1}, ${index}))::int AS "bin", count(*)::int AS "count",
          (count(*) FILTER (WHERE o = 1))::int AS "wins", (count(*) FILTER (WHERE o = -1))::int AS "losses"
        FROM x WHERE x."plannedRisk" > 0 GROUP BY 1) b),
      'withoutPlannedRisk', (SELECT count(*)::int FROM x WHERE NOT COALESCE(x."plannedRisk" > 0, false))
    ) AS "data"`;
}

/** Every bin answered, empty ones included, lowest first; each trade with a planned risk is in exactly one. */
function journalAnswer(row: JournalRow): JournalBreakdowns {
  const bySetup = new Groups<string>();
  for (const setup of row.setups ?? []) bySetup.add(setup.key, setup);
  const found = new Map<number, { count: number; wins: number; losses: number }>();
  for (const b of row.bins ?? []) {
    const sum = found.get(b.bin) ?? { count: 0, wins: 0, losses: 0 };
    found.set(b.bin, { count: sum.count + b.count, wins: sum.wins + b.wins, losses: sum.losses + b.losses });
  }
  const bins = [];
  for (let k = LOWEST_BIN - 1; k <= HIGHEST_BIN + 1; k++) {
    const counted = found.get(k);
    bins.push({
      from: k < LOWEST_BIN ? null : k * R_BIN_WIDTH,
      to: k > HIGHEST_BIN ? null : (k + 1) * R_BIN_WIDTH,
      count: counted?.count ?? 0,
      wins: counted?.wins ?? 0,
      losses: counted?.losses ?? 0,
    });
  }
  return {
    bySetup: bySetup.list(),
    rHistogram: {
      binWidth: R_BIN_WIDTH,
      counted: bins.reduce((sum, b) => sum + b.count, 0),
      withoutPlannedRisk: row.withoutPlannedRisk,
      bins,
    },
  };
}

// ---------- The scope's accounts ----------

const OWNS_ACCOUNT_SQL = 'SELECT 1 FROM "EaAccount" WHERE "id" = $1 AND "userId" = $2';
const OWNS_CHALLENGE_SQL = 'SELECT 1 FROM "Challenge" WHERE "id" = $1 AND "userId" = $2';

/** Whether the user owns the account. */
export async function ownsAccount(db: Database, userId: string, accountId: string): Promise<boolean> {
  return (await db.driverQuery(OWNS_ACCOUNT_SQL, [accountId, userId])).length > 0;
}

/** Whether the user owns the challenge. */
export async function ownsChallenge(db: Database, userId: string, challengeId: string): Promise<boolean> {
  return (await db.driverQuery(OWNS_CHALLENGE_SQL, [challengeId, userId])).length > 0;
}

/** The currencies of the caller's accounts with a trade in the scope, in order (trade-scope.ts, mixedCurrencies). */
export async function scopeCurrencies(db: Database, caller: Caller, scope: TradeScope): Promise<string[]> {
  const params = new SqlParams();
  const where = scopeSql(caller, scope, params);
  // One row per currency with a trade in scope, by the (user, closedAt) index's owner prefix: a few rows, not the trades.
  const rows = await db.driverQuery<{ currency: string }>(
    `SELECT a."currency" FROM "EaAccount" a WHERE a."userId" = $1
       AND EXISTS (SELECT 1 FROM "Trade" t WHERE t."accountId" = a."id" AND ${where}) ORDER BY a."currency"`,
    params.values,
  );
  return rows.map((r) => r.currency);
}

/** An account of a scope with what decides its firm clock: its challenge's plan, purchase, own rules, phase, platform. */
// A type, not an interface: the driver's rows are records.
export type AccountClockFacts = {
  accountId: string;
  challengeId: string | null;
  planId: string | null;
  purchasedOn: string | null;
  rulesOverride: unknown;
  phase: string | null;
  platform: Platform | null;
};

/**
 * The caller's accounts a scope covers (by its account filters: account, challenge, platform, currency), each with its
 * challenge's facts. A few rows: the accounts, not their trades.
 */
export async function scopeAccountClocks(db: Database, caller: Caller, scope: TradeScope): Promise<AccountClockFacts[]> {
  const params = new SqlParams();
  const user = params.add(caller.userId);
  let where = `a."userId" = ${user}`;
  if (scope.accountId !== undefined) where += ` AND a."id" = ${params.add(requireId(scope.accountId, 'EA account'))}`;
  if (scope.challengeId !== undefined) where += ` AND a."challengeId" = ${params.add(requireId(scope.challengeId, 'Challenge'))}`;
  if (scope.platform !== undefined) where += ` AND ${platformAccountsSql(user, scope.platform, params)}`;
  if (scope.currency !== undefined) where += ` AND ${currencyAccountsSql(user, scope.currency, params)}`;
  return db.driverQuery<AccountClockFacts>(
    `SELECT a."id" AS "accountId", c."id" AS "challengeId", c."planId", c."purchasedAt"::text AS "purchasedOn",
       c."rulesOverride", c."phase", c."platform"::text AS "platform"
     FROM "EaAccount" a LEFT JOIN "Challenge" c ON c."id" = a."challengeId" AND c."userId" = a."userId"
     WHERE ${where} ORDER BY a."id"`,
    params.values,
  );
}

/** The scope's trades per account (only accounts with some): which firm clock most of them follow. */
export async function tradesPerAccount(db: Database, caller: Caller, scope: TradeScope): Promise<Map<string, number>> {
  const params = new SqlParams();
  const rows = await db.driverQuery<{ accountId: string; count: number }>(
    `SELECT t."accountId", count(*)::int AS "count" FROM "Trade" t WHERE ${scopeSql(caller, scope, params)} GROUP BY t."accountId"`,
    params.values,
  );
  return new Map(rows.map((r) => [r.accountId, r.count]));
}

// ---------- The sliced reads' statements ----------

/**
 * The statements a read in slices runs (trade-stats-range.ts: the slicing, its sizing and the turns of the event loop
 * between slices stay there): one slice's stats row, and where the next slice ends.
 */
export interface SliceStatements {
  /** One statement of liveStatsSql, its JSON row parsed; an unknown zone refused as 400. */
  statsRow(sql: string, values: readonly unknown[]): Promise<StatsRow | null>;
  /**
   * The close instant of the `perSlice`-th newest trade matching `where` (text, exact to the stored millisecond), the
   * lower end of the slice; null when fewer trades are left, so the slice runs to the window's start. A walk of
   * `perSlice` entries down the (account or user, closedAt) index.
   */
  sliceLowerBound(where: string, values: readonly unknown[], perSlice: number): Promise<string | null>;
}

/** Made text once, for the row kept: the rows OFFSET skips are not converted (a conversion each cost as much as the walk). */
const sliceLowerBoundSql = (where: string, perSlice: number) =>
  `SELECT b."closedAt"::text AS "closedAt" FROM (SELECT t."closedAt" FROM "Trade" t WHERE ${where}
      ORDER BY t."closedAt" DESC OFFSET ${String(Math.trunc(perSlice) - 1)} LIMIT 1) b`;

/** The sliced reads' statements on the database (no transaction: each slice is its own statement). */
export function sliceStatements(db: Database): SliceStatements {
  return {
    statsRow: (sql, values) =>
      queryStatsRow(db.prisma, sql, values).catch((error: unknown) => {
        throw zoneRefused(error);
      }),
    sliceLowerBound: async (where, values, perSlice) => {
      const [row] = await db.prisma.$queryRawUnsafe<{ closedAt: string }[]>(sliceLowerBoundSql(where, perSlice), ...values);
      return row?.closedAt ?? null;
    },
  };
}

// ---------- The equity curve and the distribution ----------

/** Points of the equity curve at most: a chart is a few hundred pixels wide, and 100,000 points would be megabytes. */
export const MAX_CURVE_POINTS = 300;
/** Buckets of the distribution at most (fewer when there are fewer trades: 3 trades in 20 buckets read as gaps). */
export const MAX_BUCKETS = 20;

/** The curve statement's one row: figures as exact text, the curve's points and buckets, the calendar's days. */
export interface CurveRow {
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
  days: TradeDayRow[] | null;
  buckets: { i: number; from: string; to: string; count: number; wins: number; losses: number }[] | null;
}

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
 * Sums stay numeric and travel as text to Decimal, as every other trade read does. Over the trades `t` that `where` keeps; `zone` the clock's zone placeholder and
 * `shiftMinutes` what moves a local time to its firm day's name (StatsClock), for the days of the calendar. The
 * drawdown of a trade is its cumulative net less the highest before it (the start, 0, included), so it is ≤ 0; the
 * maximum drawdown is the lowest over every trade, not only the points kept, and its trade is kept among the points.
 */
const curveSql = (where: string, zone: string, shiftMinutes: number): string =>
  `WITH s0 AS (
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
      'days', ${tradeDaysJsonSql('s', zone, shiftMinutes)},
      'buckets', (SELECT json_agg(json_build_object(
          'i', g.i,
          'from', (CASE WHEN g.i = 1 THEN k.lo ELSE k.lo + (k.hi - k.lo) * (g.i - 1) / k.b END)::text,
          'to', (CASE WHEN g.i = k.b THEN k.hi ELSE k.lo + (k.hi - k.lo) * g.i / k.b END)::text,
          'count', COALESCE(c.n, 0), 'wins', COALESCE(c.wins, 0), 'losses', COALESCE(c.losses, 0)) ORDER BY g.i)
        FROM generate_series(1, k.b) g(i)
        LEFT JOIN (SELECT i, count(*)::int AS n, (count(*) FILTER (WHERE o = 1))::int AS wins,
            (count(*) FILTER (WHERE o = -1))::int AS losses FROM bucketed GROUP BY i) c ON c.i = g.i)
    ) AS "data" FROM k`;

/** The curve statement's row for the scope's trades, in the clock's firm days. */
export async function readCurveRow(db: Database, caller: Caller, scope: TradeScope, clock: StatsClock): Promise<CurveRow> {
  const params = new SqlParams();
  const where = scopeSql(caller, scope, params);
  const row = await queryJson<CurveRow>(db, curveSql(where, params.add(clock.timeZone), clock.shiftMinutes), params.values);
  if (!row) throw new Error('the trade curve statement answered no row');
  return row;
}

// ---------- The calendar's days ----------

/** One firm day of the calendar: the net of its closes (numeric as exact text) and how many. */
export interface TradeDayRow {
  day: string;
  net: string;
  count: number;
}

/**
 * The calendar's days as a JSON array (null without closes), oldest first, over `rows`: a FROM item with "closedAt"
 * and "net", aliased `d` here. A close's firm day is its local date in `zone` (the clock's zone placeholder) after
 * `shiftMinutes` (StatsClock: what names a firm day that starts off midnight). The calendar's own read and the
 * curve's statement both use it, so they name the same days.
 */
export function tradeDaysJsonSql(rows: string, zone: string, shiftMinutes: number): string {
  const shift = shiftMinutes === 0 ? '' : ` + interval '${String(Math.trunc(shiftMinutes))} minutes'`;
  // Grouped on the date, written as text once per day rather than once per trade.
  return `(SELECT json_agg(json_build_object('day', x."day"::text, 'net', x."net"::text, 'count', x."count") ORDER BY x."day")
    FROM (SELECT ((d."closedAt" AT TIME ZONE ${zone})${shift})::date AS "day", sum(d."net") AS "net", count(*)::int AS "count"
      FROM ${rows} d GROUP BY 1) x)`;
}

/**
 * The calendar alone (issue 42: a year over 100,000 trades under 200 ms): one GROUP BY over the scope's trades
 * (`where` over `t`), without the curve's running sums and their sort, which took 0.3–0.6 s at that size.
 */
const tradeDaysSql = (where: string, zone: string, shiftMinutes: number) =>
  `SELECT ${tradeDaysJsonSql(`(SELECT t."closedAt", t."net" FROM "Trade" t WHERE ${where})`, zone, shiftMinutes)} AS "data"`;

/** The scope's firm days with closes, in the clock's firm days. */
export async function readTradeDays(db: Database, caller: Caller, scope: TradeScope, clock: StatsClock): Promise<TradeDayRow[]> {
  const params = new SqlParams();
  const where = scopeSql(caller, scope, params);
  const sql = tradeDaysSql(where, params.add(clock.timeZone), clock.shiftMinutes);
  return (await queryJson<TradeDayRow[] | null>(db, sql, params.values)) ?? [];
}
