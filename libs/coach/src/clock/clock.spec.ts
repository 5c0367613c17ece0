import fc from 'fast-check';
import { addDays } from '../shared/calendar.js';
import { CoachInputError } from '../shared/errors.js';
import { instantToLocal, localToInstant } from './broker-zone.js';
import { firmDayAt, firmDayOf } from './firm-day.js';
import { parseResetClock, type Rollover, validateRollover } from './rollover.js';

const PRAGUE: Rollover = { timeZone: 'Europe/Prague', time: '00:00' };
const NEW_YORK_17: Rollover = { timeZone: 'America/New_York', time: '17:00' };
const HOUR = 3_600_000;
const hours = (d: { startUtc: string; endUtc: string }) => (Date.parse(d.endUtc) - Date.parse(d.startUtc)) / HOUR;

describe('firm days in Europe/Prague at midnight', () => {
  it('the spring-forward day 2026-03-29 lasts 23 hours, from +01:00 to +02:00', () => {
    const d = firmDayOf('2026-03-29', PRAGUE);
    expect(d).toEqual({
      day: '2026-03-29',
      startUtc: '2026-03-28T23:00:00Z',
      endUtc: '2026-03-29T22:00:00Z',
      startLocal: '2026-03-29T00:00:00+01:00',
      endLocal: '2026-03-30T00:00:00+02:00',
    });
    expect(hours(d)).toBe(23);
    expect(hours(firmDayOf('2026-03-28', PRAGUE))).toBe(24);
    expect(hours(firmDayOf('2026-03-30', PRAGUE))).toBe(24);
  });

  it('the fall-back day 2026-10-25 lasts 25 hours', () => {
    const d = firmDayOf('2026-10-25', PRAGUE);
    expect([d.startUtc, d.endUtc, d.startLocal, d.endLocal]).toEqual([
      '2026-10-24T22:00:00Z',
      '2026-10-25T23:00:00Z',
      '2026-10-25T00:00:00+02:00',
      '2026-10-26T00:00:00+01:00',
    ]);
    expect(hours(d)).toBe(25);
  });

  it('an instant belongs to the day whose window holds it, on both sides of a boundary', () => {
    expect(firmDayAt(new Date('2026-03-28T22:59:59.999Z'), PRAGUE).day).toBe('2026-03-28');
    expect(firmDayAt(new Date('2026-03-28T23:00:00Z'), PRAGUE).day).toBe('2026-03-29');
    // 01:30 local on the fall-back night happens twice; both belong to 2026-10-25.
    expect(firmDayAt(new Date('2026-10-24T23:30:00Z'), PRAGUE).day).toBe('2026-10-25');
    expect(firmDayAt(new Date('2026-10-25T00:30:00Z'), PRAGUE).day).toBe('2026-10-25');
  });
});

describe('firm days at 17:00 New York, named by the date they end on', () => {
  it('the day ending on 2026-03-08 (DST starts that morning) lasts 23 hours', () => {
    const d = firmDayOf('2026-03-08', NEW_YORK_17);
    expect(d).toEqual({
      day: '2026-03-08',
      startUtc: '2026-03-07T22:00:00Z',
      endUtc: '2026-03-08T21:00:00Z',
      startLocal: '2026-03-07T17:00:00-05:00',
      endLocal: '2026-03-08T17:00:00-04:00',
    });
    expect(hours(d)).toBe(23);
    expect(firmDayOf('2026-03-09', NEW_YORK_17).startUtc).toBe('2026-03-08T21:00:00Z');
  });

  it('the day ending on 2026-11-01 (DST ends that morning) lasts 25 hours', () => {
    const d = firmDayOf('2026-11-01', NEW_YORK_17);
    expect([d.startUtc, d.endUtc, d.startLocal, d.endLocal]).toEqual([
      '2026-10-31T21:00:00Z',
      '2026-11-01T22:00:00Z',
      '2026-10-31T17:00:00-04:00',
      '2026-11-01T17:00:00-05:00',
    ]);
    expect(hours(d)).toBe(25);
  });

  it('Monday evening in New York is already Tuesday', () => {
    expect(firmDayAt(new Date('2026-06-01T21:00:00Z'), NEW_YORK_17).day).toBe('2026-06-02'); // Mon 17:00 EDT
    expect(firmDayAt(new Date('2026-06-01T20:59:59Z'), NEW_YORK_17).day).toBe('2026-06-01');
  });
});

