/**
 * Firm days: the windows between two roll-overs of a firm's clock, and the name each one goes by.
 *
 * Naming convention: a firm day is named by the local calendar date that holds most of it. With a
 * roll-over before 12:00 (FTMO's Prague midnight, 00:00 UTC+3) that is the date it starts on; with a
 * roll-over at or after 12:00 (17:00 New York) it is the date it ends on, as forex brokers name their
 * trading day: the day from Monday 17:00 to Tuesday 17:00 New York is "Tuesday".
 */
import { addDays, formatDate, parseDate } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import { type ParsedRollover, type Rollover, validateRollover } from './rollover.js';
import { isoLocal, isoUtc, wallTimeAt, wallTimeToEpoch } from './zone.js';

export interface FirmDay {
  /** The day's name, YYYY-MM-DD (see the naming convention above). */
  day: string;
  /** Start of the day (inclusive), ISO 8601 in UTC. */
  startUtc: string;
  /** End of the day (exclusive; the next day's start), ISO 8601 in UTC. */
  endUtc: string;
  /** Start in the firm's clock, ISO 8601 with its offset, e.g. 2026-03-29T00:00:00+01:00. */
  startLocal: string;
  /** End in the firm's clock, ISO 8601 with its offset. */
  endLocal: string;
}

/** A firm day's window as epoch milliseconds, for arithmetic. */
export interface FirmDayBounds {
  day: string;
  startMs: number;
  endMs: number;
}

const NOON = 12 * 60;

function parsed(rollover: Rollover | ParsedRollover): ParsedRollover {
  return 'zone' in rollover ? rollover : validateRollover(rollover);
}

/** Windows by roll-over and day name, kept for the process as `WINDOWS` below keeps them by instant. */
const NAMED = new Map<string, FirmDayBounds>();

/** The window of the named day, in milliseconds. */
export function firmDayBounds(day: string, rollover: Rollover | ParsedRollover): FirmDayBounds {
  const r = parsed(rollover);
  const key = `${r.zone.name}|${String(r.minutes)}|${day}`;
  const kept = NAMED.get(key);
  if (kept) return kept;
  const found = findNamedBounds(day, r);
  if (NAMED.size >= MAX_HOURS_KEPT) NAMED.clear();
  NAMED.set(key, found);
  return found;
}

function findNamedBounds(day: string, r: ParsedRollover): FirmDayBounds {
  if (!parseDate(day)) throw new CoachInputError(`day: "${day}" is not a calendar date written YYYY-MM-DD`, 'day');
  const startDate = r.minutes < NOON ? day : addDays(day, -1);
  const at = (date: string) => {
    const p = parseDate(date);
    if (!p) throw new RangeError(date);
    return wallTimeToEpoch(r.zone, { ...p, hour: Math.floor(r.minutes / 60), minute: r.minutes % 60, second: 0 });
  };
  return { day, startMs: at(startDate), endMs: at(addDays(startDate, 1)) };
}

/**
 * Windows found so far, per roll-over and UTC hour of an instant they hold, for the whole process: a window depends
 * only on its roll-over and the instant (the zone rules are fixed), and finding one costs several Intl lookups, so
 * the same days named again (every account of a firm, every rule of a headroom, every answer) cost a map lookup.
 * An hour that holds a roll-over keeps one of its two windows and finds the other anew. Bounded per roll-over.
 */
const WINDOWS = new Map<string, Map<number, FirmDayBounds>>();
const MAX_HOURS_KEPT = 100_000;
const HOUR_MS = 3_600_000;

/** The bounds of the firm day containing the instant. */
export function firmDayBoundsAt(epochMs: number, rollover: Rollover | ParsedRollover): FirmDayBounds {
  const r = parsed(rollover);
  const key = `${r.zone.name}|${String(r.minutes)}`;
  let windows = WINDOWS.get(key);
  if (!windows) WINDOWS.set(key, (windows = new Map<number, FirmDayBounds>()));
  const hour = Math.floor(epochMs / HOUR_MS);
  const kept = windows.get(hour);
  if (kept && epochMs >= kept.startMs && epochMs < kept.endMs) return kept;
  const found = findBoundsAt(epochMs, r);
  if (windows.size >= MAX_HOURS_KEPT) windows.clear();
  windows.set(hour, found);
  return found;
}

function findBoundsAt(epochMs: number, r: ParsedRollover): FirmDayBounds {
  const w = wallTimeAt(r.zone, epochMs);
  const localDate = formatDate(w);
  const startDate = w.hour * 60 + w.minute >= r.minutes ? localDate : addDays(localDate, -1);
  let bounds = firmDayBounds(r.minutes < NOON ? startDate : addDays(startDate, 1), r);
  // A roll-over inside a skipped hour moves its boundary; step to the neighbour that holds the instant.
  for (let i = 0; i < 3 && epochMs < bounds.startMs; i++) bounds = firmDayBounds(addDays(bounds.day, -1), r);
  for (let i = 0; i < 3 && epochMs >= bounds.endMs; i++) bounds = firmDayBounds(addDays(bounds.day, 1), r);
  return bounds;
}

function describe(bounds: FirmDayBounds, r: ParsedRollover): FirmDay {
  return {
    day: bounds.day,
    startUtc: isoUtc(bounds.startMs),
    endUtc: isoUtc(bounds.endMs),
    startLocal: isoLocal(r.zone, bounds.startMs),
    endLocal: isoLocal(r.zone, bounds.endMs),
  };
}

/** The firm day containing the instant (its start is inside the day, its end is not). */
export function firmDayAt(instant: Date, rollover: Rollover): FirmDay {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) throw new CoachInputError('instant: not a valid date', 'instant');
  const r = validateRollover(rollover);
  return describe(firmDayBoundsAt(ms, r), r);
}

/** The window of a named firm day. */
export function firmDayOf(day: string, rollover: Rollover): FirmDay {
  const r = validateRollover(rollover);
  return describe(firmDayBounds(day, r), r);
}
