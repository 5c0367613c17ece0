/**
 * One best day for every rule that asks for it (the consistency rule in the headroom, the best day trade by
 * trade, and through the headroom the simulation's start): a position's profit is booked as the firm books it,
 * by MetaTrader's deals: each closed part on the firm day of its own close, not the whole position on the day
 * of its last close. A day with an end-of-day report takes the report's closed P&L (the firm's own figure);
 * other days (today, before its report) take their trades' closed parts.
 */
import { Decimal } from '../shared/money.js';
import type { FirmDayNamer } from './days.js';
import type { Trade } from './trades.js';

/** A closed part of a position: when it closed and its net (profit with its share of the costs). */
export interface ClosedPart {
  readonly closeMs: number;
  readonly net: Decimal;
}

/**
 * The closed parts of a position: one per exit, its profit plus the position's costs (net minus the exits'
 * profits: commission, swap, fees) shared by the exit's volume, the last part taking what rounding leaves so
 * the parts add up to the net exactly. Without exits, one part: the whole net at the close.
 */
export function closedParts(
  exits: readonly { atMs: number; volume: Decimal; profit: Decimal }[],
  net: Decimal,
  closeMs: number,
): ClosedPart[] {
  if (exits.length < 2) return [{ closeMs, net }];
  const lots = exits.reduce((s, e) => s.plus(e.volume), new Decimal(0));
  const costs = net.minus(exits.reduce((s, e) => s.plus(e.profit), new Decimal(0)));
  const parts: ClosedPart[] = [];
  let booked = new Decimal(0);
  exits.forEach((e, i) => {
    const last = i === exits.length - 1;
    const share = lots.isZero() ? new Decimal(0) : costs.times(e.volume).div(lots).toDecimalPlaces(4);
    const part = last ? net.minus(booked) : e.profit.plus(share);
    booked = booked.plus(part);
    parts.push({ closeMs: e.atMs, net: part });
  });
  return parts;
}

/** Closed profit per firm day: a reported day's report, any other day its trades' closed parts. */
export function closedProfitByDay(
  reported: ReadonlyMap<string, Decimal>,
  trades: readonly Trade[] | null,
  namer: FirmDayNamer | null,
): Map<string, Decimal> {
  const byDay = new Map(reported);
  if (!trades || !namer) return byDay;
  const fromTrades = new Map<string, Decimal>();
  for (const t of trades)
    for (const p of t.parts) {
      const day = namer.dayAt(p.closeMs);
      if (!reported.has(day)) fromTrades.set(day, (fromTrades.get(day) ?? new Decimal(0)).plus(p.net));
    }
  for (const [day, profit] of fromTrades) byDay.set(day, profit);
  return byDay;
}

export interface BestDayFigures {
  /** Null when no day made money. */
  day: string | null;
  profit: Decimal;
  /** The total closed profit of all the days. */
  total: Decimal;
}

/** The day that made the most (an earlier day on a tie, whatever the order given), with the total. */
export function bestOfDays(byDay: ReadonlyMap<string, Decimal>): BestDayFigures {
  let best: [string, Decimal] | null = null;
  let total = new Decimal(0);
  for (const [day, profit] of byDay) {
    total = total.plus(profit);
    if (profit.gt(0) && (!best || profit.gt(best[1]) || (profit.eq(best[1]) && day < best[0]))) best = [day, profit];
  }
  return best ? { day: best[0], profit: best[1], total } : { day: null, profit: new Decimal(0), total };
}