describe('fixed offsets', () => {
  it('UTC+03:00 midnight never moves with the seasons', () => {
    for (const day of ['2026-01-15', '2026-03-29', '2026-07-01', '2026-10-25']) {
      const d = firmDayOf(day, { timeZone: 'UTC+03:00', time: '00:00' });
      expect(d.startUtc).toBe(`${addDays(day, -1)}T21:00:00Z`);
      expect(d.startLocal).toBe(`${day}T00:00:00+03:00`);
      expect(hours(d)).toBe(24);
    }
  });

  it('a negative offset and a half-hour roll-over', () => {
    const d = firmDayOf('2026-05-05', { timeZone: 'UTC-05:00', time: '00:30' });
    expect([d.startUtc, d.endLocal]).toEqual(['2026-05-05T05:30:00Z', '2026-05-06T00:30:00-05:00']);
    expect(firmDayOf('2026-05-05', { timeZone: 'UTC', time: '00:00' }).endLocal).toBe('2026-05-06T00:00:00+00:00');
  });
});

describe('validateRollover', () => {
  it.each([
    [{ timeZone: 'Europe/Praha', time: '00:00' }, 'rollover.timeZone'],
    [{ timeZone: 'GMT+3', time: '00:00' }, 'rollover.timeZone'],
    [{ timeZone: 'UTC+15:00', time: '00:00' }, 'rollover.timeZone'],
    [{ timeZone: 'Europe/Prague', time: '24:00' }, 'rollover.time'],
    [{ timeZone: 'Europe/Prague', time: '5pm' }, 'rollover.time'],
  ])('refuses %j and names %s', (rollover, field) => {
    expect(() => validateRollover(rollover)).toThrow(CoachInputError);
    expect(() => validateRollover(rollover)).toThrow(new RegExp(`^${field.replace('.', '\\.')}`));
  });

  it('accepts the three kinds of zone', () => {
    expect(validateRollover({ timeZone: 'UTC-05:00', time: '17:00' }).minutes).toBe(17 * 60);
    expect(validateRollover({ timeZone: 'UTC', time: '00:30' }).zone.kind).toBe('iana');
  });
});

describe('parseResetClock', () => {
  it.each([
    ['00:00 CE(S)T (Prague midnight)', 'Europe/Prague', '00:00'],
    ['00:00 CE(S)T', 'Europe/Prague', '00:00'],
    ['00:00 GMT+3', 'UTC+03:00', '00:00'],
    ['00:00 UTC+3', 'UTC+03:00', '00:00'],
    ['17:00 EST', 'America/New_York', '17:00'],
    ['17:00 New York', 'America/New_York', '17:00'],
    ['00:00 server time (GMT+2/+3)', 'America/New_York', '17:00'],
    ['5 PM EST', 'America/New_York', '17:00'],
    ['00:30 UTC', 'UTC', '00:30'],
    ['16:59 EST', 'America/New_York', '16:59'],
  ])('%s → %s %s', (words, timeZone, time) => {
    const rollover = parseResetClock(words);
    expect(rollover).toEqual({ timeZone, time });
    expect(() => validateRollover(rollover!)).not.toThrow();
  });

  it.each(['', 'midnight', '00:00 server time', '00:00 broker time', '25:00 UTC', '00:00 JST', '17:00 EST or EDT', '00:00 GMT+2/+3'])(
    'gives null for %j rather than a guess',
    (words) => expect(parseResetClock(words)).toBeNull(),
  );

  it('server midnight is 17:00 New York on both sides of New York DST, and the day keeps the server date', () => {
    const r = parseResetClock('00:00 server time (GMT+2/+3)')!;
    for (const day of ['2026-01-14', '2026-07-14']) {
      expect(firmDayOf(day, r).startUtc).toBe(localToInstant(`${day} 00:00:00`).toISOString().replace('.000', ''));
    }
  });
});

