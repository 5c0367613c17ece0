/**
 * The trades context's data access for copied signals (trade-signals.ts decides; this reads and writes): the owner's
 * signal lock, the account groups that link accounts, the trades that may be copies of one another, and their
 * `signalId`. Always inside the caller's transaction (the write that stored trades or changed a group), and always
 * naming the owner, so one user's trades are never read or marked for another.
 *
 * And the journal page's reads (issue 42): get_trade_stats' per-setup and R breakdowns, and the CSV export's rows.
 *
 * And every other statement of the context (docs/architecture.md, "Data access"): the positions' upsert and its dry
 * run (upsertPositions, judgePositions; trade-store.ts checks and prepares the batch), the scope's accounts and clocks, get_trade_stats' live, sliced and kept reads (statsStatements; trade-stats*.ts fold
 * their rows), the curve and the calendar, and the journal's list, export, edit and message transaction
 * (TradeJournalRepository, which TradeService reads through).
 */
import type { Caller } from '@propfolio/core';
import type { Database, Prisma, TradeModel } from '@propfolio/db';
import { jsonArray, jsonObject, revive } from '../shared/json-rows.js';
import type { Decimal } from '../shared/money.js';
import { queryJson } from '../shared/shared.repository.js';
import { SqlParams } from '../shared/keyset-sql.js';
import { firmWeekdaySql, zoneClock, type StatsClock } from './trade-clock.js';
import { currencyAccountsSql, platformAccountsSql, scopeSql } from './trade-scope.js';
import { requireId } from '../shared/ids.js';
import type { Platform } from '@propfolio/coach';
import { forEachSlice } from './trade-stats-range.js';
import { Groups, liveTradeStats, traderZone, zoneRefused, type ScopeStats } from './trade-stats.js';
import type { Runs } from './trade-stats-runs.js';
import { orderingSql, type SortPosition, type TradeOrdering } from './trade-sort.js';
import { STORE_TIMEOUT_MS, storePositions, type PositionOutcomes, type PreparedBatch } from './trade-store.js';
import { outcomeSql, TRADE } from './trade-view.js';
import type { TradeScope, TradeStatsInput } from './trades.inputs.js';
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

// The figures a source owns; an upsert rewrites them only when one differs, so a resend writes nothing.
export const TRADE_FIGURES = [
  'symbol',
  'side',
  'volume',
  'openedAt',
  'closedAt',
  'openPrice',
  'closePrice',
  'stopLoss',
  'takeProfit',
  'commission',
  'swap',
  'fee',
  'profit',
  'net',
  'comment',
  'magic',
  'mae',
  'mfe',
  'exits',
] as const;

/**
 * The batch as rows of the columns' own types (numeric(24,8), timestamptz(3)…), so that the dry run's comparison
 * and the upsert's see the same rounded figures and give the same verdict. $2 is the batch as one JSON parameter.
 */
const POSITIONS_INPUT_SQL = `SELECT * FROM jsonb_to_recordset($2::jsonb) AS i(
     "position" text, "symbol" text, "side" text, "volume" numeric(24,8), "openedAt" timestamptz(3), "closedAt" timestamptz(3),
     "openPrice" numeric(24,8), "closePrice" numeric(24,8), "stopLoss" numeric(24,8), "takeProfit" numeric(24,8),
     "commission" numeric(19,4), "swap" numeric(19,4), "fee" numeric(19,4), "profit" numeric(19,4), "comment" text,
     "magic" numeric(20,0), "mae" numeric(19,4), "mfe" numeric(19,4), "exits" jsonb)`;

/** The incoming value of each of TRADE_FIGURES, from the input row `i` (net is derived, as the write stores it). */
const INCOMING = TRADE_FIGURES.map((c) => (c === 'net' ? `(i."profit" + i."commission" + i."swap" + i."fee")` : `i."${c}"`));

/**
 * What upserting the batch $2 on account $1 would do, without writing (the statement import's dry run): the same
 * comparison as UPSERT_POSITIONS_SQL's, so the preview's counts are the write's.
 */
const JUDGE_POSITIONS_SQL = `WITH input AS (${POSITIONS_INPUT_SQL})
  SELECT count(*) FILTER (WHERE t."id" IS NULL)::int AS "created",
    count(*) FILTER (WHERE t."id" IS NOT NULL AND (${TRADE_FIGURES.map((c) => `t."${c}"`).join(', ')}) IS DISTINCT FROM (${INCOMING.join(', ')}))::int AS "updated"
  FROM input i LEFT JOIN "Trade" t ON t."accountId" = $1 AND t."position" = i."position"`;

