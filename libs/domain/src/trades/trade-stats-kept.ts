import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { requireId } from '../shared/ids.js';
import { SqlParams } from '../shared/keyset-sql.js';
import { filtersTrades, scopeSql } from './trade-scope.js';
import { firmWeekdaySql, keptCellsFit, zoneClock, type StatsClock } from './trade-clock.js';
import { outcomeSql } from './trade-view.js';
import {
  groupsSql,
  outcomesSql,
  readTradeStats,
  statsAnswer,
  SUMS_SQL,
  traderZone,
  zoneRefused,
  type GroupRow,
  type PartialRow,
  type ScopeStats,
} from './trade-stats.js';
import { FIRST_SLICE, nextSliceSize, readRangeTradeStats, readSlices, SLICE_TARGET_MS } from './trade-stats-range.js';
import { followingRuns, longestRun, runsOf, runsOfNewestFirst, thenRuns, type Runs } from './trade-stats-runs.js';
import { sliceStatements } from './trades.repository.js';
import type { TradeScope, TradeStatsInput } from './trades.inputs.js';

/**
 * get_trade_stats from the summary kept per account and trader zone (migration trade_stats_summary): the live read
 * scanned every trade of the scope and converted each open into four zones, 0.5 s on PostgreSQL and 1.1 s on PGlite
 * for 100,000 trades; the kept cells are a few thousand rows whatever the number of trades. The triggers on "Trade"
 * keep the summary in the same transaction as each write, so a read never sees it behind the trades. A close window
 * (from/to) is read from the summary's day rows where it covers whole days of the zone (readKeptWindow).
 */
export async function readKeptTradeStats(
  db: Database,
  caller: Caller,
  input: TradeStatsInput,
  clock: StatsClock = zoneClock(traderZone(input.timeZone)),
): Promise<ScopeStats> {
  const timeZone = clock.timeZone;
  const window = input.from !== undefined || input.to !== undefined;
  // What the summary cannot answer is folded from the trades, in slices: a filter on the trades' own fields (the
  // summary is folded per account), a firm day starting off the hour (its cells hold whole hours), and a window of
  // firm days not starting at midnight (its day rows are the zone's calendar days, weekday folded in).
  if (filtersTrades(input) || !keptCellsFit(clock) || (window && clock.shiftMinutes !== 0)) {
    return readRangeTradeStats(sliceStatements(db), caller, input, { clock });
  }
  // A summary dropped between the build and the read (a trade's figures changed meanwhile) is built again; a scope
  // that keeps losing its summaries to writes is read live rather than chased.
  for (let attempt = 0; attempt < 3; attempt++) {
    const kept = window ? await readKeptWindow(db, caller, input, clock) : await readKeptAll(db, caller, input, clock);
    if (!('missing' in kept)) return kept;
    try {
      for (const accountId of kept.missing) {
        await db.prisma.$executeRawUnsafe('SELECT "propfolio_trade_stats_build"($1, $2)', accountId, timeZone);
      }
    } catch (error) {
      throw zoneRefused(error);
    }
  }
  return window ? readRangeTradeStats(sliceStatements(db), caller, input, { clock }) : readTradeStats(db, caller, input, clock);
}

/** The accounts that lack a summary for the zone, which the read builds before it tries again. */
interface Missing {
  missing: string[];
}

/** The whole history's answer from the summaries, or the accounts in scope that have none yet. */
async function readKeptAll(db: Database, caller: Caller, input: TradeStatsInput, clock: StatsClock): Promise<ScopeStats | Missing> {
  const kept = await readKept(db, caller, input, clock);
  if (kept.missing.length > 0) return { missing: kept.missing };
  const streaks = composeRuns(kept.runs ?? []) ?? (await liveStreaks(db, caller, input));
  return statsAnswer(clock, input, kept.groups ?? [], kept.tags ?? [], streaks);
}

interface KeptRow {
  /** Accounts in scope without a summary for the zone yet. */
  missing: string[];
  groups: GroupRow[] | null;
  tags: (PartialRow & { tag: string })[] | null;
  /** Accounts with trades, first close first. */
  runs: Runs[] | null;
}

