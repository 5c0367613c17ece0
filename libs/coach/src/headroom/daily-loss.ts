/**
 * The daily loss rule: each firm day's floor is a reference level (the initial balance, the day-start
 * balance or equity, or the higher of the two) minus a fixed amount or a percentage of the initial
 * balance or of that level (rules/apply.ts `dailyFloor`). Today's headroom is measured on the equity
 * now; a breach on any day of the attempt stays a breach.
 */
import type { FirmDayBounds } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { isoLocal, isoUtc } from '../clock/zone.js';
import { Decimal, maxOf, minOf, num, percentOf } from '../shared/money.js';
import { type DayStart, dailyFloor, type KnownDaily } from '../rules/apply.js';
import type { Point } from './attempt-points.js';
import type { Headroom, HeadroomReason } from './schema.js';

export interface DailyLossInput {
  daily: KnownDaily | null;
  rollover: ParsedRollover | null;
  /** Today's firm day, when the roll-over is known. */
  today: FirmDayBounds | null;
  todayName: string;
  initial: Decimal;
  points: readonly Point[];
  equityNow: Decimal;
  /** From the walk: the days whose equity fell below their floor. */
  breaches: ReadonlyMap<string, Decimal>;
  threshold: number;
  currency: string;
}

export function dailyLossHeadroom(input: DailyLossInput, reasons: HeadroomReason[]): Headroom['dailyLoss'] {
  const { daily, rollover, today, todayName, initial, points, equityNow, breaches, threshold, currency } = input;
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
  };
  if (daily) {
    const ref = dailyFloor(daily, initial, startOfDay(points, todayName, initial));
    const lowestToday = lowestEquityOf(points, todayName, equityNow);
    const left = equityNow.minus(ref.floor);
    Object.assign(out, {
      reference: { level: num(ref.level), kind: daily.basis },
      comparison: daily.comparison ?? 'below',
      limit: num(ref.limit),
      floor: num(ref.floor),
      used: num(maxOf(new Decimal(0), ref.level.minus(equityNow))),
      left: num(left),
      leftPercent: percentOf(left, ref.limit),
      lowestEquity: num(lowestToday),
      lowestLeft: num(lowestToday.minus(ref.floor)),
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
  for (const [day, low] of breaches) {
    reasons.push({
      rule: 'dailyLoss',
      kind: 'breached',
      code: 'dailyLoss.breached',
      values: { day, lowestEquity: num(low), currency },
      message: `equity fell to ${num(low)} ${currency} on ${day}, below that day's daily loss floor`,
    });
  }
  return out;
}

/** The levels a day starts from: the last report before it, else the initial balance. */
function startOfDay(points: readonly Point[], day: string, initial: Decimal): DayStart {
  const lastReportBefore = points.filter((p) => p.kind === 'report' && p.day < day).at(-1);
  return lastReportBefore ? { balance: lastReportBefore.balance, equity: lastReportBefore.equity } : { balance: initial, equity: initial };
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