/**
 * Upserts the batch $2 on account $1 by (accountId, position): a position stored with the same figures is not
 * touched (no row version, no trigger, no cache drop); one whose figures changed gets them and keeps the trader's
 * tags, note, setup and planned risk. Answers how many rows it created and updated.
 */
const UPSERT_POSITIONS_SQL = `WITH input AS (${POSITIONS_INPUT_SQL}), written AS (
    INSERT INTO "Trade" ("id", "accountId", "userId", "position", ${TRADE_FIGURES.map((c) => `"${c}"`).join(', ')}, "updatedAt")
    SELECT gen_random_uuid()::text, a."id", a."userId", i."position", ${INCOMING.join(', ')}, now()
    FROM input i CROSS JOIN (SELECT "id", "userId" FROM "EaAccount" WHERE "id" = $1) a
    ON CONFLICT ("accountId", "position") DO UPDATE
    SET ${TRADE_FIGURES.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}, "updatedAt" = now()
    WHERE (${TRADE_FIGURES.map((c) => `"Trade"."${c}"`).join(', ')}) IS DISTINCT FROM (${TRADE_FIGURES.map((c) => `EXCLUDED."${c}"`).join(', ')})
    -- xmax is 0 on a row this statement inserted and set on one it updated: the created/updated split.
    RETURNING ("xmax" = 0) AS "inserted"
  )
  SELECT count(*) FILTER (WHERE "inserted")::int AS "created", count(*) FILTER (WHERE NOT "inserted")::int AS "updated" FROM written`;

/** How many rows of a batch a write created and updated (the rest it left as they were). */
export interface PositionWrites {
  created: number;
  updated: number;
}

/** A transaction the trades' writes run on (the statement import's, the tracker push's, a group's). */
export type TradesTransaction = Tx;

export class TradesRepository {
  constructor(private readonly tx: Tx) {}

  /** Upserts one statement's positions (`json`, see UPSERT_POSITIONS_SQL) on the account. */
  async upsertPositions(accountId: string, statement: { json: string; count: number }): Promise<PositionWrites & { unchanged: number }> {
    const [row] = await this.tx.$queryRawUnsafe<PositionWrites[]>(UPSERT_POSITIONS_SQL, accountId, statement.json);
    const created = row?.created ?? 0;
    const updated = row?.updated ?? 0;
    return { created, updated, unchanged: statement.count - created - updated };
  }

