import { readCtraderTime, wallClock } from '../ctrader/ctrader-values.js';
import type { FileTime } from '../types.js';

const YEAR_FIRST = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const YEAR_LAST = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*([AP]M)?)?$/i;

/** `+09:00`, `-0500`, `Z` → minutes east of UTC. */
function offsetOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (/^z$/i.test(text)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (m === null) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** A 12-hour clock's hour as 0–23, or -1 when it is not one. */
function hour24(hour: number, meridiem: string | undefined): number {
  if (meridiem === undefined) return hour;
  if (hour < 1 || hour > 12) return -1;
  return (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
}

/**
 * A time cell of a CSV read through a column mapping: year first (`2026-03-02 15:52:10`, `2026.03.02 15:52`, ISO
 * with `T` and an offset or `Z`), year last with slashes (`3/2/2026 3:52:10 PM`, month first unless `dayFirst`), or
 * with a month name (`2 Mar 2026 15:52:10`). A date alone is midnight. Null when it is none of these.
 */
export function readMappedTime(raw: string, dayFirst: boolean): FileTime | null {
  const s = raw.trim();
  let m = YEAR_FIRST.exec(s);
  if (m !== null) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0', zone] = m;
    const local = wallClock(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(sec));
    return local === null ? null : { local, offsetMinutes: offsetOf(zone) };
  }
  m = YEAR_LAST.exec(s);
  if (m !== null) {
    const [, a = '', b = '', y, h = '0', mi = '0', sec = '0', meridiem] = m;
    const [d, mo] = dayFirst ? [a, b] : [b, a];
    const hour = hour24(Number(h), meridiem);
    const local = hour < 0 ? null : wallClock(Number(y), Number(mo), Number(d), hour, Number(mi), Number(sec));
    return local === null ? null : { local, offsetMinutes: null };
  }
  const named = /^\d{1,2} [A-Za-z]{3}/.test(s) ? readCtraderTime(s) : null;
  return named === null ? null : { local: named, offsetMinutes: null };
}
