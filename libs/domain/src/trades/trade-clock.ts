import type { Rollover } from '@propfolio/coach';
import type { TradeStats } from './trades.outputs.js';

/**
 * The clock get_trade_stats reads weekday and hour in. By default the firm day of the accounts in scope: the firm's
 * zone (daylight saving included) for the hour, and for the weekday the firm day's name (firm-day.ts's convention: a
 * roll-over before noon names the day by the date it starts on, one at or after noon, New York 17:00, by the date it
 * ends on, so a trade opened Monday 18:00 New York falls on Tuesday). A zone the caller picks (`timeZone`) counts its
 * calendar days instead, midnight to midnight.
 */
export interface StatsClock {
  /** The zone PostgreSQL converts with: an IANA name (a fixed offset `UTC+03:00` as `Etc/GMT-3`). */
  timeZone: string;
  /** Minutes added to the local time of the open before its weekday is read (the firm day's name); 0 for a picked zone. */
  shiftMinutes: number;
  /** What the answer says about it. */
  answer: TradeStats['clock'];
}

const NOON = 12 * 60;

/** `HH:MM` in minutes after midnight. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A zone in words: the IANA name's city (`America/New_York` → New York), `UTC`, or a fixed offset (`UTC+3`). */
export function zoneWords(zone: string): string {
  const fixed = /^UTC([+-])(\d{2}):(\d{2})$/.exec(zone);
  if (fixed) return `UTC${fixed[1] ?? '+'}${String(Number(fixed[2]))}${fixed[3] === '00' ? '' : `:${fixed[3] ?? ''}`}`;
  const etc = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  // POSIX names count west as positive: Etc/GMT-3 is UTC+3.
  if (etc) return `UTC${etc[1] === '-' ? '+' : '-'}${etc[2] ?? ''}`;
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  return (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
}

/** The zone PostgreSQL reads for a roll-over's zone: a whole-hour fixed offset as its Etc/GMT name; null when none fits. */
export function sqlZone(zone: string): string | null {
  const fixed = /^UTC([+-])(\d{2}):(\d{2})$/.exec(zone);
  if (!fixed) return zone;
  if (fixed[3] !== '00') return null;
  const hours = Number(fixed[2]);
  return hours === 0 ? 'UTC' : `Etc/GMT${fixed[1] === '+' ? '-' : '+'}${String(hours)}`;
}

/** The clock of a zone the caller picked: its calendar days. */
export function zoneClock(timeZone: string): StatsClock {
  const city = zoneWords(timeZone);
  return {
    timeZone,
    shiftMinutes: 0,
    answer: { firmDay: false, known: true, city, time: '00:00', words: `calendar day (${city})`, accountId: null, clocks: 1 },
  };
}

/**
 * The firm-day clock of a roll-over (`known`: false when the plan says none and UTC midnight stands in); `accountId`
 * names the account whose clock it is when the scope's accounts follow `clocks` different ones.
 */
export function firmClock(rollover: Rollover, known: boolean, accountId: string | null = null, clocks = 1): StatsClock {
  const zone = sqlZone(rollover.timeZone);
  if (zone === null) return firmClock({ timeZone: 'UTC', time: '00:00' }, false, accountId, clocks);
  const minutes = minutesOf(rollover.time);
  const city = zoneWords(rollover.timeZone);
  const words = known ? `firm day (${city} ${rollover.time})` : `UTC day (the firm's day roll-over is not known)`;
  return {
    timeZone: zone,
    shiftMinutes: minutes === 0 ? 0 : minutes < NOON ? -minutes : 24 * 60 - minutes,
    answer: { firmDay: true, known, city, time: rollover.time, words, accountId, clocks },
  };
}

/** The kept summary's cells (calendar weekday and hour) answer a firm day only when the roll-over is on the hour. */
export function keptCellsFit(clock: StatsClock): boolean {
  return clock.shiftMinutes % 60 === 0;
}

/** The ISO weekday of a kept cell's calendar weekday `wd` and hour `hr` (SQL columns) moved to the firm day. */
export function firmWeekdaySql(clock: StatsClock, wd: string, hr: string): string {
  if (clock.shiftMinutes === 0) return wd;
  const days = `floor((${hr} * 60 + (${String(clock.shiftMinutes)}))::numeric / 1440)::int`;
  return `(((${wd} - 1 + ${days}) % 7 + 7) % 7 + 1)`;
}
