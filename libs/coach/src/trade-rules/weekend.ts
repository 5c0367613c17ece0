/**
 * Weekend holding. The firm's weekend close is Friday's roll-over in the firm's clock, written as the
 * start of the firm day named Saturday: 00:00 Saturday in Prague for FTMO's midnight roll-over, Friday
 * 17:00 New York for a 17:00 roll-over (whose days are named by the date they end on). A position is held
 * over the weekend when it was opened strictly before such an instant and closed strictly after it.
 */
import { firmDayBounds, firmDayBoundsAt } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { addDays, parseDate } from '../shared/calendar.js';
import { firmDayNamer } from './days.js';
import type { Trade } from './trades.js';

const SATURDAY = 6;

function weekday(day: string): number {
  const p = parseDate(day);
  if (!p) throw new RangeError(day);
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
}

/** The first weekend close strictly after the instant. */
export function nextWeekendClose(afterMs: number, rollover: ParsedRollover): number {
  return weekendCloseAfterDay(firmDayBoundsAt(afterMs, rollover).day, rollover);
}

/**
 * The first weekend close after any instant of the named firm day: the start of the next Saturday firm day,
 * or of the one after when the day is itself a Saturday (every instant of it is at or after its start).
 */
function weekendCloseAfterDay(today: string, rollover: ParsedRollover): number {
  const ahead = (SATURDAY - weekday(today) + 7) % 7;
  // Opened during the Saturday firm day itself (a crypto symbol): the next close is a week on.
  return firmDayBounds(addDays(today, ahead === 0 ? 7 : ahead), rollover).startMs;
}

export interface WeekendHold {
  trade: Trade;
  /** The first weekend close the position was open across. */
  closeMs: number;
}

/** The positions open across a weekend close, in the order given. */
export function weekendHolds(trades: readonly Trade[], rollover: ParsedRollover): WeekendHold[] {
  const holds: WeekendHold[] = [];
  const days = firmDayNamer(rollover);
  // One close per firm day of opening: trades opened the same day share it.
  const closes = new Map<string, number>();
  for (const trade of trades) {
    const day = days.dayAt(trade.openMs);
    let closeMs = closes.get(day);
    if (closeMs === undefined) {
      closeMs = weekendCloseAfterDay(day, rollover);
      closes.set(day, closeMs);
    }
    if (closeMs < trade.closeMs) holds.push({ trade, closeMs });
  }
  return holds;
}
