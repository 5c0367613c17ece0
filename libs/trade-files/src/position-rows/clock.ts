import { wallClock } from '../futures/wall-clock.js';
import type { FileTime } from '../types.js';

/**
 * The date-and-time forms the closed-position exports write (DXtrade, Match-Trader, TradeLocker, TradeZella,
 * Tradervue), read to a wall clock and, where the cell says it, its UTC offset:
 * - ISO `2026-03-02 10:10:08`, `2026-03-02T10:10:08.38`, with `Z`, `±HH:MM` or a zone abbreviation after it;
 * - `2026/03/02 10:10:08` and `2026.03.02 10:10:08`;
 * - slashed dates, day first (`02/03/2026 10:10:08`, Match-Trader) or month first (`3/2/2026 10:10 AM`) as the
 *   format says, never guessed;
 * - Unix milliseconds (`1772446208000`, TradeLocker's API), which are UTC.
 * Seconds may be left out; fractions of a second are dropped.
 */
export interface ClockForms {
  /** How a slashed date reads: `dmy` (02/03/2026 is 2 March) or `mdy` (3 February). */
  slashed: 'dmy' | 'mdy';
}

/** Zone abbreviations journals write after a time (`12:31:42 EST`), in minutes east of UTC. */
const ABBREVIATIONS: Readonly<Record<string, number>> = {
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  BST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
  JST: 540,
  AEST: 600,
  AEDT: 660,
};

const DATE_TIME =
  /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:\s*([AaPp])\.?[Mm]\.?)?)?\s*(.*)$/;

/** Reads `raw` in the forms above; null when it is none of them (the caller refuses the cell). */
export function readClock(raw: string, forms: ClockForms): FileTime | null {
  const s = raw.trim();
  if (/^\d{13}$/.test(s)) return fromMillis(Number(s));
  const m = DATE_TIME.exec(s);
  if (m === null) return null;
  const [, a = '', b = '', c = '', hh, mm, ss, meridiem, zone = ''] = m;
  let y: number, mo: number, d: number;
  if (a.length === 4) [y, mo, d] = [Number(a), Number(b), Number(c)];
  else if (c.length === 4 && s.includes('/'))
    [y, mo, d] = forms.slashed === 'dmy' ? [Number(c), Number(b), Number(a)] : [Number(c), Number(a), Number(b)];
  else return null;
  let h = hh === undefined ? 0 : Number(hh);
  if (meridiem !== undefined) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  }
  const local = wallClock(y, mo, d, h, Number(mm ?? '0'), Number(ss ?? '0'));
  if (local === null) return null;
  const offsetMinutes = readZone(zone);
  return offsetMinutes === undefined ? null : { local, offsetMinutes };
}

/** `Z`, `±HH:MM`, `±HHMM`, `UTC+3`, `GMT-05:00` or a known abbreviation; null for nothing; undefined for anything else. */
function readZone(text: string): number | null | undefined {
  const zone = text.trim().replace(/^\((.*)\)$/, '$1');
  if (zone === '') return null;
  const known = ABBREVIATIONS[zone.toUpperCase()];
  if (known !== undefined) return known;
  const m = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(zone);
  if (m === null) return undefined;
  const [, sign, hours = '', minutes = '0'] = m;
  if (Number(hours) > 14 || Number(minutes) > 59) return undefined;
  const total = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -total : total;
}

function fromMillis(ms: number): FileTime | null {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const local = date.toISOString().slice(0, 19).replace('T', ' ');
  return { local, offsetMinutes: 0 };
}
