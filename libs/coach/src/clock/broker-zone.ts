/**
 * Broker server clocks. MetaTrader statements are written in the server's wall-clock time, most often
 * "GMT+2/+3": GMT+2 in winter and GMT+3 in summer, switching on New York's DST dates so that the server's
 * midnight is always 17:00 in New York. These helpers turn such a time into an instant and back.
 */
import { pad } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import { parseZone, wallTimeAt, wallTimeToEpoch, type Zone } from './zone.js';

/** A broker server's zone: an IANA name, a fixed offset `UTC+02:00`, or `GMT+2/+3` (New York + 7 h). */
export type BrokerZone = string;

export const DEFAULT_BROKER_ZONE: BrokerZone = 'GMT+2/+3';

const LOCAL = /^(\d{4})[-.](\d{2})[-.](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads a broker zone spec; throws a `CoachInputError` naming the spec when it is not one. */
export function parseBrokerZone(spec: BrokerZone = DEFAULT_BROKER_ZONE): Zone {
  return parseZone(spec, 'zone', { broker: true });
}

/**
 * The instant a server wall-clock time names: `2026-03-05 23:59:59` (dots as MetaTrader writes them,
 * a `T`, and a missing seconds part are accepted). A time that occurs twice when the clock goes back
 * is read as its first occurrence, and a skipped time with the offset before the change.
 */
export function localToInstant(local: string, zone: BrokerZone = DEFAULT_BROKER_ZONE): Date {
  const m = LOCAL.exec(local.trim());
  const fields = m?.slice(1).map((x: string | undefined) => Number(x ?? '0'));
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields ?? [];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (!m || hour > 23 || minute > 59 || second > 59 || probe.getUTCDate() !== day || probe.getUTCMonth() !== month - 1) {
    throw new CoachInputError(`local: "${local}" is not a date and time written YYYY-MM-DD HH:MM:SS`, 'local');
  }
  return new Date(wallTimeToEpoch(parseBrokerZone(zone), { year, month, day, hour, minute, second }));
}

/** The server's wall-clock time at the instant, written `YYYY-MM-DD HH:MM:SS`. */
export function instantToLocal(instant: Date, zone: BrokerZone = DEFAULT_BROKER_ZONE): string {
  const w = wallTimeAt(parseBrokerZone(zone), instant.getTime());
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}
