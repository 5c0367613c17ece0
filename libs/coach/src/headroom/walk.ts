/**
 * One pass over the attempt's points, in order: the daily floor of each day (set from the previous
 * day's closing levels), the maximum-loss floor as its high-water mark moves, and the days traded.
 * A point's low is judged against the floor before its high may raise the high-water mark: within one
 * snapshot the order of its high and low is unknown, and this reading is the one that does not invent
 * a breach.
 */
import type { ParsedRollover } from '../clock/rollover.js';
import type { Decimal } from '../shared/money.js';
import type { Point } from './attempt-points.js';
import { dailyReference, type KnownDaily } from './daily-loss.js';
import { type KnownMaxLoss, type MaxLossBreach, maxFloor, raiseHighWaterMark } from './max-loss.js';

export interface WalkRules {
  initial: Decimal;
  daily: KnownDaily | null;
  /** Daily floors are judged only when the firm day is known. */
  rollover: ParsedRollover | null;
  maxLoss: KnownMaxLoss | null;
}

export interface Walk {
  /** Each day whose equity fell below that day's daily floor, with the first low that did. */
  dailyBreaches: Map<string, Decimal>;
  /** The first point below the maximum-loss floor of its time. */
  maxBreach: MaxLossBreach | null;
  /** The maximum-loss high-water mark after the last point (the initial balance without such a rule). */
  highWaterMark: Decimal;
  /** Days with a closed trade: a report's non-zero closed P&L, or a snapshot's balance moving. */
  daysTraded: number;
}

export function walkAttempt(points: readonly Point[], { initial, daily, rollover, maxLoss }: WalkRules): Walk {
  let close = { balance: initial, equity: initial }; // the last end-of-day levels (the initial balance on day 1)
  let lastBalance = initial;
  let hwm = initial;
  let currentDay: string | null = null;
  let dayFloor: Decimal | null = null;
  const dailyBreaches = new Map<string, Decimal>();
  let maxBreach: MaxLossBreach | null = null;
  const tradedDays = new Set<string>();
  for (const p of points) {
    if (p.day !== currentDay) {
      currentDay = p.day;
      dayFloor = daily ? dailyReference(daily, initial, close).floor : null;
    }
    if (dayFloor && rollover && p.low.lt(dayFloor) && !dailyBreaches.has(p.day)) dailyBreaches.set(p.day, p.low);
    if (maxLoss) {
      const floor = maxFloor(maxLoss, hwm).floor;
      if (!maxBreach && p.low.lt(floor)) maxBreach = { day: p.day, low: p.low, floor };
      hwm = raiseHighWaterMark(maxLoss, hwm, { kind: p.kind, balance: p.balance, equity: p.equity, maxEquity: p.high });
    }
    if ((p.closedPnl && !p.closedPnl.isZero()) || (p.kind === 'snapshot' && !p.balance.eq(lastBalance))) tradedDays.add(p.day);
    lastBalance = p.balance;
    if (p.kind === 'report') close = { balance: p.balance, equity: p.equity };
  }
  return { dailyBreaches, maxBreach, highWaterMark: hwm, daysTraded: tradedDays.size };
}
