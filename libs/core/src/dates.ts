/** Calendar dates travel as ISO `YYYY-MM-DD` strings and are stored as UTC-midnight `Date`s (`@db.Date`). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date: `2026-02-30` and `2026-13-01` are false. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** Parses a validated ISO date to its UTC-midnight Date. Call only after `isIsoDate`. */
export function isoToDate(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}

export function dateToIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function todayIso(now: Date = new Date()): string {
  return dateToIso(now);
}

/** Whole days from `from` to `to` (both ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((isoToDate(to).getTime() - isoToDate(from).getTime()) / DAY_MS);
}

export function addDays(iso: string, days: number): string {
  return dateToIso(new Date(isoToDate(iso).getTime() + days * DAY_MS));
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * An ISO 8601 instant that names its zone (`Z` or `±HH:MM`) on a real calendar date. A time without a zone
 * is refused: read in the server's own zone it would mean a different instant on every machine.
 */
export function isIsoInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  return m !== null && isIsoDate(m[1] ?? '') && !Number.isNaN(Date.parse(value));
}
