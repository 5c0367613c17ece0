/**
 * The trader's history as firm days of one plan's clock, in percent of the account's initial balance (the
 * units the simulation's engine works in), so that any plan's rules can be laid over it.
 *
 * Trades, when every day that moved the balance has them: a trade's profit falls on the firm day of its
 * close, a day with a trade opened or closed is a trading day, and the day's low is the worst of, in the
 * order trades opened, the profit already closed that day plus the trade's adverse excursion (a trade's
 * loss when its excursion is unknown). Concurrent trades' excursions are not added together (their
 * timing inside the trade is unknown), which is optimistic. Days otherwise: a UTC day becomes the firm
 * day holding its midpoint (its P&L cannot be split across the roll-over) and it dips to its snapshot low,
 * or to its close when that lost. A snapshot low also deepens a trades day's low on the same firm day.
 */
import { firmDayBoundsAt } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { daysBetween, parseDate } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import { money } from '../shared/money.js';
import type { ReplayHistory, ReplayHistoryDay, ReplayTrade } from './types.js';

/** Most history days a replay reads: about twenty years of trading days. */
export const MAX_REPLAY_HISTORY_DAYS = 5000;
const MAX_TRADES = 200_000;
const EPOCH = '1970-01-01';

interface ReadTrade {
  openMs: number;
  closeMs: number;
  profit: number;
  mae: number;
}

interface ReadDay {
  midMs: number;
  close: number;
  /** Snapshot low against the day's start equity; NaN when unknown. */
  snapshotLow: number;
  trades: ReadTrade[];
}

/** The history checked once and turned into percentages; firm days are cut from it per clock. */
export interface ReadHistory {
  unit: 'trades' | 'days';
  days: ReadDay[];
}

/** A plan's clock over the history: firm days in order, with their calendar ordinal, close, low and trading flag. */
export interface FirmSeries {
  names: string[];
  /** Days since 1970-01-01 of each firm day's name. */
  ordinal: Int32Array;
  close: Float64Array;
  low: Float64Array;
  traded: Uint8Array;
}

/** Input from outside may hold anything where an object is expected; checked before its fields are read. */
export const isRecord = (x: unknown): boolean => typeof x === 'object' && x !== null;
/** A list, without narrowing a typed one to `any[]`. */
export const isList = (x: unknown): boolean => Array.isArray(x);

const instant = (text: unknown, field: string): number => {
  const ms = typeof text === 'string' && /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms)) throw new CoachInputError(`${field}: give an ISO 8601 instant with its offset`, field);
  return ms;
};

export function readHistory(history: ReplayHistory): ReadHistory {
  if (!isRecord(history)) throw new CoachInputError('history: give initialBalance and days', 'history');
  const initial = money(history.initialBalance, 'history.initialBalance');
  if (!initial.gt(0)) throw new CoachInputError('history.initialBalance: must be above 0', 'history.initialBalance');
  const days: readonly ReplayHistoryDay[] = history.days;
  if (!isList(days) || days.length === 0 || days.length > MAX_REPLAY_HISTORY_DAYS) {
    throw new CoachInputError(`history.days: give 1 to ${MAX_REPLAY_HISTORY_DAYS} days`, 'history.days');
  }
  const pct = (text: string | null | undefined, field: string): number =>
    money(text as string, field)
      .div(initial)
      .times(100)
      .toNumber();
  // Counters the days' closure sets (an object, so flow analysis sees them change).
  const seen = { trades: 0, everyMoveHasTrades: true, anyTrade: false };
  let previousEnd = Number.NEGATIVE_INFINITY;
  const read = days.map((d, i): ReadDay => {
    const f = `history.days[${i}]`;
    if (!isRecord(d) || typeof d.day !== 'string' || !parseDate(d.day))
      throw new CoachInputError(`${f}.day: write the date YYYY-MM-DD`, `${f}.day`);
    const startMs = instant(d.startUtc, `${f}.startUtc`);
    const endMs = instant(d.endUtc, `${f}.endUtc`);
    if (!(endMs > startMs) || startMs < previousEnd) {
      throw new CoachInputError(`${f}.endUtc: days must be in order, each ending after it starts`, `${f}.endUtc`);
    }
    previousEnd = endMs;
    const close = pct(d.closedPnl, `${f}.closedPnl`);
    const startEquity = pct(d.startEquity, `${f}.startEquity`);
    pct(d.startBalance, `${f}.startBalance`);
    const snapshotLow = d.lowestEquity == null ? Number.NaN : Math.min(0, pct(d.lowestEquity, `${f}.lowestEquity`) - startEquity);
    const list: readonly ReplayTrade[] | null = d.trades ?? null;
    if (list !== null && !isList(list)) throw new CoachInputError(`${f}.trades: give a list of trades`, `${f}.trades`);
    if (list === null && close !== 0) seen.everyMoveHasTrades = false;
    seen.trades += list?.length ?? 0;
    if (seen.trades > MAX_TRADES) throw new CoachInputError(`history.days: at most ${MAX_TRADES} trades`, 'history.days');
    const readTrades = (list ?? []).map((t, j): ReadTrade => {
      const g = `${f}.trades[${j}]`;
      if (!isRecord(t)) throw new CoachInputError(`${g}: give the trade's openedAt, closedAt and profit`, g);
      const openMs = instant(t.openedAt, `${g}.openedAt`);
      const closeMs = instant(t.closedAt, `${g}.closedAt`);
      if (closeMs < openMs) throw new CoachInputError(`${g}.closedAt: a trade closes after it opens`, `${g}.closedAt`);
      const profit = pct(t.profit, `${g}.profit`);
      const mae = t.mae == null ? Math.min(0, profit) : pct(t.mae, `${g}.mae`);
      if (mae > 0) throw new CoachInputError(`${g}.mae: an adverse excursion is at most 0`, `${g}.mae`);
      seen.anyTrade = true;
      return { openMs, closeMs, profit, mae: Math.min(mae, profit) };
    });
    return { midMs: (startMs + endMs) / 2, close, snapshotLow, trades: readTrades };
  });
  return { unit: seen.everyMoveHasTrades && seen.anyTrade ? 'trades' : 'days', days: read };
}

