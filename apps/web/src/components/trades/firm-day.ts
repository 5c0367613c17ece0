/**
 * Days of a clock that may not start at midnight: a firm's day (New York 17:00) or the viewer's calendar (00:00).
 * Named as the server names them (docs/trades.md, "whose clock"): a roll-over before noon names the day by the date it
 * starts on, one at or after noon by the date it ends on, so New York 17:00 Monday to 17:00 Tuesday is Tuesday.
 */
export interface DayClock {
  /** IANA zone. */
  zone: string;
  /** HH:MM the day starts at in that zone. */
  time: string;
}

function wallParts(zone: string, ms: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month'), d: get('day'), minutes: get('hour') * 60 + get('minute'), second: get('second') };
}

/** The zone's offset from UTC at an instant, in ms (wall clock − UTC). */
function offsetAt(zone: string, ms: number): number {
  const w = wallParts(zone, ms);
  const wall = Date.UTC(w.y, w.m - 1, w.d, 0, w.minutes, w.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time of a calendar date happens in the zone (twice-corrected for a change of offset). */
function wallToInstant(zone: string, date: string, minutes: number): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  const first = guess - offsetAt(zone, guess);
  return guess - offsetAt(zone, first);
}

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/** `YYYY-MM-DD` `n` days from a date. */
export function addDays(date: string, n: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The day of the clock an instant falls in. */
export function dayOf(ms: number, clock: DayClock): string {
  const w = wallParts(clock.zone, ms);
  const date = `${String(w.y).padStart(4, '0')}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
  const rollover = minutesOf(clock.time);
  if (rollover === 0) return date;
  if (rollover >= 720) return w.minutes >= rollover ? addDays(date, 1) : date;
  return w.minutes >= rollover ? date : addDays(date, -1);
}

/** The instant a day of the clock starts, as ISO. */
export function dayStart(day: string, clock: DayClock): string {
  const rollover = minutesOf(clock.time);
  const calendarDate = rollover >= 720 ? addDays(day, -1) : day;
  return new Date(wallToInstant(clock.zone, calendarDate, rollover)).toISOString();
}

export const PRESETS = ['today', 'week', 'month', 'phase'] as const;
export type Preset = (typeof PRESETS)[number];

/**
 * A preset's days in the clock, first and last inclusive, at `now`: today, the week from Monday, the month from its
 * first, or the phase from its start (null when there is no phase start). Weeks and months are those of the day's name.
 */
export function presetDays(preset: Preset, now: number, clock: DayClock, phaseStart: string | null): { from: string; to: string } | null {
  const today = dayOf(now, clock);
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'week') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    return { from: addDays(today, -weekday), to: today };
  }
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return phaseStart === null ? null : { from: phaseStart <= today ? phaseStart : today, to: today };
}

/** The close window a preset sends: from the first day's start to the next day's after the last. */
export function presetWindow(days: { from: string; to: string }, clock: DayClock): { from: string; to: string } {
  return { from: dayStart(days.from, clock), to: dayStart(addDays(days.to, 1), clock) };
}

/** The viewer's own calendar (midnight to midnight where the browser is). */
export const viewerClock = (): DayClock => ({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, time: '00:00' });
