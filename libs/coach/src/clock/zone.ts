/**
 * Time zones without a time-zone library: an IANA name resolved by the platform's `Intl.DateTimeFormat`,
 * a fixed offset written `UTC+03:00`, or the broker convention `GMT+2/+3` (New York + 7 h, so it changes
 * offset on New York's DST dates). Nothing here reads the machine's own zone.
 */
import { pad } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';

export type Zone =
  | { readonly kind: 'iana'; readonly name: string }
  | { readonly kind: 'fixed'; readonly name: string; readonly offsetMinutes: number }
  | { readonly kind: 'broker'; readonly name: 'GMT+2/+3' };

const FIXED = /^UTC([+-])(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
/** The broker server clock runs this far ahead of New York all year (GMT+2 in winter, GMT+3 in summer). */
const BROKER_AHEAD_OF_NEW_YORK_MINUTES = 7 * 60;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone: building them is the slow part of Intl. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function isIanaZone(name: string): boolean {
  // "+03:00" and the like are accepted by some engines as zones; only names are IANA zones here.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a zone spec. `broker` allows the `GMT+2/+3` convention (statements); roll-over clocks do not
 * need it, since their words map to New York directly.
 */
export function parseZone(spec: string, field: string, opts: { broker?: boolean } = {}): Zone {
  const trimmed = spec.trim();
  if (opts.broker && trimmed.toUpperCase() === 'GMT+2/+3') return { kind: 'broker', name: 'GMT+2/+3' };
  const m = FIXED.exec(trimmed);
  if (m) {
    const hours = Number(m[2]);
    const minutes = Number(m[3]);
    if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) {
      throw new CoachInputError(`${field}: the offset ${trimmed} is out of range (UTC-14:00 to UTC+14:00)`, field);
    }
    const sign = m[1] === '-' ? -1 : 1;
    return { kind: 'fixed', name: trimmed, offsetMinutes: sign * (hours * 60 + minutes) };
  }
  if (/^(UTC|GMT)[+-]/i.test(trimmed)) {
    throw new CoachInputError(`${field}: write a fixed offset as UTC+HH:MM (e.g. UTC+03:00), not "${trimmed}"`, field);
  }
  if (isIanaZone(trimmed)) return { kind: 'iana', name: trimmed };
  const also = opts.broker ? ', or GMT+2/+3' : '';
  throw new CoachInputError(
    `${field}: "${trimmed}" is not a time zone; use an IANA name such as Europe/Prague, a fixed offset such as UTC+03:00${also}`,
    field,
  );
}

/** Offset of the zone from UTC at the instant, in minutes (Prague in summer: +120). */
export function offsetMinutesAt(zone: Zone, epochMs: number): number {
  switch (zone.kind) {
    case 'fixed':
      return zone.offsetMinutes;
    case 'broker':
      return ianaOffsetMinutes('America/New_York', epochMs) + BROKER_AHEAD_OF_NEW_YORK_MINUTES;
    case 'iana':
      return ianaOffsetMinutes(zone.name, epochMs);
  }
}

const HOUR_MS = 3_600_000;
/** Hours (UTC-aligned, by zone) known to hold one offset throughout: their offset. Bounded; cleared when full. */
const uniformHours = new Map<string, Map<number, number>>();
const MAX_CACHED_HOURS_PER_ZONE = 200_000;

/**
 * The zone's offset at the instant. Intl's `formatToParts` is slow (tens of µs), and an import converts every
 * trade's open and close three times over (`wallTimeToEpoch`), so answers are kept per UTC hour: an hour whose first
 * and last seconds show the same offset holds no change of offset (zones change offset at most a few times a year,
 * never twice within an hour), and every instant in it has that offset. An hour that does hold a change (a
 * half-hour change, as Lord Howe's) is asked exactly each time.
 */
function ianaOffsetMinutes(timeZone: string, epochMs: number): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  let hours = uniformHours.get(timeZone);
  const cached = hours?.get(hour);
  if (cached !== undefined) return cached;
  const first = exactOffsetMinutes(timeZone, hour * HOUR_MS);
  const last = exactOffsetMinutes(timeZone, (hour + 1) * HOUR_MS - 1000);
  if (first !== last) return exactOffsetMinutes(timeZone, epochMs);
  if (!hours || hours.size >= MAX_CACHED_HOURS_PER_ZONE) {
    hours = new Map();
    uniformHours.set(timeZone, hours);
  }
  hours.set(hour, first);
  return first;
}

/** The offset as Intl prints it, uncached (exported for the cache's own test). */
export function exactOffsetMinutes(timeZone: string, epochMs: number): number {
  // Intl prints whole seconds; offsets are whole minutes, so compare at the second.
  const secondMs = Math.floor(epochMs / 1000) * 1000;
  const f = wallFields(timeZone, secondMs);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((asUtc - secondMs) / MINUTE_MS);
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallFields(timeZone: string, epochMs: number): WallTime {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The wall-clock time the zone shows at the instant. */
export function wallTimeAt(zone: Zone, epochMs: number): WallTime {
  const shifted = new Date(epochMs + offsetMinutesAt(zone, epochMs) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * The instant a wall-clock time names in the zone. A time that occurs twice (clocks go back) or never
 * (clocks go forward) is read with the offset in force just before the change, the "earlier offset":
 * the repeated hour resolves to its first occurrence, a skipped time lands as far after the change as
 * it was meant to be after the last valid minute (Prague 02:30 on the spring-forward day is 03:30 CEST).
 * This is Temporal's `disambiguation: 'compatible'`, and it keeps consecutive day boundaries ordered.
 */
export function wallTimeToEpoch(zone: Zone, w: WallTime): number {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  if (zone.kind === 'fixed') return naive - zone.offsetMinutes * MINUTE_MS;
  // Offsets a day before and after bracket any single transition near this time.
  const before = offsetMinutesAt(zone, naive - 86_400_000);
  const after = offsetMinutesAt(zone, naive + 86_400_000);
  const withBefore = naive - before * MINUTE_MS;
  if (offsetMinutesAt(zone, withBefore) === before) return withBefore; // valid, and the first if repeated
  const withAfter = naive - after * MINUTE_MS;
  if (offsetMinutesAt(zone, withAfter) === after) return withAfter;
  return withBefore; // skipped: keep the earlier offset
}

/** `+02:00`, `-05:00`, or `Z` when `z` is asked for and the offset is zero. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 in UTC without milliseconds: 2026-03-28T23:00:00Z. */
export function isoUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** ISO 8601 in the zone's local time with its offset: 2026-03-29T00:00:00+01:00. */
export function isoLocal(zone: Zone, epochMs: number): string {
  const w = wallTimeAt(zone, epochMs);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  return `${date}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${formatOffset(offsetMinutesAt(zone, epochMs))}`;
}