/** The condition over `a` ("EaAccount") picking the scope's accounts. */
function keptAccountsSql(caller: Caller, input: TradeStatsInput, params: SqlParams): string {
  let accounts = `a."userId" = ${params.add(caller.userId)}`;
  if (input.accountId !== undefined) accounts += ` AND a."id" = ${params.add(requireId(input.accountId, 'EA account'))}`;
  if (input.challengeId !== undefined) accounts += ` AND a."challengeId" = ${params.add(requireId(input.challengeId, 'Challenge'))}`;
  if (input.platform !== undefined) accounts += ` AND a."platform"::text = ${params.add(input.platform)}`;
  if (input.currency !== undefined) accounts += ` AND a."currency" = ${params.add(input.currency)}`;
  return accounts;
}

/** One statement: which accounts of the scope lack a summary, and the others' groups, tags and runs added up. */
async function readKept(db: Database, caller: Caller, input: TradeStatsInput, clock: StatsClock): Promise<KeptRow> {
  const params = new SqlParams();
  const accounts = keptAccountsSql(caller, input, params);
  const zone = params.add(clock.timeZone);
  const inScope = `"accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE ${accounts}) AND "timeZone" = ${zone}`;
  const sql = `SELECT json_build_object(
      'missing', (SELECT COALESCE(json_agg(a."id"), '[]') FROM "EaAccount" a WHERE ${accounts}
        AND NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" = a."id" AND s."timeZone" = ${zone})),
      'groups', ${groupsSql(`(SELECT * FROM "TradeStatsCell" WHERE ${inScope})`, (wd, hr) => firmWeekdaySql(clock, wd, hr))},
      'tags', (SELECT json_agg(g) FROM (SELECT "tag", ${SUMS_SQL} FROM "TradeStatsTag" WHERE ${inScope} GROUP BY "tag") g),
      'runs', (SELECT json_agg(r ORDER BY r."firstAt") FROM (SELECT "count", "prefixWins", "prefixLosses", "suffixWins",
        "suffixLosses", "longestWins", "longestLosses", (EXTRACT(EPOCH FROM "firstClosedAt") * 1000)::float8 AS "firstAt",
        (EXTRACT(EPOCH FROM "lastClosedAt") * 1000)::float8 AS "lastAt"
        FROM "TradeStatsSummary" WHERE ${inScope} AND "count" > 0) r)
    ) AS "data"`;
  const [row] = await db.prisma.$queryRawUnsafe<{ data: KeptRow | string }[]>(sql, ...params.values);
  if (row === undefined) return { missing: [], groups: null, tags: null, runs: null };
  // node-postgres parses json; PGlite's driver may hand it back as text.
  return typeof row.data === 'string' ? (JSON.parse(row.data) as KeptRow) : row.data;
}

/**
 * The longest streaks over several accounts from their kept runs, when their trades follow one another (each
 * account's first close after the previous one's last): runs compose across a boundary. Accounts whose trades
 * interleave (or touch at one instant, where the order falls to the ids) answer null: the caller reads live.
 */
export function composeRuns(runs: readonly Runs[]): { wins: number; losses: number } | null {
  const all = followingRuns(runs);
  return all === null ? null : { wins: all.longestWins, losses: all.longestLosses };
}

/** The streaks read live over the scope's trades, for accounts whose trades interleave in time. */
async function liveStreaks(db: Database, caller: Caller, input: TradeStatsInput): Promise<{ wins: number; losses: number }> {
  const params = new SqlParams();
  const where = scopeSql(caller, input, params);
  const [row] = await db.prisma.$queryRawUnsafe<{ outcomes: string | null }[]>(
    `SELECT ${outcomesSql(where)} AS "outcomes"`,
    ...params.values,
  );
  const outcomes = row?.outcomes ?? '';
  return { wins: longestRun(outcomes, 'W'), losses: longestRun(outcomes, 'L') };
}

/** A day's runs of one account, as TradeStatsDayRuns keeps them. */
type DayRuns = Runs & { day: string };

