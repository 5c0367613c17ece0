/**
 * The daily loss rule: each firm day's floor is a reference level (the initial balance, the day-start
 * balance or equity, or the higher of the two) minus a fixed amount or a percentage of the initial
 * balance or of that level (rules/apply.ts `dailyFloor`). The day-start levels are the firm's at the reset
 * (day-start.ts); an estimate says so. Today's headroom is measured on the equity now; a breach on any day
 * of the attempt stays a breach, and the first one is the answer's `breach`.
 */
import type { FirmDayBounds } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { isoLocal, isoUtc } from '../clock/zone.js';
import { Decimal, maxOf, minOf, num, percentOf } from '../shared/money.js';
import { dailyFloor, type KnownDaily } from '../rules/apply.js';
import type { Point } from './attempt-points.js';
import { describeBreach, type FloorBreach } from './breach.js';
import { dayStartOf } from './day-start.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface DailyLossInput {
  daily: KnownDaily | null;
  rollover: ParsedRollover | null;
  /** Today's firm day, when the roll-over is known. */
  today: FirmDayBounds | null;
  todayName: string;
  initial: Decimal;
  /** The attempt's first day: on it the day starts from the initial balance, exactly. */
  startedOn: string | null;
  points: readonly Point[];
  equityNow: Decimal;
  /** From the walk: the days whose equity fell below their floor, in day order. */
  breaches: ReadonlyMap<string, FloorBreach>;
  threshold: number;
  currency: string;
}

export function dailyLossHeadroom(input: DailyLossInput, reasons: HeadroomReason[]): Headroom['dailyLoss'] {
  const { daily, rollover, today, todayName, initial, startedOn, points, equityNow, breaches, threshold, currency } = input;
  const first = breaches.values().next();
  const out: Headroom['dailyLoss'] = {
    day: today && rollover ? describeDay(today, rollover) : null,
    reference: null,
    comparison: null,
    limit: null,
    floor: null,
    used: null,
    left: null,
    leftPercent: null,
    lowestEquity: null,
    lowestLeft: null,
    breach: first.done ? null : describeBreach('dailyLoss', first.value, rollover),
  };
  if (daily) {
    const start = dayStartOf(points, todayName, initial, startedOn);
    // A reference of the initial balance itself is the firm's figure whatever the data.
    const estimated = start.accuracy === 'estimated' && daily.basis !== 'initial_balance';
    const ref = dailyFloor(daily, initial, start.levels);
    const lowestToday = lowestEquityOf(points, todayName, equityNow);
    const left = equityNow.minus(ref.floor);
    Object.assign(out, {
      reference: {
        level: num(ref.level),
        kind: daily.basis,
        source: start.source,
        sourceDay: start.day,
        accuracy: estimated ? 'estimated' : 'exact',
        why: estimated ? start.why : null,
      },
      comparison: daily.comparison ?? 'below',
      limit: num(ref.limit),
      floor: num(ref.floor),
      used: num(maxOf(new Decimal(0), ref.level.minus(equityNow))),
      left: num(left),
      leftPercent: percentOf(left, ref.limit),
      lowestEquity: num(lowestToday),
      lowestLeft: num(lowestToday.minus(ref.floor)),
    });
    if (estimated && rollover)
      reasons.push({
        rule: 'dailyLoss',
        kind: 'info',
        code: 'dailyLoss.reference_estimated',
        values: { floor: num(ref.floor), currency },
        message: `today's daily floor ${num(ref.floor)} ${currency} is an estimate: ${start.why ?? ''}`,
      });
    // Without a roll-over the day's window is a guess, so it neither warns nor breaches.
    if (rollover && left.lt(ref.limit.times(threshold)) && !breaches.has(todayName)) {
      reasons.push({
        rule: 'dailyLoss',
        kind: 'warning',
        code: 'dailyLoss.near_limit',
        values: { leftPercent: out.leftPercent, left: num(left), floor: num(ref.floor), currency },
        message: `${out.leftPercent ?? 0}% of today's daily loss limit is left (${num(left)} ${currency} above the floor ${num(ref.floor)})`,
      });
    }
  }
  for (const b of breaches.values()) {
    const { at, floor, by } = describeBreach('dailyLoss', b, rollover);
    reasons.push({
      rule: 'dailyLoss',
      kind: 'breached',
      code: 'dailyLoss.breached',
      values: { day: b.day, lowestEquity: num(b.low), floor, by, at, currency },
      message: `equity fell to ${num(b.low)} ${currency} on ${b.day}, ${by} below that day's daily loss floor ${floor}`,
    });
  }
  return out;
}

/** The lowest equity a day's points saw, else the equity now. */
function lowestEquityOf(points: readonly Point[], day: string, equityNow: Decimal): Decimal {
  const lows = points.filter((p) => p.day === day).map((p) => p.low);
  return lows.length > 0 ? lows.reduce(minOf) : equityNow;
}

function describeDay(b: FirmDayBounds, r: ParsedRollover) {
  return {
    day: b.day,
    startUtc: isoUtc(b.startMs),
    endUtc: isoUtc(b.endMs),
    startLocal: isoLocal(r.zone, b.startMs),
    endLocal: isoLocal(r.zone, b.endMs),
  };
}