interface Bucket {
  close: number;
  low: number;
  traded: boolean;
  /** For trades: each trade's low candidate and the close it adds, by opening. */
  trades: ReadTrade[];
}

/** The history cut into the firm days of one clock, in the unit the history supports. */
export function firmSeries(history: ReadHistory, rollover: ParsedRollover): FirmSeries {
  const buckets = new Map<string, Bucket>();
  const bucket = (ms: number): Bucket => {
    const name = firmDayBoundsAt(ms, rollover).day;
    let b = buckets.get(name);
    if (!b) buckets.set(name, (b = { close: 0, low: 0, traded: false, trades: [] }));
    return b;
  };
  for (const day of history.days) {
    if (history.unit === 'days') {
      const b = bucket(day.midMs);
      // Two history days on one firm day (a clock far from UTC): the second dips from where the first closed.
      const dayLow = Number.isNaN(day.snapshotLow) ? Math.min(0, day.close) : Math.min(day.snapshotLow, day.close);
      b.low = Math.min(b.low, b.close + dayLow);
      b.close += day.close;
      if (day.close !== 0 || day.trades.length > 0) b.traded = true;
    } else {
      for (const t of day.trades) {
        bucket(t.openMs).traded = true;
        const b = bucket(t.closeMs);
        b.traded = true;
        b.trades.push(t);
      }
      if (!Number.isNaN(day.snapshotLow)) {
        const b = bucket(day.midMs);
        b.low = Math.min(b.low, day.snapshotLow);
      }
    }
  }
  if (history.unit === 'trades') {
    for (const b of buckets.values()) {
      b.trades.sort((x, y) => x.openMs - y.openMs);
      const byClose = [...b.trades].sort((x, y) => x.closeMs - y.closeMs);
      let closedIndex = 0;
      let closedBefore = 0;
      for (const t of b.trades) {
        while (closedIndex < byClose.length && (byClose[closedIndex] as ReadTrade).closeMs <= t.openMs)
          closedBefore += (byClose[closedIndex++] as ReadTrade).profit;
        b.low = Math.min(b.low, closedBefore + t.mae);
        b.close += t.profit;
      }
      b.low = Math.min(b.low, b.close);
    }
  }
  const names = [...buckets.keys()].sort();
  const series: FirmSeries = {
    names,
    ordinal: Int32Array.from(names, (n) => daysBetween(EPOCH, n)),
    close: new Float64Array(names.length),
    low: new Float64Array(names.length),
    traded: new Uint8Array(names.length),
  };
  names.forEach((n, i) => {
    const b = buckets.get(n) as Bucket;
    series.close[i] = b.close;
    series.low[i] = Math.min(b.low, 0);
    series.traded[i] = b.traded ? 1 : 0;
  });
  return series;
}

export const ordinalOf = (date: string): number => daysBetween(EPOCH, date);