  /** What upsertPositions would do with the batch `json` on the account, without writing (see JUDGE_POSITIONS_SQL). */
  async judgePositions(accountId: string, json: string): Promise<PositionWrites> {
    const [row] = await this.tx.$queryRawUnsafe<PositionWrites[]>(JUDGE_POSITIONS_SQL, accountId, json);
    return { created: row?.created ?? 0, updated: row?.updated ?? 0 };
  }

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

// ---------- The stats' statements (trade-stats.ts, trade-stats-range.ts, trade-stats-kept.ts fold their rows) ----------

/**
 * The trading sessions, each in its own city's clock (so daylight saving moves them as it moves the
 * market), as the hours a trade opened in: [from, to) local time. Overlaps are real (London and New York
 * share their afternoon): a trade opened then counts in both; one opened in none counts as `none`. The kept
 * summary's builders (migration trade_stats_days) hold the same hours; their comments name trade-stats.ts, where
 * these and groupsSql were before the statements moved here.
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
const PARTIAL_SQL = `count(*)::int AS "count",
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
const SUMS_SQL = `sum("count")::int AS "count", sum("wins")::int AS "wins", sum("losses")::int AS "losses",
  sum("net")::text AS "net", sum("grossProfit")::text AS "grossProfit", sum("grossLoss")::text AS "grossLoss",
  max("largestWin")::text AS "largestWin", min("largestLoss")::text AS "largestLoss", sum("holding")::text AS "holding",
  sum("withRisk")::int AS "withRisk", sum("rSum")::text AS "rSum", sum("maeCount")::int AS "maeCount",
  sum("maeSum")::text AS "maeSum", sum("mfeCount")::int AS "mfeCount", sum("mfeSum")::text AS "mfeSum"`;

/**
 * Every grouping of the answer from cells (rows with symbol, side, wd, hr, sessions and PARTIAL_SQL's columns), added
 * up by the database in one pass (GROUPING SETS), so the process folds a few dozen rows, not thousands of cells: the
 * TypeScript fold of 3,000+ cells was most of a kept read's time. A trade opened in two sessions counts in both.
 */
function groupsSql(cells: string, weekday: (wd: string, hr: string) => string = (wd) => wd): string {
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

/**
 * The groups, tags and outcome letters of the trades matching `where` (over `t`), `zone` the clock's zone's placeholder
 * and `shiftMinutes` what moves a local time to its firm day's name (StatsClock) before the weekday is read.
 */
function liveStatsSql(where: string, zone: string, shiftMinutes = 0): string {
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

/** The W/L/B letters of the scope's trades, newest close first (the streaks' input), as one SQL expression. */
function outcomesSql(where: string): string {
  const outcome = outcomeSql('t."net"');
  return `(SELECT string_agg(CASE ${outcome} WHEN 1 THEN 'W' WHEN -1 THEN 'L' ELSE 'B' END, '' ORDER BY t."closedAt" DESC, t."id" DESC)
        FROM "Trade" t WHERE ${where})`;
}

/** Made text once, for the row kept: the rows OFFSET skips are not converted (a conversion each cost as much as the walk). */
const sliceLowerBoundSql = (where: string, perSlice: number) =>
  `SELECT b."closedAt"::text AS "closedAt" FROM (SELECT t."closedAt" FROM "Trade" t WHERE ${where}
      ORDER BY t."closedAt" DESC OFFSET ${String(Math.trunc(perSlice) - 1)} LIMIT 1) b`;

/** The live read's own transaction: its cells hashed in up to 64 MB instead of the default 4 MB (a sort spilled to disk). */
const LIVE_WORK_MEM_SQL = `SET LOCAL work_mem = '64MB'`;

/** Builds the account's kept summary for a zone ($1 account, $2 zone): migration trade_stats_summary. */
const BUILD_SUMMARY_SQL = 'SELECT "propfolio_trade_stats_build"($1, $2)';

/** Builds the account's day rows for a zone ($1, $2) a slice of $3 trades further back; answers the day built back to. */
const BUILD_DAYS_SQL = 'SELECT "propfolio_trade_days_build"($1, $2, $3::int) AS "built"';

/** The condition over `a` ("EaAccount") picking a kept read's accounts: the scope's account filters. */
function keptAccountsSql(caller: Caller, scope: TradeScope, params: SqlParams): string {
  let accounts = `a."userId" = ${params.add(caller.userId)}`;
  if (scope.accountId !== undefined) accounts += ` AND a."id" = ${params.add(requireId(scope.accountId, 'EA account'))}`;
  if (scope.challengeId !== undefined) accounts += ` AND a."challengeId" = ${params.add(requireId(scope.challengeId, 'Challenge'))}`;
  if (scope.platform !== undefined) accounts += ` AND a."platform"::text = ${params.add(scope.platform)}`;
  if (scope.currency !== undefined) accounts += ` AND a."currency" = ${params.add(scope.currency)}`;
  return accounts;
}

/** One statement: which accounts of the scope lack a summary, and the others' groups, tags and runs added up. */
function keptSql(caller: Caller, scope: TradeScope, clock: StatsClock, params: SqlParams): string {
  const accounts = keptAccountsSql(caller, scope, params);
  const zone = params.add(clock.timeZone);
  const inScope = `"accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE ${accounts}) AND "timeZone" = ${zone}`;
  return `SELECT json_build_object(
      'missing', (SELECT COALESCE(json_agg(a."id"), '[]') FROM "EaAccount" a WHERE ${accounts}
        AND NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" = a."id" AND s."timeZone" = ${zone})),
      'groups', ${groupsSql(`(SELECT * FROM "TradeStatsCell" WHERE ${inScope})`, (wd, hr) => firmWeekdaySql(clock, wd, hr))},
      'tags', (SELECT json_agg(g) FROM (SELECT "tag", ${SUMS_SQL} FROM "TradeStatsTag" WHERE ${inScope} GROUP BY "tag") g),
      'runs', (SELECT json_agg(r ORDER BY r."firstAt") FROM (SELECT "count", "prefixWins", "prefixLosses", "suffixWins",
        "suffixLosses", "longestWins", "longestLosses", (EXTRACT(EPOCH FROM "firstClosedAt") * 1000)::float8 AS "firstAt",
        (EXTRACT(EPOCH FROM "lastClosedAt") * 1000)::float8 AS "lastAt"
        FROM "TradeStatsSummary" WHERE ${inScope} AND "count" > 0) r)
    ) AS "data"`;
}

/**
 * The SQL of a window's whole days: the scope's accounts (over `a`), the zone's placeholder, the CTE `w` of the first
 * whole day and the end (exclusive), and the condition over day rows `k` in scope and in the window's whole days.
 */
function windowSql(caller: Caller, scope: TradeScope, timeZone: string, params: SqlParams) {
  const accounts = keptAccountsSql(caller, scope, params);
  const zone = params.add(timeZone);
  const from = scope.from === undefined ? null : params.add(new Date(scope.from).toISOString(), 'timestamptz');
  const to = scope.to === undefined ? null : params.add(new Date(scope.to).toISOString(), 'timestamptz');
  // The first whole day: the date of `from` when `from` is its first instant, else the next date. The end (exclusive):
  // the date of `to` (its days before end before `to`). A day's first instant is its midnight in the zone, which
  // PostgreSQL reads, where midnight does not exist (a change to summer time at 00:00), as the instant of the change.
  const first =
    from === null
      ? 'NULL::date'
      : `(SELECT CASE WHEN (x.d::timestamp AT TIME ZONE ${zone}) >= ${from} THEN x.d ELSE x.d + 1 END FROM (SELECT (${from} AT TIME ZONE ${zone})::date AS d) x)`;
  const end = to === null ? 'NULL::date' : `(${to} AT TIME ZONE ${zone})::date`;
  const inWindow = [from === null ? null : `k."day" >= w."first"`, to === null ? null : `k."day" < w."end"`]
    .filter((c) => c !== null)
    .join(' AND ');
  return {
    accounts,
    zone,
    w: `w AS MATERIALIZED (SELECT ${first} AS "first", ${end} AS "end")`,
    inScope: `k."accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE ${accounts}) AND k."timeZone" = ${zone} AND ${inWindow}`,
  };
}

/** The scope's accounts lacking a summary or day rows, the window's whole days and its days with trades: one statement. */
function windowDaysSql(caller: Caller, scope: TradeScope, timeZone: string, params: SqlParams): string {
  const { accounts, zone, w, inScope } = windowSql(caller, scope, timeZone, params);
  const epochMs = (date: string) => `(EXTRACT(EPOCH FROM (${date}::timestamp AT TIME ZONE ${zone})) * 1000)::float8`;
  return `WITH ${w} SELECT json_build_object(
      'missing', (SELECT COALESCE(json_agg(a."id"), '[]') FROM "EaAccount" a WHERE ${accounts}
        AND NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" = a."id" AND s."timeZone" = ${zone})),
      'whole', (SELECT w."first" IS NULL OR w."end" IS NULL OR w."first" < w."end" FROM w),
      'first', (SELECT w."first"::text FROM w),
      'unbuilt', (SELECT COALESCE(json_agg(s."accountId"), '[]') FROM "TradeStatsSummary" s, w
        WHERE s."accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE ${accounts}) AND s."timeZone" = ${zone}
        AND NOT COALESCE(s."daysFrom" <= COALESCE(w."first", '-infinity'::date), false)),
      'lowerEnd', (SELECT ${epochMs('w."first"')} FROM w),
      'upperStart', (SELECT ${epochMs('w."end"')} FROM w),
      'lowDay', (SELECT min(k."day")::text FROM "TradeStatsDayRuns" k, w WHERE ${inScope}),
      'highDay', (SELECT max(k."day")::text FROM "TradeStatsDayRuns" k, w WHERE ${inScope})
    ) AS "data"`;
}

/** The groups, tags and runs of the window's whole days in [from, until) (dates), added up: one statement. */
function dayRowsSql(caller: Caller, scope: TradeScope, timeZone: string, days: DaySpan, params: SqlParams): string {
  const window = windowSql(caller, scope, timeZone, params);
  const inScope = `${window.inScope} AND k."day" >= ${params.add(days.from)}::date AND k."day" < ${params.add(days.until)}::date`;
  return `WITH ${window.w} SELECT json_build_object(
      'groups', (SELECT json_agg(g) FROM (SELECT k."by", k."key", ${SUMS_SQL} FROM "TradeStatsDayGroup" k, w WHERE ${inScope}
        GROUP BY k."by", k."key") g),
      'tags', (SELECT json_agg(g) FROM (SELECT k."tag", ${SUMS_SQL} FROM "TradeStatsDayTag" k, w WHERE ${inScope} GROUP BY k."tag") g),
      'runs', (SELECT json_agg(r ORDER BY r."day", r."firstAt") FROM (SELECT k."day"::text AS "day", k."count", k."prefixWins",
        k."prefixLosses", k."suffixWins", k."suffixLosses", k."longestWins", k."longestLosses",
        (EXTRACT(EPOCH FROM k."firstClosedAt") * 1000)::float8 AS "firstAt", (EXTRACT(EPOCH FROM k."lastClosedAt") * 1000)::float8 AS "lastAt"
        FROM "TradeStatsDayRuns" k, w WHERE ${inScope}) r)
    ) AS "data"`;
}

/** The outcome letters, oldest first, of the scope's trades on `days` (dates in order) of the zone, by day. */
function dayOutcomesSql(caller: Caller, scope: TradeScope, timeZone: string, days: readonly string[], params: SqlParams): string {
  const where = scopeSql(caller, scope, params);
  const zone = params.add(timeZone);
  const local = `(t."closedAt" AT TIME ZONE ${zone})::date`;
  return `SELECT ${local}::text AS "day", string_agg(CASE ${outcomeSql('t."net"')} WHEN 1 THEN 'W' WHEN -1 THEN 'L' ELSE 'B' END, ''
          ORDER BY t."closedAt", t."id") AS "outcomes"
        FROM "Trade" t WHERE ${where} AND t."closedAt" >= (${params.add(days[0])}::date::timestamp AT TIME ZONE ${zone})
          AND t."closedAt" < ((${params.add(days.at(-1))}::date + 1)::timestamp AT TIME ZONE ${zone})
          AND ${local} = ANY(${params.add(`{${days.join(',')}}`)}::date[])
        GROUP BY 1`;
}

/** A kept read's row: accounts in scope without a summary for the zone yet, and the others' groups, tags and runs. */
export interface KeptRow {
  missing: string[];
  groups: GroupRow[] | null;
  tags: (PartialRow & { tag: string })[] | null;
  /** Accounts with trades, first close first. */
  runs: Runs[] | null;
}

/** A day's runs of one account, as TradeStatsDayRuns keeps them. */
export type DayRuns = Runs & { day: string };

/** What the summary holds of a close window's whole days (trade-stats-kept.ts, readKeptWindow). */
export interface WindowRow {
  /** Accounts in scope without a summary for the zone yet. */
  missing: string[];
  /** Whether the window holds at least one whole day of the zone (else it is read live). */
  whole: boolean;
  /** The window's first whole day (null without `from`). */
  first: string | null;
  /** Accounts in scope whose day rows are not built back to the first whole day yet. */
  unbuilt: string[];
  /** Epoch ms: the first whole day's first instant (with `from`), and the first instant after the last (with `to`). */
  lowerEnd: number | null;
  upperStart: number | null;
  /** The window's first and last day with trades in scope (null: none). */
  lowDay: string | null;
  highDay: string | null;
}

/** The day rows of some of the window's whole days, added up. */
export interface DayRows {
  groups: GroupRow[] | null;
  tags: (PartialRow & { tag: string })[] | null;
  /** Per day and account with trades, day first, then first close. */
  runs: DayRuns[] | null;
}

/** Whole days [from, until) of a window, as dates (YYYY-MM-DD). */
export interface DaySpan {
  from: string;
  until: string;
}

/**
 * The statements a read in slices runs (trade-stats-range.ts: the slicing, its sizing and the turns of the event loop
 * between slices stay there): one slice's stats row, and where the next slice ends.
 */
export interface SliceStatements {
  /** The live stats row of the trades matching `slice` (over `t`, its values in `params`), in the clock's days; an unknown zone refused as 400. */
  statsRow(slice: string, params: SqlParams, clock: StatsClock): Promise<StatsRow | null>;
  /**
   * The close instant of the `perSlice`-th newest trade matching `where` (text, exact to the stored millisecond), the
   * lower end of the slice; null when fewer trades are left, so the slice runs to the window's start. A walk of
   * `perSlice` entries down the (account or user, closedAt) index.
   */
  sliceLowerBound(where: string, values: readonly unknown[], perSlice: number): Promise<string | null>;
}

/**
 * Every statement get_trade_stats runs (trade-stats-kept.ts decides which, and folds, retries and slices; the SQL and
 * the rows are here). An unknown zone is refused as 400 by each (zoneRefused).
 */
export interface StatsStatements extends SliceStatements {
  /** The live stats row over every trade of the scope, in one statement on its own transaction (LIVE_WORK_MEM_SQL). */
  liveRow(caller: Caller, scope: TradeScope, clock: StatsClock): Promise<StatsRow | null>;
  /** The kept summary's row for the scope in the clock's zone (keptSql). */
  keptRow(caller: Caller, scope: TradeScope, clock: StatsClock): Promise<KeptRow>;
  /** Builds the account's summary for the zone. */
  buildSummary(accountId: string, timeZone: string): Promise<void>;
  /** The W/L/B letters of the scope's trades, newest close first. */
  scopeOutcomes(caller: Caller, scope: TradeScope): Promise<string>;
  /** What the summary holds of the scope's close window (windowDaysSql). */
  windowDays(caller: Caller, scope: TradeScope, timeZone: string): Promise<WindowRow>;
  /** The window's day rows over `days`, added up (dayRowsSql). */
  dayRows(caller: Caller, scope: TradeScope, timeZone: string, days: DaySpan): Promise<DayRows>;
  /** Builds the account's day rows a slice of `perSlice` trades further back; the day built back to (null: summary gone). */
  buildDaysSlice(accountId: string, timeZone: string, perSlice: number): Promise<string | null>;
  /** The outcome letters, oldest first, of the scope's trades on each of `days` of the zone that has some, by day. */
  dayOutcomes(caller: Caller, scope: TradeScope, timeZone: string, days: readonly string[]): Promise<Map<string, string>>;
}

/** A statement's one JSON row (`data`) through Prisma, parsed; null when it answered none. */
async function queryDataRow<T>(
  client: Pick<Database['prisma'], '$queryRawUnsafe'>,
  sql: string,
  values: readonly unknown[],
): Promise<T | null> {
  const [result] = await client.$queryRawUnsafe<{ data: T | string }[]>(sql, ...values);
  // node-postgres parses json; PGlite's driver may hand it back as text.
  return result === undefined ? null : typeof result.data === 'string' ? (JSON.parse(result.data) as T) : result.data;
}

/** `read` with an unknown zone refused as 400 (a zone the runtime knows but this PostgreSQL does not). */
async function refusingZone<T>(read: Promise<T>): Promise<T> {
  return read.catch((error: unknown) => {
    throw zoneRefused(error);
  });
}

/** The window reads' one JSON row, which a statement of json_build_object always answers. */
async function windowRow<T>(db: Database, sql: string, values: readonly unknown[]): Promise<T> {
  const row = await refusingZone(queryDataRow<T>(db.prisma, sql, values));
  if (row === null) throw new Error('the window read answered no row');
  return row;
}

/** get_trade_stats' statements on the database (no transaction across them: each is its own statement). */
export function statsStatements(db: Database): StatsStatements {
  return {
    statsRow: (slice, params, clock) =>
      refusingZone(queryDataRow<StatsRow>(db.prisma, liveStatsSql(slice, params.add(clock.timeZone), clock.shiftMinutes), params.values)),
    sliceLowerBound: async (where, values, perSlice) => {
      const [row] = await db.prisma.$queryRawUnsafe<{ closedAt: string }[]>(sliceLowerBoundSql(where, perSlice), ...values);
      return row?.closedAt ?? null;
    },
    liveRow: (caller, scope, clock) => {
      const params = new SqlParams();
      const where = scopeSql(caller, scope, params);
      const sql = liveStatsSql(where, params.add(clock.timeZone), clock.shiftMinutes);
      return refusingZone(
        db.prisma.$transaction(async (tx) => {
          await tx.$executeRawUnsafe(LIVE_WORK_MEM_SQL);
          return queryDataRow<StatsRow>(tx, sql, params.values);
        }),
      );
    },
    keptRow: async (caller, scope, clock) => {
      const params = new SqlParams();
      const sql = keptSql(caller, scope, clock, params);
      return (await queryDataRow<KeptRow>(db.prisma, sql, params.values)) ?? { missing: [], groups: null, tags: null, runs: null };
    },
    buildSummary: async (accountId, timeZone) => {
      await refusingZone(db.prisma.$executeRawUnsafe(BUILD_SUMMARY_SQL, accountId, timeZone));
    },
    scopeOutcomes: async (caller, scope) => {
      const params = new SqlParams();
      const where = scopeSql(caller, scope, params);
      const [row] = await db.prisma.$queryRawUnsafe<{ outcomes: string | null }[]>(
        `SELECT ${outcomesSql(where)} AS "outcomes"`,
        ...params.values,
      );
      return row?.outcomes ?? '';
    },
    windowDays: (caller, scope, timeZone) => {
      const params = new SqlParams();
      return windowRow<WindowRow>(db, windowDaysSql(caller, scope, timeZone, params), params.values);
    },
    dayRows: (caller, scope, timeZone, days) => {
      const params = new SqlParams();
      return windowRow<DayRows>(db, dayRowsSql(caller, scope, timeZone, days, params), params.values);
    },
    buildDaysSlice: async (accountId, timeZone, perSlice) => {
      const [row] = await refusingZone(
        db.prisma.$queryRawUnsafe<{ built: string | null }[]>(BUILD_DAYS_SQL, accountId, timeZone, perSlice),
      );
      return row?.built ?? null;
    },
    dayOutcomes: async (caller, scope, timeZone, days) => {
      const params = new SqlParams();
      const sql = dayOutcomesSql(caller, scope, timeZone, days, params);
      const rows = await db.prisma.$queryRawUnsafe<{ day: string; outcomes: string }[]>(sql, ...params.values);
      return new Map(rows.map((row) => [row.day, row.outcomes]));
    },
  };
}

/** The sliced reads' statements on the database (the range read's and the journal's). */
export const sliceStatements: (db: Database) => SliceStatements = statsStatements;

/**
 * get_trade_stats computed live from every trade of the scope in one statement (liveTradeStats, trade-stats.ts), on a
 * database: the reference the kept and the sliced reads are tested against, and the bench's.
 */
export async function readTradeStats(
  db: Database,
  caller: Caller,
  input: TradeStatsInput,
  clock: StatsClock = zoneClock(traderZone(input.timeZone)),
): Promise<ScopeStats> {
  return liveTradeStats(statsStatements(db), caller, input, clock);
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

// ---------- The journal's own reads and writes (trades.service.ts) ----------

/**
 * The account a closed-positions message is stored on, locked like a report (FOR KEY SHARE) until the message's
 * transaction ends, so an archive either waits for the message or is seen by it. $1 the account, $2 its owner.
 */
const LOCK_MESSAGE_ACCOUNT_SQL = `SELECT "archivedAt", "archivedReason" FROM "EaAccount" WHERE "id" = $1 AND "userId" = $2 FOR KEY SHARE`;

/** The account's label, platform and currency, one object per exported row (a primary-key read each; the list needs none). */
const EXPORT_ACCOUNT_SQL = `(SELECT json_build_object('label', COALESCE(a."name", a."login"), 'platform', a."platform"::text,
      'currency', a."currency") FROM "EaAccount" a WHERE a."id" = t."accountId")`;

/**
 * Up to `limit` (a placeholder) trades matching `where` (over `t`, the cursor's row comparison included) in `order`, as
 * one JSON array of every column and the `extra` entries. The cursor as a row comparison, which the (owner, closedAt
 * desc, id desc) indexes seek to directly; the shared keysetPage's `a < x OR (a = x AND b < y)` made PostgreSQL walk
 * every newer row (50 ms 60,000 deep).
 */
const orderedTradesSql = (where: string, order: string, limit: string, extra: Readonly<Record<string, string>>) =>
  `SELECT ${jsonArray(jsonObject('t', TRADE, extra), `FROM (SELECT * FROM "Trade" t WHERE ${where} ORDER BY ${order} LIMIT ${limit}) t`, order)} AS "data"`;

/** The archive state of the account a message is stored on, read under its lock; null when it is not the caller's. */
export interface MessageAccount {
  archivedAt: Date | null;
  archivedReason: string | null;
}

/** The journal fields a trader edits (absent: unchanged, null: cleared), as stored. */
export interface JournalFields {
  tags?: string[];
  note?: string | null;
  setup?: string | null;
  plannedRisk?: Decimal | null;
}

/** A sorted read's ordering and where it resumes (trade-sort.ts decodes the cursor). */
export interface SortedRead {
  ordering: TradeOrdering;
  after: SortPosition | undefined;
}

/** An exported trade: every column and its account's label, platform and currency (trade-export.ts writes the CSV). */
export type ExportedTrade = TradeRow & { account: { label: string; platform: string; currency: string } };

/**
 * The trade journal's reads and writes on the database (TradeService: the rules, the views and the refusals stay
 * there): ownership, the closed-positions message's transaction, the sorted list and export, one trade and its
 * journal fields, and the stats', curve's and calendar's statements.
 */
export class TradeJournalRepository {
  /** get_trade_stats' statements (trade-stats-kept.ts reads through them). */
  readonly stats: StatsStatements;

  constructor(private readonly db: Database) {
    this.stats = statsStatements(db);
  }

  ownsAccount(userId: string, accountId: string): Promise<boolean> {
    return ownsAccount(this.db, userId, accountId);
  }

  ownsChallenge(userId: string, challengeId: string): Promise<boolean> {
    return ownsChallenge(this.db, userId, challengeId);
  }

  /**
   * Stores a prepared closed-positions message on the account in one transaction: the account locked and handed to
   * `admit` (which throws to refuse it: not the caller's, archived), then every position (trade-store.ts), or nothing.
   */
  async storeMessage(
    userId: string,
    accountId: string,
    batch: PreparedBatch,
    admit: (account: MessageAccount | null) => void,
  ): Promise<PositionOutcomes> {
    return this.db.prisma.$transaction(
      async (tx) => {
        const [account] = await tx.$queryRawUnsafe<MessageAccount[]>(LOCK_MESSAGE_ACCOUNT_SQL, accountId, userId);
        admit(account ?? null);
        return storePositions(tx, accountId, batch);
      },
      { timeout: STORE_TIMEOUT_MS },
    );
  }

  /** Up to `take` of the caller's trades in the scope, in the read's ordering after its cursor (one statement on the driver). */
  listTrades(caller: Caller, scope: TradeScope, read: SortedRead, take: number): Promise<TradeRow[]> {
    return this.ordered(caller, scope, read, take, {});
  }

  /** listTrades with each trade's account (its label, platform and currency), for the CSV export. */
  async exportTrades(caller: Caller, scope: TradeScope, read: SortedRead, take: number): Promise<ExportedTrade[]> {
    return (await this.ordered(caller, scope, read, take, { account: EXPORT_ACCOUNT_SQL })) as ExportedTrade[];
  }

  private async ordered(
    caller: Caller,
    scope: TradeScope,
    read: SortedRead,
    take: number,
    extra: Readonly<Record<string, string>>,
  ): Promise<TradeRow[]> {
    const params = new SqlParams();
    const sql = orderingSql(read.ordering, read.after, params);
    const where = scopeSql(caller, scope, params) + sql.after;
    const rows = await queryJson<Record<string, unknown>[]>(
      this.db,
      orderedTradesSql(where, sql.order, params.add(take, 'int'), extra),
      params.values,
    );
    return (rows ?? []).map((row) => revive<TradeRow>(row, TRADE));
  }

  /** The user's trade, or null (another user's trade is never found). */
  tradeOf(userId: string, tradeId: string): Promise<TradeRow | null> {
    return this.db.prisma.trade.findFirst({ where: { id: tradeId, userId } });
  }

  /** Writes the user's trade's journal fields and when they changed; false when the trade is not the user's. */
  async updateJournal(userId: string, tradeId: string, fields: JournalFields, updatedAt: Date): Promise<boolean> {
    const { count } = await this.db.prisma.trade.updateMany({ where: { id: tradeId, userId }, data: { ...fields, updatedAt } });
    return count > 0;
  }

  /** get_trade_stats' per-setup and R breakdowns (readJournalBreakdowns). */
  journalBreakdowns(caller: Caller, scope: TradeScope): Promise<JournalBreakdowns> {
    return readJournalBreakdowns(this.db, caller, scope);
  }

  scopeCurrencies(caller: Caller, scope: TradeScope): Promise<string[]> {
    return scopeCurrencies(this.db, caller, scope);
  }

  scopeAccountClocks(caller: Caller, scope: TradeScope): Promise<AccountClockFacts[]> {
    return scopeAccountClocks(this.db, caller, scope);
  }

  tradesPerAccount(caller: Caller, scope: TradeScope): Promise<Map<string, number>> {
    return tradesPerAccount(this.db, caller, scope);
  }

  curveRow(caller: Caller, scope: TradeScope, clock: StatsClock): Promise<CurveRow> {
    return readCurveRow(this.db, caller, scope, clock);
  }

  tradeDays(caller: Caller, scope: TradeScope, clock: StatsClock): Promise<TradeDayRow[]> {
    return readTradeDays(this.db, caller, scope, clock);
  }
}
