/**
 * A firm's day roll-over as a machine rule, and the reading of the catalog's words into one.
 */
import { pad } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import { parseZone, type Zone } from './zone.js';

/** When a firm's trading day rolls over: a local time in a zone (IANA name or a fixed `UTC±HH:MM`). */
export interface Rollover {
  /** IANA name (`Europe/Prague`, `America/New_York`, `UTC`) or a fixed offset (`UTC+03:00`, `UTC-05:00`). */
  timeZone: string;
  /** Local time of the roll-over, `HH:MM` on a 24-hour clock. */
  time: string;
}

/** A checked roll-over: its zone read, its time in minutes after local midnight. */
export interface ParsedRollover {
  readonly zone: Zone;
  readonly minutes: number;
  readonly rollover: Rollover;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Checks a roll-over and throws a `CoachInputError` naming the bad part. */
export function validateRollover(rollover: Rollover, field = 'rollover'): ParsedRollover {
  const m = TIME.exec(rollover.time);
  if (!m) {
    throw new CoachInputError(`${field}.time: "${rollover.time}" is not a time of day written HH:MM (00:00 to 23:59)`, `${field}.time`);
  }
  const zone = parseZone(rollover.timeZone, `${field}.timeZone`);
  return { zone, minutes: Number(m[1]) * 60 + Number(m[2]), rollover: { timeZone: zone.name, time: rollover.time } };
}

const NEW_YORK = 'America/New_York';

/**
 * Maps the catalog's words for a reset clock to a rule. Only phrasings whose meaning is certain are read;
 * anything else is `null`, never a guess. Known words:
 * - `00:00 CE(S)T`, `00:00 CET/CEST`, `00:00 Prague` → Europe/Prague 00:00;
 * - `00:00 GMT+3`, `00:00 UTC+3`, `00:00 UTC+03:00` → the fixed offset UTC+03:00 (firms that write it
 *   this way state a fixed offset; one that follows DST is written as server time, below);
 * - `17:00 EST`, `17:00 ET`, `17:00 New York`, `5 PM EST` → America/New_York 17:00 (firms write "EST"
 *   all year for New York time, daylight saving included);
 * - `00:00 UTC`, `00:00 GMT` → UTC;
 * - `00:00 server time (GMT+2/+3)` → America/New_York 17:00: the broker clock is New York + 7 h all year.
 * A trailing remark in brackets, such as `(Prague midnight)`, is ignored.
 */
export function parseResetClock(words: string): Rollover | null {
  let text = words.trim().toLowerCase().replace(/\s+/g, ' ');
  const server = /^(.+?) server time \(gmt\+2\/\+3\)$/.exec(text);
  if (server) {
    const minutes = readTime(server[1] ?? '');
    return minutes === null ? null : { timeZone: NEW_YORK, time: hhmm(minutes - 7 * 60) };
  }
  text = text.replace(/\s*\([^()]*\)$/, '');
  const m =
    /^(.+?) (ce\(s\)t|cet\/cest|prague|europe\/prague|est|edt|et|new york|america\/new_york|utc|gmt|(?:utc|gmt)[+-]\d{1,2}(?::\d{2})?)$/.exec(
      text,
    );
  if (!m) return null;
  const minutes = readTime(m[1] ?? '');
  if (minutes === null) return null;
  const zoneWords = m[2] ?? '';
  const time = hhmm(minutes);
  if (['ce(s)t', 'cet/cest', 'prague', 'europe/prague'].includes(zoneWords)) return { timeZone: 'Europe/Prague', time };
  if (['est', 'edt', 'et', 'new york', 'america/new_york'].includes(zoneWords)) return { timeZone: NEW_YORK, time };
  if (zoneWords === 'utc' || zoneWords === 'gmt') return { timeZone: 'UTC', time };
  const off = /^(?:utc|gmt)([+-])(\d{1,2})(?::(\d{2}))?$/.exec(zoneWords);
  if (!off) return null;
  const hours = Number(off[2]);
  const mins = Number(off[3] ?? '0');
  if (hours > 14 || mins > 59) return null;
  return { timeZone: `UTC${off[1] ?? '+'}${pad(hours)}:${pad(mins)}`, time };
}

/** `00:00`, `17:00`, `5 PM`, `5:30 pm` → minutes after midnight; null for anything else. */
function readTime(text: string): number | null {
  const h24 = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (h24) {
    const [h, m] = [Number(h24[1]), Number(h24[2])];
    return h < 24 && m < 60 ? h * 60 + m : null;
  }
  const h12 = /^(\d{1,2})(?::(\d{2}))? ?(am|pm)$/.exec(text);
  if (h12) {
    const [h, m] = [Number(h12[1]), Number(h12[2] ?? '0')];
    if (h < 1 || h > 12 || m > 59) return null;
    return ((h % 12) + (h12[3] === 'pm' ? 12 : 0)) * 60 + m;
  }
  return null;
}

function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}
