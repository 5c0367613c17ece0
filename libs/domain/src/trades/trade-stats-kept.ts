import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Caller } from '@propfolio/core';
import { filtersTrades } from './trade-scope.js';
import { keptCellsFit, zoneClock, type StatsClock } from './trade-clock.js';
import { liveTradeStats, statsAnswer, traderZone, type ScopeStats } from './trade-stats.js';
import { FIRST_SLICE, nextSliceSize, readRangeTradeStats, readSlices, SLICE_TARGET_MS } from './trade-stats-range.js';
import { followingRuns, longestRun, runsOf, runsOfNewestFirst, thenRuns, type Runs } from './trade-stats-runs.js';
import type { DayRows, DayRuns, StatsStatements } from './trades.repository.js';
import type { TradeScope, TradeStatsInput } from './trades.inputs.js';

/**
 * get_trade_stats from the summary kept per account and trader zone (migration trade_stats_summary): the live read
 * scanned every trade of the scope and converted each open into four zones, 0.5 s on PostgreSQL and 1.1 s on PGlite
 * for 100,000 trades; the kept cells are a few thousand rows whatever the number of trades. The triggers on "Trade"
 * keep the summary in the same transaction as each write, so a read never sees it behind the trades. A close window
 * (from/to) is read from the summary's day rows where it covers whole days of the zone (readKeptWindow).
 *
 * The rules of that choice, the retries, the slicing and the composing of runs are here; every statement is the
 * repository's (`reads`: trades.repository.ts, statsStatements).
 */
export async function readKeptTradeStats(
  reads: StatsStatements,
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
    return readRangeTradeStats(reads, caller, input, { clock });
  }
  // A summary dropped between the build and the read (a trade's figures changed meanwhile) is built again; a scope
  // that keeps losing its summaries to writes is read live rather than chased.
  for (let attempt = 0; attempt < 3; attempt++) {
    const kept = window ? await readKeptWindow(reads, caller, input, clock) : await readKeptAll(reads, caller, input, clock);
    if (!('missing' in kept)) return kept;
    for (const accountId of kept.missing) await reads.buildSummary(accountId, timeZone);
  }
  return window ? readRangeTradeStats(reads, caller, input, { clock }) : liveTradeStats(reads, caller, input, clock);
}

/** The accounts that lack a summary for the zone, which the read builds before it tries again. */
interface Missing {
  missing: string[];
}

/** The whole history's answer from the summaries, or the accounts in scope that have none yet. */
async function readKeptAll(
  reads: StatsStatements,
  caller: Caller,
  input: TradeStatsInput,
  clock: StatsClock,
): Promise<ScopeStats | Missing> {
  const kept = await reads.keptRow(caller, input, clock);
  if (kept.missing.length > 0) return { missing: kept.missing };
  const streaks = composeRuns(kept.runs ?? []) ?? (await liveStreaks(reads, caller, input));
  return statsAnswer(clock, input, kept.groups ?? [], kept.tags ?? [], streaks);
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
async function liveStreaks(reads: StatsStatements, caller: Caller, input: TradeStatsInput): Promise<{ wins: number; losses: number }> {
  const outcomes = await reads.scopeOutcomes(caller, input);
  return { wins: longestRun(outcomes, 'W'), losses: longestRun(outcomes, 'L') };
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
async function readKeptWindow(
  reads: StatsStatements,
  caller: Caller,
  input: TradeStatsInput,
  clock: StatsClock,
): Promise<ScopeStats | Missing> {
  const timeZone = clock.timeZone;
  let row = await reads.windowDays(caller, input, timeZone);
  if (row.missing.length > 0) return { missing: row.missing };
  if (!row.whole) return readRangeTradeStats(reads, caller, input, { clock });
  if (row.unbuilt.length > 0) {
    for (const accountId of row.unbuilt) await buildDays(reads, accountId, timeZone, row.first);
    row = await reads.windowDays(caller, input, timeZone);
    // Dropped again meanwhile (a trade's figures changed): read live rather than chase it.
    if (row.missing.length > 0 || row.unbuilt.length > 0) return readRangeTradeStats(reads, caller, input, { clock });
  }
  // The whole days' rows a span of days a statement, the loop handed back between two: one statement over a year of
  // days held PGlite 100–400 ms on a loaded machine.
  const whole: Required<{ [K in keyof DayRows]: NonNullable<DayRows[K]> }> = { groups: [], tags: [], runs: [] };
  let span = FIRST_DAYS;
  for (let day = row.lowDay; day !== null && row.highDay !== null && day <= row.highDay;) {
    const until = addDays(day, span);
    const cpu = process.cpuUsage();
    const part = await reads.dayRows(caller, input, timeZone, { from: day, until });
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
    return readSlices(reads, caller, scope, clock);
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
  const live = await interleavedDays(reads, caller, input, timeZone, interleaved);
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
async function buildDays(reads: StatsStatements, accountId: string, timeZone: string, first: string | null): Promise<void> {
  let perSlice = FIRST_SLICE;
  for (;;) {
    const cpu = process.cpuUsage();
    const built = await reads.buildDaysSlice(accountId, timeZone, perSlice);
    const used = process.cpuUsage(cpu);
    perSlice = nextSliceSize(perSlice, (used.user + used.system) / 1000);
    // Built back far enough, or the summary is gone (the caller reads again and finds it missing).
    if (built === null || built === '-infinity' || (first !== null && built <= first)) return;
    await yieldToLoop();
    await yieldToLoop();
  }
}

/**
 * The outcome letters, oldest first, of the scope's trades on each day whose accounts' trades interleave, by day: a
 * few statements of at most INTERLEAVED_PER_STATEMENT trades (days in order, each a range of the close index), the
 * loop handed back between them.
 */
async function interleavedDays(
  reads: StatsStatements,
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
    const scope = withinWindow(input, undefined, undefined);
    for (const [day, letters] of await reads.dayOutcomes(caller, scope, timeZone, chunk)) outcomes.set(day, letters);
    await yieldToLoop();
  }
  return outcomes;
}
