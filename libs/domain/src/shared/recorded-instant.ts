import { registerDecorator, type ValidationOptions } from 'class-validator';
import { IS_ISO_INSTANT, isIsoInstant } from '@propfolio/core';
import { MT_FIRST_YEAR, MT_LAST_YEAR } from '@propfolio/mt-statements';

/**
 * The instants a terminal can have recorded, wherever a trade's or an account's time arrives (a statement, the
 * tracker's positions and snapshots): MQL's `datetime` runs from 1970 to 3000, so a year outside it is a tracker's
 * error, and nothing is dated far past the service's clock (a broker day ahead of UTC, a drifting terminal).
 */
const FIRST_MS = Date.UTC(MT_FIRST_YEAR, 0, 1);
const AFTER_LAST_MS = Date.UTC(MT_LAST_YEAR + 1, 0, 1);

/** How far past the service's clock a recorded deal or position may be dated: a broker day ahead of UTC. */
export const RECORDED_FUTURE_GRACE_MS = 86_400_000;

/** The latest instant a deal or closed position may carry when the service's clock reads `now`. */
export const latestRecordedMs = (now: Date): number => now.getTime() + RECORDED_FUTURE_GRACE_MS;

/** Whether an ISO 8601 instant falls in the years MetaTrader records (in UTC). */
export const inRecordedYears = (value: string): boolean => {
  const ms = Date.parse(value);
  return ms >= FIRST_MS && ms < AFTER_LAST_MS;
};

const ISO_MESSAGE = 'must be an ISO 8601 date-time with its zone, e.g. 2026-03-05T14:03:00Z or 2026-03-05T23:03:00+09:00';
const YEARS_MESSAGE = `must fall in the years MetaTrader records (${MT_FIRST_YEAR}–${MT_LAST_YEAR})`;

/**
 * An ISO 8601 instant with its zone (as IsIsoInstant) in the years a terminal records; registered under the same
 * validator name, so the JSON Schema says `date-time` as for any instant. Not-in-the-future is the service's check,
 * against the clock of the request (validation reads no clock, so its result may be reused).
 */
export function IsRecordedInstant(options?: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: IS_ISO_INSTANT,
      target: target.constructor,
      propertyName: String(property),
      options: {
        message: ({ value, property: name }) => `${name} ${typeof value === 'string' && isIsoInstant(value) ? YEARS_MESSAGE : ISO_MESSAGE}`,
        ...options,
      },
      validator: { validate: (value: unknown) => typeof value === 'string' && isIsoInstant(value) && inRecordedYears(value) },
    });
}
