/**
 * Weekend holding. The firm's weekend close is Friday's roll-over in the firm's clock, written as the
 * start of the firm day named Saturday: 00:00 Saturday in Prague for FTMO's midnight roll-over, Friday
 * 17:00 New York for a 17:00 roll-over (whose days are named by the date they end on). A position is held
 * over the weekend when it was opened strictly before such an instant and closed strictly after it.
 */
import { firmDayBounds, firmDayBoundsAt } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { addDays, parseDate } from '../shared/calendar.js';
import type { Trade } from './trades.js';

const SATURDAY = 6;

function weekday(day: string): number {
  const p = parseDate(day);
  if (!p) throw new RangeError(day);
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
}

/** The first weekend close strictly after the instant. */
export function nextWeekendClose(afterMs: number, rollover: ParsedRollover): number {
  const today = firmDayBoundsAt(afterMs, rollover).day;
  let saturday = addDays(today, (SATURDAY - weekday(today) + 7) % 7);
  let start = firmDayBounds(saturday, rollover).startMs;
  // Opened during the Saturday firm day itself (a crypto symbol): the next close is a week on.
  if (start <= afterMs) {
    saturday = addDays(saturday, 7);
    start = firmDayBounds(saturday, rollover).startMs;
  }
  return start;
}

export interface WeekendHold {
  trade: Trade;
  /** The first weekend close the position was open across. */
  closeMs: number;
}

/** The positions open across a weekend close, in the order given. */
export function weekendHolds(trades: readonly Trade[], rollover: ParsedRollover): WeekendHold[] {
  const holds: WeekendHold[] = [];
  for (const trade of trades) {
    const closeMs = nextWeekendClose(trade.openMs, rollover);
    if (closeMs < trade.closeMs) holds.push({ trade, closeMs });
  }
  return holds;
}
