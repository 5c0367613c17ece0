/**
 * The futures exports' times. Tradovate and TopstepX both write US month-first dates (`02/06/2026 15:51:26`; one
 * tool's export writes `2/6/2026 15:51` without seconds); TopstepX adds the row's UTC offset (`-05:00`).
 */

export interface ReadTime {
  /** 'YYYY-MM-DD HH:MM:SS' */
  local: string;
  /** Minutes east of UTC when the cell states it, else null. */
  offsetMinutes: number | null;
  /** Milliseconds within the second, for ordering fills made in the same second. */
  millis: number;
}

const US_TIME =
  /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(?:\s*([AaPp])[Mm])?(?:\s*(Z|[+-]\d{2}:?\d{2}))?$/;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** `MM/DD/YYYY HH:MM[:SS[.fff]] [AM|PM] [±HH:MM|Z]` or ISO `YYYY-MM-DD[T ]HH:MM:SS[.fff][Z|±HH:MM]`; null when neither. */
export function readFuturesTime(raw: string): ReadTime | null {
  const s = raw.trim();
  let m = US_TIME.exec(s);
  let y: number, mo: number, d: number, h: number;
  let rest: (string | undefined)[];
  if (m !== null) {
    [mo, d, y, h] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    if (m[8] !== undefined) {
      if (h < 1 || h > 12) return null;
      h = (h % 12) + (m[8].toLowerCase() === 'p' ? 12 : 0);
    }
    rest = [m[5], m[6], m[7], m[9]];
  } else if ((m = ISO_TIME.exec(s)) !== null) {
    [y, mo, d, h] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    rest = [m[5], m[6], m[7], m[8]];
  } else {
    return null;
  }
  const [mi, sec, fraction, offset] = rest;
  const local = wallClock(y, mo, d, h, Number(mi), Number(sec ?? '0'));
  if (local === null) return null;
  const offsetMinutes = offset === undefined ? null : readOffset(offset);
  if (offsetMinutes === undefined) return null;
  return { local, offsetMinutes, millis: Math.floor(Number(`0.${fraction ?? '0'}`) * 1000) };
}

function readOffset(text: string): number | null | undefined {
  if (text === 'Z') return 0;
  const [, sign, hours = '', mins = ''] = /^([+-])(\d{2}):?(\d{2})$/.exec(text) ?? [];
  if (sign === undefined || Number(hours) > 14 || Number(mins) > 59) return undefined;
  const minutes = Number(hours) * 60 + Number(mins);
  return sign === '-' ? -minutes : minutes;
}

/** 'YYYY-MM-DD HH:MM:SS' for a real calendar date and time, else null (31 February is refused, not rolled over). */
export function wallClock(y: number, mo: number, d: number, h: number, mi: number, s: number): string | null {
  const daysInMonth = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (mo < 1 || mo > 12 || d < 1 || d > (daysInMonth[mo - 1] ?? 0) || h > 23 || mi > 59 || s > 59) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${y}-${two(mo)}-${two(d)} ${two(h)}:${two(mi)}:${two(s)}`;
}
