/**
 * Calendar dates as 'YYYY-MM-DD' strings, with arithmetic done on UTC midnights so that no step
 * depends on the time zone of the machine running the code.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Reads 'YYYY-MM-DD'; null when it is not a real calendar date (2026-02-30 is refused). */
export function parseDate(text: string): DateParts | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate({ year, month, day }: DateParts): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The date `days` after (or before, when negative) the given one. */
export function addDays(date: string, days: number): string {
  const p = parseDate(date);
  if (!p) throw new RangeError(`not a calendar date: ${date}`);
  const t = new Date(Date.UTC(p.year, p.month - 1, p.day) + days * DAY_MS);
  return formatDate({ year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() });
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) throw new RangeError(`not a calendar date: ${a ? to : from}`);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

export { pad };
