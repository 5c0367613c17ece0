import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Caller } from '@propfolio/core';
import { SqlParams } from '../shared/keyset-sql.js';
import { scopeSql } from './trade-scope.js';
import { statsAnswer, traderZone, type ScopeStats } from './trade-stats.js';
import { longestRun } from './trade-stats-runs.js';
import { zoneClock, type StatsClock } from './trade-clock.js';
import type { GroupRow, PartialRow, SliceStatements } from './trades.repository.js';
import type { TradeScope, TradeStatsInput } from './trades.inputs.js';

/**
 * How long one slice's statement should hold the event loop, in ms of this process's CPU. PGlite runs the SQL
 * synchronously inside this process: the whole window of 70,000 trades in one statement held the loop (and
 * `/healthz`) 1.8–2.8 s. Each slice's size is set from the CPU time the previous one took here: the wall clock also
 * counts what other processes ran on a busy machine, which shrank the slices to their minimum and made the read
 * several times slower for nothing; on PostgreSQL the statement's work is the server's, so the slices grow to
 * MAX_SLICE and the read is a few statements (every slice costs a statement's fixed work on top of its trades).
 */
export const SLICE_TARGET_MS = 25;
/** The first slice's trades (about 10–30 ms on PGlite), and the bounds the measured sizes are kept within. */
export const FIRST_SLICE = 1_000;
const MIN_SLICE = 200;
const MAX_SLICE = 20_000;

export interface RangeReadOptions {
  /** Trades per slice, fixed (tests: a few trades cut into many slices); by default each slice is sized by time. */
  tradesPerSlice?: number;
  /** The clock of the weekday and hour groups; by default the calendar days of `timeZone` (Asia/Tokyo left out). */
  clock?: StatsClock;
}

/** The next slice's trades: the last one's scaled to the target CPU time, growing at most twofold a step. */
export function nextSliceSize(trades: number, cpuMs: number): number {
  const scaled = Math.round(trades * Math.min(2, SLICE_TARGET_MS / Math.max(1, cpuMs)));
  return Math.min(MAX_SLICE, Math.max(MIN_SLICE, scaled));
}

/**
 * get_trade_stats over a close window (from/to), which the kept summary cannot answer: its cells are keyed by
 * symbol, side, weekday and hour of the open and sessions, with no date, so no window can be cut out of them. The
 * window is folded live, newest close first, in slices of a bounded number of trades (more only when trades share
 * the boundary's close instant: a slice is a close-time interval, so ties never split), one statement each, and the
 * loop is handed back between slices. The slices' figures are sums, counts and extremes, which add up
 * exactly (statsAnswer adds rows of the same group), and their outcome letters, newest first, concatenate into the
 * window's: the answer is the one-statement live read's (readTradeStats), exactly.
 *
 * Each slice is its own statement: a transaction held across the slices would hold PGlite's one connection from
 * every other request for the whole fold, the stall this read exists to avoid. So a write during the read shows only
 * in the slices read after it (a trade stored meanwhile is counted when its close falls in a slice not yet read; one
 * whose close a broker's correction moves across the slice being read could be missed or counted twice, in that one
 * answer); the next read is exact again.
 */
export async function readRangeTradeStats(
  db: SliceStatements,
  caller: Caller,
  input: TradeStatsInput,
  options: RangeReadOptions = {},
): Promise<ScopeStats> {
  const clock = options.clock ?? zoneClock(traderZone(input.timeZone));
  const { groups, tags, outcomes } = await readSlices(db, caller, input, clock, options);
  return statsAnswer(clock, input, groups, tags, { wins: longestRun(outcomes, 'W'), losses: longestRun(outcomes, 'L') });
}

/** The partial figures of a close window's trades, the window read in slices as readRangeTradeStats says. */
export interface SlicedRows {
  groups: GroupRow[];
  tags: (PartialRow & { tag: string })[];
  /** W, L or B per trade, newest close first. */
  outcomes: string;
}

/** The groups, tags and outcome letters of the scope's trades in its close window, folded slice by slice. */
export async function readSlices(
  db: SliceStatements,
  caller: Caller,
  scope: TradeScope,
  clock: StatsClock,
  options: RangeReadOptions = {},
): Promise<SlicedRows> {
  const groups: GroupRow[] = [];
  const tags: (PartialRow & { tag: string })[] = [];
  let outcomes = '';
  await forEachSlice(
    db,
    caller,
    scope,
    async (slice, params) => {
      // No transaction of its own (the one-statement read sets work_mem in one): a slice's cells fit the default.
      const row = await db.statsRow(slice, params, clock);
      groups.push(...(row?.groups ?? []));
      tags.push(...(row?.tags ?? []));
      outcomes += row?.outcomes ?? '';
    },
    options,
  );
  return { groups, tags, outcomes };
}

/**
 * Runs `read` over the scope's trades in its close window, newest close first, a slice at a time: `slice` is the WHERE
 * over `t` of one slice (a close-time interval, so ties never split) and `params` its parameters, to which `read` may
 * add. Each slice is sized by the CPU time the previous `read` took here, and the loop is handed back between two.
 */
export async function forEachSlice(
  db: SliceStatements,
  caller: Caller,
  scope: TradeScope,
  read: (slice: string, params: SqlParams) => Promise<void>,
  options: Pick<RangeReadOptions, 'tradesPerSlice'> = {},
): Promise<void> {
  const fixed = options.tradesPerSlice === undefined ? null : Math.max(1, Math.floor(options.tradesPerSlice));
  let perSlice = fixed ?? FIRST_SLICE;
  // The upper end of the next slice (exclusive): the window's `to` first, then each slice's lower end.
  let before: string | null = null;
  for (;;) {
    const params = new SqlParams();
    let where = scopeSql(caller, scope, params);
    if (before !== null) where += ` AND t."closedAt" < ${params.add(before, 'timestamptz')}`;
    const lower = await db.sliceLowerBound(where, params.values, perSlice);
    const slice = lower === null ? where : `${where} AND t."closedAt" >= ${params.add(lower, 'timestamptz')}`;
    const cpu = process.cpuUsage();
    await read(slice, params);
    const used = process.cpuUsage(cpu);
    perSlice = fixed ?? nextSliceSize(perSlice, (used.user + used.system) / 1000);
    if (lower === null) break;
    before = lower;
    // Requests that arrived while this slice ran (a health check, another user's page) are answered now: two turns of
    // the loop, since a new connection is accepted in one and its request read in the next.
    await yieldToLoop();
    await yieldToLoop();
  }
}
