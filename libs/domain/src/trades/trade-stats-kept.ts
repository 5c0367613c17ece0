import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { requireId } from '../shared/ids.js';
import { SqlParams } from '../shared/keyset-sql.js';
import { scopeSql } from './trade-scope.js';
import {
  groupsSql,
  longestRun,
  outcomesSql,
  readTradeStats,
  statsAnswer,
  SUMS_SQL,
  traderZone,
  zoneRefused,
  type GroupRow,
  type PartialRow,
} from './trade-stats.js';
import { readRangeTradeStats } from './trade-stats-range.js';
import type { TradeStatsInput } from './trades.inputs.js';
import type { TradeStats } from './trades.outputs.js';

/**
 * get_trade_stats from the summary kept per account and trader zone (migration trade_stats_summary): the live read
 * scanned every trade of the scope and converted each open into four zones, 0.5 s on PostgreSQL and 1.1 s on PGlite
 * for 100,000 trades; the kept cells are a few thousand rows whatever the number of trades. The triggers on "Trade"
 * keep the summary in the same transaction as each write, so a read never sees it behind the trades. A close window
 * (from/to) cannot be cut out of the cells (they have no date): it is read live in slices (trade-stats-range.ts).
 */
export async function readKeptTradeStats(db: Database, caller: Caller, input: TradeStatsInput): Promise<TradeStats> {
  if (input.from !== undefined || input.to !== undefined) return readRangeTradeStats(db, caller, input);
  const timeZone = traderZone(input.timeZone);
  // A summary dropped between the build and the read (a trade's figures changed meanwhile) is built again; a scope
  // that keeps losing its summaries to writes is read live rather than chased.
  for (let attempt = 0; attempt < 3; attempt++) {
    const kept = await readKept(db, caller, input, timeZone);
    if (kept.missing.length === 0) {
      const streaks = composeRuns(kept.runs ?? []) ?? (await liveStreaks(db, caller, input));
      return statsAnswer(timeZone, kept.groups ?? [], kept.tags ?? [], streaks);
    }
    try {
      for (const accountId of kept.missing) {
        await db.prisma.$executeRawUnsafe('SELECT "propfolio_trade_stats_build"($1, $2)', accountId, timeZone);
      }
    } catch (error) {
      throw zoneRefused(error);
    }
  }
  return readTradeStats(db, caller, input);
}

/** The runs of one account's outcomes in close order, as the summary keeps them, with its first and last close. */
interface Runs {
  count: number;
  prefixWins: number;
  prefixLosses: number;
  suffixWins: number;
  suffixLosses: number;
  longestWins: number;
  longestLosses: number;
  /** Epoch milliseconds. */
  firstAt: number;
  lastAt: number;
}

interface KeptRow {
  /** Accounts in scope without a summary for the zone yet. */
  missing: string[];
  groups: GroupRow[] | null;
  tags: (PartialRow & { tag: string })[] | null;
  /** Accounts with trades, first close first. */
  runs: Runs[] | null;
}

/** One statement: which accounts of the scope lack a summary, and the others' groups, tags and runs added up. */
async function readKept(db: Database, caller: Caller, input: TradeStatsInput, timeZone: string): Promise<KeptRow> {
  const params = new SqlParams();
  let accounts = `a."userId" = ${params.add(caller.userId)}`;
  if (input.accountId !== undefined) accounts += ` AND a."id" = ${params.add(requireId(input.accountId, 'EA account'))}`;
  if (input.challengeId !== undefined) accounts += ` AND a."challengeId" = ${params.add(requireId(input.challengeId, 'Challenge'))}`;
  if (input.platform !== undefined) accounts += ` AND a."platform"::text = ${params.add(input.platform)}`;
  const zone = params.add(timeZone);
  const inScope = `"accountId" IN (SELECT a."id" FROM "EaAccount" a WHERE ${accounts}) AND "timeZone" = ${zone}`;
  const sql = `SELECT json_build_object(
      'missing', (SELECT COALESCE(json_agg(a."id"), '[]') FROM "EaAccount" a WHERE ${accounts}
        AND NOT EXISTS (SELECT 1 FROM "TradeStatsSummary" s WHERE s."accountId" = a."id" AND s."timeZone" = ${zone})),
      'groups', ${groupsSql(`(SELECT * FROM "TradeStatsCell" WHERE ${inScope})`)},
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
  const [first, ...rest] = runs;
  if (first === undefined) return { wins: 0, losses: 0 };
  let all = { ...first };
  for (const next of rest) {
    if (!(all.lastAt < next.firstAt)) return null;
    all = {
      count: all.count + next.count,
      prefixWins: all.prefixWins === all.count ? all.count + next.prefixWins : all.prefixWins,
      prefixLosses: all.prefixLosses === all.count ? all.count + next.prefixLosses : all.prefixLosses,
      suffixWins: next.suffixWins === next.count ? next.count + all.suffixWins : next.suffixWins,
      suffixLosses: next.suffixLosses === next.count ? next.count + all.suffixLosses : next.suffixLosses,
      longestWins: Math.max(all.longestWins, next.longestWins, all.suffixWins + next.prefixWins),
      longestLosses: Math.max(all.longestLosses, next.longestLosses, all.suffixLosses + next.prefixLosses),
      firstAt: all.firstAt,
      lastAt: next.lastAt,
    };
  }
  return { wins: all.longestWins, losses: all.longestLosses };
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