describe('broker zones', () => {
  it('GMT+2/+3 is +2 before New York DST and +3 after it, before Europe moves', () => {
    expect(localToInstant('2026-03-05 23:59:59').toISOString()).toBe('2026-03-05T21:59:59.000Z');
    expect(localToInstant('2026.03.10 00:00:00', 'GMT+2/+3').toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(localToInstant('2026-07-01 12:00', 'UTC+02:00').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(localToInstant('2026-07-01 12:00:00', 'Europe/Prague').toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });

  it('a repeated local time is read as its first occurrence, a skipped one with the earlier offset', () => {
    // New York falls back at 06:00Z on 2026-11-01: the broker clock goes from 09:00 back to 08:00.
    expect(localToInstant('2026-11-01 08:30:00').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // New York springs forward at 07:00Z on 2026-03-08: broker 09:00 becomes 10:00; 09:30 never exists.
    expect(localToInstant('2026-03-08 09:30:00').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantToLocal(new Date('2026-03-08T07:30:00Z'))).toBe('2026-03-08 10:30:00');
  });

  it('refuses a bad time or zone with a message that names it', () => {
    expect(() => localToInstant('2026-02-30 10:00:00')).toThrow(/^local:/);
    expect(() => localToInstant('2026-02-03 10:00:00', 'GMT+2')).toThrow(/^zone:/);
  });

  it('round-trips every instant that is not in a repeated hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2035, 0, 1) / 1000 }),
        fc.constantFrom('GMT+2/+3', 'UTC+02:00', 'Europe/Prague', 'America/New_York'),
        (s, zone) => {
          const instant = new Date(s * 1000);
          const back = localToInstant(instantToLocal(instant, zone), zone);
          // In a repeated hour, the local time names the first occurrence: an hour earlier at most.
          expect([0, HOUR]).toContain(instant.getTime() - back.getTime());
          expect(instantToLocal(back, zone)).toBe(instantToLocal(instant, zone));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('firm days tile time', () => {
  const rollovers: Rollover[] = [
    PRAGUE,
    NEW_YORK_17,
    { timeZone: 'UTC+03:00', time: '00:00' },
    { timeZone: 'UTC', time: '00:30' },
    { timeZone: 'Europe/Prague', time: '02:30' }, // inside the skipped and the repeated hour
    { timeZone: 'America/New_York', time: '01:30' },
    { timeZone: 'Asia/Tokyo', time: '06:00' },
    { timeZone: 'Australia/Lord_Howe', time: '02:00' }, // a 30-minute DST shift
  ];

  it('every instant lies in exactly one day, and each day ends where the next begins', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), fc.constantFrom(...rollovers), (ms, rollover) => {
        const d = firmDayAt(new Date(ms), rollover);
        const [start, end] = [Date.parse(d.startUtc), Date.parse(d.endUtc)];
        expect(start).toBeLessThanOrEqual(ms);
        expect(ms).toBeLessThan(end);
        expect(end - start).toBeGreaterThanOrEqual(22 * HOUR);
        expect(end - start).toBeLessThanOrEqual(26 * HOUR);
        expect(firmDayOf(d.day, rollover)).toEqual(d);
        const next = firmDayOf(addDays(d.day, 1), rollover);
        const previous = firmDayOf(addDays(d.day, -1), rollover);
        expect(next.startUtc).toBe(d.endUtc);
        expect(previous.endUtc).toBe(d.startUtc);
        expect(firmDayAt(new Date(end), rollover).day).toBe(next.day);
        expect(firmDayAt(new Date(start - 1), rollover).day).toBe(previous.day);
      }),
      { numRuns: 500 },
    );
  });
});
