import { StatementError } from './errors.js';

const MT_TIME = /^(\d{4})\.(\d{2})\.(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** MQL's `datetime` runs from 1970.01.01 to 3000.12.31: a year outside it is not one a terminal wrote. */
export const MT_FIRST_YEAR = 1970;
export const MT_LAST_YEAR = 3000;

/** Whether a cell is shaped like an MT time 'YYYY.MM.DD HH:MM[:SS]' (not whether the date exists). */
export const isMtTime = (raw: string): boolean => MT_TIME.test(raw.trim());

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysIn(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * 'YYYY-MM-DD HH:MM:SS' from its parts, or a StatementError naming `where` when no clock shows it: a day the month
 * lacks (2026.02.30, 2025.02.29), 24:00, or a year outside MT's datetime (0024 must not become 1924 downstream).
 */
function wallClock(parts: readonly [string, string, string, string, string, string], raw: string, where: string): string {
  const [y, mo, d, h, mi, s] = parts;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  if (year < MT_FIRST_YEAR || year > MT_LAST_YEAR) {
    throw new StatementError('malformed', `${where}: "${raw}" is outside the years MetaTrader records (${MT_FIRST_YEAR}–${MT_LAST_YEAR}).`);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new StatementError('malformed', `${where}: "${raw}" is not a date and time that exists.`);
  }
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/**
 * 'YYYY.MM.DD HH:MM:SS' (MT4 may omit the seconds, a date alone means midnight) to 'YYYY-MM-DD HH:MM:SS',
 * still broker-server wall clock: turning it into an instant needs the server's zone, which the caller has.
 */
export function normaliseMtTime(raw: string, where: string): string {
  const m = MT_TIME.exec(raw.trim());
  if (!m) throw new StatementError('malformed', `${where}: "${raw}" is not a MetaTrader time (YYYY.MM.DD HH:MM:SS).`);
  const [, y = '', mo = '', d = '', h = '00', mi = '00', s = '00'] = m;
  return wallClock([y, mo, d, h, mi, s], raw, where);
}

/**
 * The wall clock one day after a normalised time: the latest a row may be stamped in a report written at `time`
 * (a row at 23:59 server time may be saved by a terminal whose clock reads the next day). Calendar arithmetic on
 * the digits via Date.UTC, which depends on no time zone.
 */
export function oneDayAfter(time: string): string {
  const [date = '', clock = ''] = time.split(' ');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return `${next} ${clock}`;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * The report date in the header: MT5 writes '2024.03.07 18:20', MT4 '2024 February 16, 18:05'.
 * Null when it is in neither shape (a localised month name, say): the date is informative only.
 * A date in either shape that does not exist (February 30) is refused like any other time.
 */
export function parseGeneratedAt(raw: string): string | null {
  const text = raw.trim();
  if (isMtTime(text)) return normaliseMtTime(text, 'report date');
  const m = /^(\d{4}) ([A-Za-z]+) (\d{1,2}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf((m[2] as string).toLowerCase());
  if (month < 0) return null;
  const pad = (v: string): string => v.padStart(2, '0');
  return wallClock(
    [m[1] as string, pad(String(month + 1)), pad(m[3] as string), pad(m[4] as string), m[5] as string, m[6] ?? '00'],
    raw,
    'report date',
  );
}