interface WindowRow {
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
interface DayRows {
  groups: GroupRow[] | null;
  tags: (PartialRow & { tag: string })[] | null;
  /** Per day and account with trades, day first, then first close. */
  runs: DayRuns[] | null;
}

/** The days of the first statement of a window's day rows; the next are sized by the CPU time it took (as slices are). */
const FIRST_DAYS = 32;
const MAX_DAYS = 4_000;

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Trades of days whose accounts interleave, read live per statement at most (a slice of the streaks' read). */
const INTERLEAVED_PER_STATEMENT = 5_000;

/**
 * get_trade_stats over a close window [from, to) (either end may be left out): the whole days of the trader's zone
 * inside it (a day: the closes whose date in the zone is that day) come from the summary's day rows, one statement
 * adding up a few dozen rows a day; the partial days at its edges are read live in slices (readSlices, the range
 * read restricted to each edge), and a window without a whole day is read live whole. Groups and tags add up exactly
 * (statsAnswer adds rows of one group). The streaks compose in close order: the lower edge's outcomes, each day's
 * runs, the upper edge's; within a day the accounts' runs compose when their trades follow one another, and a day
 * where they interleave is read live (its outcomes only). Like the range read, the statements are apart (PGlite's
 * one connection is not held across them), so a write during the read may show in some parts and not in others.
 */
async function readKeptWindow(db: Database, caller: Caller, input: TradeStatsInput, clock: StatsClock): Promise<ScopeStats | Missing> {
  const timeZone = clock.timeZone;
  let row = await readWindowDays(db, caller, input, timeZone);
  if (row.missing.length > 0) return { missing: row.missing };
  if (!row.whole) return readRangeTradeStats(sliceStatements(db), caller, input, { clock });
  if (row.unbuilt.length > 0) {
    for (const accountId of row.unbuilt) await buildDays(db, accountId, timeZone, row.first);
    row = await readWindowDays(db, caller, input, timeZone);
    // Dropped again meanwhile (a trade's figures changed): read live rather than chase it.
    if (row.missing.length > 0 || row.unbuilt.length > 0) return readRangeTradeStats(sliceStatements(db), caller, input, { clock });
  }
  // The whole days' rows a span of days a statement, the loop handed back between two: one statement over a year of
  // days held PGlite 100–400 ms on a loaded machine.
  const whole: Required<{ [K in keyof DayRows]: NonNullable<DayRows[K]> }> = { groups: [], tags: [], runs: [] };
  let span = FIRST_DAYS;
  for (let day = row.lowDay; day !== null && row.highDay !== null && day <= row.highDay;) {
    const until = addDays(day, span);
    const cpu = process.cpuUsage();
    const part = await readDayRows(db, caller, input, timeZone, day, until);
    const used = process.cpuUsage(cpu);
    span = Math.min(MAX_DAYS, Math.max(1, Math.round(span * Math.min(2, SLICE_TARGET_MS / Math.max(1, (used.user + used.system) / 1000)))));
    whole.groups.push(...(part.groups ?? []));
    whole.tags.push(...(part.tags ?? []));
    whole.runs.push(...(part.runs ?? []));
    day = until;
    await yieldToLoop();
    await yieldToLoop();
  }
  const edge = async (scope: TradeScope | null) => {
    if (scope === null) return { groups: [], tags: [], outcomes: '' };
    await yieldToLoop();
    return readSlices(sliceStatements(db), caller, scope, clock);
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const lower = await edge(
    input.from !== undefined && row.lowerEnd !== null && Date.parse(input.from) < row.lowerEnd
      ? withinWindow(input, input.from, iso(row.lowerEnd))
      : null,
  );
  const upper = await edge(
    input.to !== undefined && row.upperStart !== null && row.upperStart < Date.parse(input.to)
      ? withinWindow(input, iso(row.upperStart), input.to)
      : null,
  );
  const days = new Map<string, DayRuns[]>();
  for (const runs of whole.runs) days.set(runs.day, [...(days.get(runs.day) ?? []), runs]);
  const interleaved = [...days].filter(([, runs]) => followingRuns(runs) === null);
  const live = await interleavedDays(db, caller, input, timeZone, interleaved);
  // The edges' outcomes come newest first; the days' runs in close order.
  let all = runsOfNewestFirst(lower.outcomes);
  for (const [day, runs] of days) all = thenRuns(all, followingRuns(runs) ?? runsOf(live.get(day) ?? '', 0, 0));
  all = thenRuns(all, runsOfNewestFirst(upper.outcomes));
  return statsAnswer(clock, input, [...whole.groups, ...lower.groups, ...upper.groups], [...whole.tags, ...lower.tags, ...upper.tags], {
    wins: all.longestWins,
    losses: all.longestLosses,
  });
}

/** The scope's accounts over another close window. */
function withinWindow(input: TradeStatsInput, from: string | undefined, to: string | undefined): TradeScope {
  // Every filter of TradeScope named (a filter added there fails to compile here until it is carried over).
  const scope: { [K in keyof Required<TradeScope>]: TradeScope[K] } = {
    accountId: input.accountId,
    challengeId: input.challengeId,
    platform: input.platform,
    currency: input.currency,
    symbol: input.symbol,
    side: input.side,
    outcome: input.outcome,
    tag: input.tag,
    signalId: input.signalId,
    from,
    to,
  };
  return scope;
}

/**
 * Builds the account's day rows for the zone back to `first` (a date; null: every day), newest day first, a slice of
 * trades a statement (propfolio_trade_days_build), each sized as the range read's slices are (by the CPU time the
 * previous one took here), the event loop handed back between two: over 70,000 trades the rows took one statement of
 * 5–10 s, which held PGlite's process (and /healthz) that long.
 */
async function buildDays(db: Database, accountId: string, timeZone: string, first: string | null): Promise<void> {
  let perSlice = FIRST_SLICE;
  for (;;) {
    const cpu = process.cpuUsage();
    const [row] = await db.prisma
      .$queryRawUnsafe<{ built: string | null }[]>(
        'SELECT "propfolio_trade_days_build"($1, $2, $3::int) AS "built"',
        accountId,
        timeZone,
        perSlice,
      )
      .catch((error: unknown) => {
        throw zoneRefused(error);
      });
    const used = process.cpuUsage(cpu);
    perSlice = nextSliceSize(perSlice, (used.user + used.system) / 1000);
    const built = row?.built ?? null;
    // Built back far enough, or the summary is gone (the caller reads again and finds it missing).
    if (built === null || built === '-infinity' || (first !== null && built <= first)) return;
    await yieldToLoop();
    await yieldToLoop();
  }
}

/** The scope's accounts lacking a summary or day rows, the window's whole days and its days with trades: one statement. */
async function readWindowDays(db: Database, caller: Caller, input: TradeStatsInput, timeZone: string): Promise<WindowRow> {
  const params = new SqlParams();
  const { accounts, zone, w, inScope } = windowSql(caller, input, timeZone, params);
  const epochMs = (date: string) => `(EXTRACT(EPOCH FROM (${date}::timestamp AT TIME ZONE ${zone})) * 1000)::float8`;
  return queryJsonRow<WindowRow>(
    db,
    `WITH ${w} SELECT json_build_object(
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
    ) AS "data"`,
    params.values,
  );
}

/** The groups, tags and runs of the window's whole days in [from, until) (dates), added up: one statement. */
async function readDayRows(
  db: Database,
  caller: Caller,
  input: TradeStatsInput,
  timeZone: string,
  from: string,
  until: string,
): Promise<DayRows> {
  const params = new SqlParams();
  const window = windowSql(caller, input, timeZone, params);
  const inScope = `${window.inScope} AND k."day" >= ${params.add(from)}::date AND k."day" < ${params.add(until)}::date`;
  return queryJsonRow<DayRows>(
    db,
    `WITH ${window.w} SELECT json_build_object(
      'groups', (SELECT json_agg(g) FROM (SELECT k."by", k."key", ${SUMS_SQL} FROM "TradeStatsDayGroup" k, w WHERE ${inScope}
        GROUP BY k."by", k."key") g),
      'tags', (SELECT json_agg(g) FROM (SELECT k."tag", ${SUMS_SQL} FROM "TradeStatsDayTag" k, w WHERE ${inScope} GROUP BY k."tag") g),
      'runs', (SELECT json_agg(r ORDER BY r."day", r."firstAt") FROM (SELECT k."day"::text AS "day", k."count", k."prefixWins",
        k."prefixLosses", k."suffixWins", k."suffixLosses", k."longestWins", k."longestLosses",
        (EXTRACT(EPOCH FROM k."firstClosedAt") * 1000)::float8 AS "firstAt", (EXTRACT(EPOCH FROM k."lastClosedAt") * 1000)::float8 AS "lastAt"
        FROM "TradeStatsDayRuns" k, w WHERE ${inScope}) r)
    ) AS "data"`,
    params.values,
  );
}

/**
 * The SQL of a window's whole days: the scope's accounts (over `a`), the zone's placeholder, the CTE `w` of the first
 * whole day and the end (exclusive), and the condition over day rows `k` in scope and in the window's whole days.
 */
function windowSql(caller: Caller, input: TradeStatsInput, timeZone: string, params: SqlParams) {
  const accounts = keptAccountsSql(caller, input, params);
  const zone = params.add(timeZone);
  const from = input.from === undefined ? null : params.add(new Date(input.from).toISOString(), 'timestamptz');
  const to = input.to === undefined ? null : params.add(new Date(input.to).toISOString(), 'timestamptz');
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

/** A statement answering one JSON row, parsed. */
async function queryJsonRow<T>(db: Database, sql: string, values: readonly unknown[]): Promise<T> {
  const [result] = await db.prisma.$queryRawUnsafe<{ data: T | string }[]>(sql, ...values).catch((error: unknown) => {
    throw zoneRefused(error);
  });
  if (result === undefined) throw new Error('the window read answered no row');
  // node-postgres parses json; PGlite's driver may hand it back as text.
  return typeof result.data === 'string' ? (JSON.parse(result.data) as T) : result.data;
}

/**
 * The outcome letters, oldest first, of the scope's trades on each day whose accounts' trades interleave, by day: a
 * few statements of at most INTERLEAVED_PER_STATEMENT trades (days in order, each a range of the close index), the
 * loop handed back between them.
 */
async function interleavedDays(
  db: Database,
  caller: Caller,
  input: TradeStatsInput,
  timeZone: string,
  days: readonly [string, readonly Runs[]][],
): Promise<Map<string, string>> {
  const outcomes = new Map<string, string>();
  const chunks: string[][] = [];
  let trades = Number.POSITIVE_INFINITY;
  for (const [day, runs] of days) {
    const count = runs.reduce((sum, r) => sum + r.count, 0);
    if (trades + count > INTERLEAVED_PER_STATEMENT) {
      chunks.push([]);
      trades = 0;
    }
    chunks.at(-1)?.push(day);
    trades += count;
  }
  for (const chunk of chunks) {
    const params = new SqlParams();
    const where = scopeSql(caller, withinWindow(input, undefined, undefined), params);
    const zone = params.add(timeZone);
    const local = `(t."closedAt" AT TIME ZONE ${zone})::date`;
    const rows = await db.prisma.$queryRawUnsafe<{ day: string; outcomes: string }[]>(
      `SELECT ${local}::text AS "day", string_agg(CASE ${outcomeSql('t."net"')} WHEN 1 THEN 'W' WHEN -1 THEN 'L' ELSE 'B' END, ''
          ORDER BY t."closedAt", t."id") AS "outcomes"
        FROM "Trade" t WHERE ${where} AND t."closedAt" >= (${params.add(chunk[0])}::date::timestamp AT TIME ZONE ${zone})
          AND t."closedAt" < ((${params.add(chunk.at(-1))}::date + 1)::timestamp AT TIME ZONE ${zone})
          AND ${local} = ANY(${params.add(`{${chunk.join(',')}}`)}::date[])
        GROUP BY 1`,
      ...params.values,
    );
    for (const row of rows) outcomes.set(row.day, row.outcomes);
    await yieldToLoop();
  }
  return outcomes;
}
