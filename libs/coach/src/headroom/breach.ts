/**
 * A crossed floor as the advice reports it: which rule, the firm day, the instant equity was seen under
 * the floor and by how much. Once the data holds one, the attempt is over at the firm whatever equity does
 * next, so every advising answer (check_trade, the simulation, the dashboard's headline, /guard) leads with it.
 */
import { firmDayBounds } from '../clock/firm-day.js';
import type { ParsedRollover } from '../clock/rollover.js';
import { isoLocal, isoUtc } from '../clock/zone.js';
import { type Decimal, num } from '../shared/money.js';
import type { Breach } from './schema.js';

/** The first point of a day (or of the attempt) whose lowest equity crossed the floor of its time. */
export interface FloorBreach {
  day: string;
  low: Decimal;
  floor: Decimal;
  /** When the low was seen; null for an end-of-day report (it is then the day's end, when known). */
  atMs: number | null;
}

/**
 * The instant of a breach: the low's own instant, else the end of its firm day (a report's equity is the
 * level at the roll-over); null when neither is known (no roll-over).
 */
function instantOf(b: FloorBreach, rollover: ParsedRollover | null): number | null {
  if (b.atMs !== null) return b.atMs;
  return rollover ? firmDayBounds(b.day, rollover).endMs : null;
}

export function describeBreach(rule: Breach['rule'], b: FloorBreach, rollover: ParsedRollover | null): Breach {
  const ms = instantOf(b, rollover);
  return {
    rule,
    day: b.day,
    at: ms === null ? null : isoUtc(ms),
    atLocal: ms === null || !rollover ? null : isoLocal(rollover.zone, ms),
    floor: num(b.floor),
    lowestEquity: num(b.low),
    by: num(b.floor.minus(b.low)),
  };
}

/** The earlier of two breaches (by firm day, then instant); a daily breach first on a tie. */
export function firstBreach(a: Breach | null, b: Breach | null): Breach | null {
  if (!a || !b) return a ?? b;
  if (a.day !== b.day) return a.day < b.day ? a : b;
  if (a.at !== null && b.at !== null && a.at !== b.at) return a.at < b.at ? a : b;
  return a;
}
