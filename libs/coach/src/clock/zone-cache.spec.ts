import fc from 'fast-check';
import { exactOffsetMinutes, offsetMinutesAt, parseZone, wallTimeToEpoch } from './zone.js';

/**
 * Offsets are kept per UTC hour (zone.ts). These zones change offset at odd times: Lord Howe by 30 minutes at 02:00
 * local, Chatham at 02:45, Kathmandu's 1986 change to +05:45, Casablanca around Ramadan, New York for the broker clock.
 */
const ZONES = ['Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu', 'Africa/Casablanca', 'America/New_York', 'Europe/Prague'];
const FROM = Date.UTC(1980, 0, 1);
const TO = Date.UTC(2040, 0, 1);

describe('the per-hour offset cache answers what Intl answers', () => {
  it('at any second, in zones with odd changes, asked in any order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FROM / 1000, max: TO / 1000 }), (name, seconds) => {
        const epochMs = seconds * 1000;
        expect(offsetMinutesAt(parseZone(name, 'zone'), epochMs)).toBe(exactOffsetMinutes(name, epochMs));
      }),
      { numRuns: 3000 },
    );
  });

  it('minute by minute through each change of 2026 in Lord Howe and Prague, cached hours and all', () => {
    const changes: [string, number][] = [
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 14, 0)], // 5 April 02:00 +11 → 01:30 +10:30
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3, 15, 30)], // 4 October 02:00 +10:30 → 02:30 +11
      ['Europe/Prague', Date.UTC(2026, 2, 29, 1, 0)],
      ['Europe/Prague', Date.UTC(2026, 9, 25, 1, 0)],
    ];
    for (const [name, at] of changes) {
      const zone = parseZone(name, 'zone');
      const seen = new Set<number>();
      for (let t = at - 3 * 3_600_000; t <= at + 3 * 3_600_000; t += 60_000) {
        const offset = offsetMinutesAt(zone, t);
        expect(offset).toBe(exactOffsetMinutes(name, t));
        seen.add(offset);
      }
      expect(seen.size).toBe(2); // the walk did cross the change
    }
  });

  it('a wall time on Lord Howe’s skipped half hour still lands as Temporal’s compatible reading', () => {
    const zone = parseZone('Australia/Lord_Howe', 'zone');
    // 4 October 2026, 02:15 does not exist (02:00 +10:30 → 02:30 +11): read with the earlier offset, 15:45Z.
    expect(new Date(wallTimeToEpoch(zone, { year: 2026, month: 10, day: 4, hour: 2, minute: 15, second: 0 })).toISOString()).toBe(
      '2026-10-03T15:45:00.000Z',
    );
  });
});
