import { AppError, type Caller } from '@propfolio/core';
import { decimalFromText, toDecimal, toMoney, type Decimal } from '../shared/money.js';
import { filtersOf } from './trade-scope.js';
import { longestRun } from './trade-stats-runs.js';
import { type StatsClock } from './trade-clock.js';
import { DEFAULT_TRADER_ZONE, type TradeScope, type TradeStatsInput } from './trades.inputs.js';
import type { TradeFigures, TradeStats } from './trades.outputs.js';
import type { GroupRow, PartialRow, StatsStatements } from './trades.repository.js';

/**
 * get_trade_stats without its journal breakdowns (bySetup, rHistogram), which no summary keeps: what the live, range
 * and kept reads answer alike; the service adds the breakdowns (trades.repository.ts).
 *
 * This module holds the rules of the answer (how partial figures add up, what each figure is, which zone a caller may
 * name); the statements that read the partial figures and their SQL are in trades.repository.ts.
 */
export type ScopeStats = Omit<TradeStats, 'bySetup' | 'rHistogram'>;

const D = decimalFromText;
const ZERO = toDecimal(0);

/** Partial figures added up exactly (Decimal sums, extremes compared), for any coarser group. */
class Totals {
  count = 0;
  wins = 0;
  losses = 0;
  net = ZERO;
  grossProfit = ZERO;
  grossLoss = ZERO;
  largestWin: Decimal | null = null;
  largestLoss: Decimal | null = null;
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
    const money = (value: Decimal) => toMoney(value.toDecimalPlaces(4));
    const mean = (sum: Decimal, n: number) => (n === 0 ? null : money(sum.dividedBy(n)));
    return {
      count: this.count,
      wins: this.wins,
      losses: this.losses,
      breakevens: this.count - this.wins - this.losses,
      winRate: this.count === 0 ? null : toMoney(toDecimal(this.wins).dividedBy(this.count).toDecimalPlaces(4)),
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
 * and the sliced close-window read, trade-stats-range.ts, are tested against): the database folds the scope's trades
 * into the finest cells (symbol, side, weekday and hour of the open in the trader's zone, sessions), sums and extremes
 * only, which add up exactly (Decimal) into the overall figures and every grouping here; it folds tags over the trades
 * that have any, and answers the outcomes as one W/L/B letter per trade in close order (the order of the account
 * index), from which the streaks are the longest runs. The cells are at most a few thousand rows whatever the number
 * of trades. The statement is the repository's (StatsStatements.liveRow; readTradeStats runs this on a database).
 */
export async function liveTradeStats(
  reads: Pick<StatsStatements, 'liveRow'>,
  caller: Caller,
  input: TradeStatsInput,
  clock: StatsClock,
): Promise<ScopeStats> {
  const row = await reads.liveRow(caller, input, clock);
  const outcomes = row?.outcomes ?? '';
  return statsAnswer(clock, input, row?.groups ?? [], row?.tags ?? [], {
    wins: longestRun(outcomes, 'W'),
    losses: longestRun(outcomes, 'L'),
  });
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
