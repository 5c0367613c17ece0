/**
 * One pass over the attempt's points, in order: the daily floor of each day (set from the last point
 * before it: the previous day's report, else its last snapshot, as day-start.ts reads today's), the maximum-loss floor as its high-water mark moves, and the days traded.
 * A point's low is judged against the floor before its high may raise the high-water mark: within one
 * snapshot the order of its high and low is unknown, and this reading is the one that does not invent
 * a breach.
 */
import type { ParsedRollover } from '../clock/rollover.js';
import type { Decimal } from '../shared/money.js';
import type { Point } from './attempt-points.js';
import { dailyFloor, isBreached, type KnownDaily, type KnownMaxLoss, maxLossFloor, raiseHighWaterMark } from '../rules/apply.js';
import type { FloorBreach } from './breach.js';

export interface WalkRules {
  initial: Decimal;
  daily: KnownDaily | null;
  /** Daily floors are judged only when the firm day is known. */
  rollover: ParsedRollover | null;
  maxLoss: KnownMaxLoss | null;
}

export interface Walk {
  /** Each day whose equity fell below that day's daily floor, with the first low that did, in day order. */
  dailyBreaches: Map<string, FloorBreach>;
  /** The first point below the maximum-loss floor of its time. */
  maxBreach: FloorBreach | null;
  /** The maximum-loss high-water mark after the last point (the initial balance without such a rule). */
  highWaterMark: Decimal;
  /** Each day's facts for the trading-day count: its closed P&L (reports) and whether the balance moved. */
  days: Map<string, { closedPnl: Decimal | null; balanceChanged: boolean }>;
}

export function walkAttempt(points: readonly Point[], { initial, daily, rollover, maxLoss }: WalkRules): Walk {
  let close = { balance: initial, equity: initial }; // the levels of the last point so far (the initial balance on day 1)
  let lastBalance = initial;
  let hwm = initial;
  let currentDay: string | null = null;
  let dayFloor: Decimal | null = null;
  const dailyBreaches = new Map<string, FloorBreach>();
  let maxBreach: FloorBreach | null = null;
  const days = new Map<string, { closedPnl: Decimal | null; balanceChanged: boolean }>();
  for (const p of points) {
    if (p.day !== currentDay) {
      currentDay = p.day;
      dayFloor = daily ? dailyFloor(daily, initial, close).floor : null;
    }
    if (daily && dayFloor && rollover && isBreached(daily.comparison, p.low, dayFloor) && !dailyBreaches.has(p.day))
      dailyBreaches.set(p.day, { day: p.day, low: p.low, floor: dayFloor, atMs: p.lowAtMs });
    if (maxLoss) {
      const floor = maxLossFloor(maxLoss, initial, hwm).floor;
      if (!maxBreach && isBreached(maxLoss.comparison, p.low, floor)) maxBreach = { day: p.day, low: p.low, floor, atMs: p.lowAtMs };
      hwm = raiseHighWaterMark(maxLoss.type, hwm, { kind: p.kind, balance: p.balance, equity: p.equity, maxEquity: p.high });
    }
    const day = days.get(p.day) ?? { closedPnl: null, balanceChanged: false };
    days.set(p.day, {
      closedPnl: p.closedPnl ?? day.closedPnl,
      balanceChanged: day.balanceChanged || (p.kind === 'snapshot' && !p.balance.eq(lastBalance)),
    });
    lastBalance = p.balance;
    close = { balance: p.balance, equity: p.equity };
  }
  return { dailyBreaches, maxBreach, highWaterMark: hwm, days };
}
