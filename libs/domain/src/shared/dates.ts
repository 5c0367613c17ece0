import { AppError, addDays, dateToIso, isoToDate, todayIso } from '@propfolio/core';

export { dateToIso, isoToDate, todayIso };

/** `YYYY-MM-DD` of a nullable stored date. */
export const isoOrNull = (date: Date | null): string | null => (date ? dateToIso(date) : null);

/** Rejects a calendar date after `latest` (today by default) as a validation error on `field`. */
export function assertNotFuture(field: string, iso: string, now: Date, graceDays = 0): void {
  const latest = addDays(todayIso(now), graceDays);
  if (iso > latest) throw AppError.invalidField(field, `must not be in the future (latest allowed: ${latest})`);
}

/** Rejects a calendar date before `earliest` (e.g. the purchase date) as a validation error on `field`. */
export function assertNotBefore(field: string, iso: string, earliest: string, what: string): void {
  if (iso < earliest) throw AppError.invalidField(field, `must not be before ${what} (${earliest})`);
}
