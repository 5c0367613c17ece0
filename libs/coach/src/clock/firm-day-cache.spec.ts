import fc from 'fast-check';
import { firmDayBounds, firmDayBoundsAt } from './firm-day.js';
import { validateRollover } from './rollover.js';

// Roll-overs across DST (one inside New York's skipped hour), a fixed offset and the broker clock's neighbours.
const ROLLOVERS = [
  { timeZone: 'Europe/Prague', time: '00:00' },
  { timeZone: 'America/New_York', time: '17:00' },
  { timeZone: 'America/New_York', time: '02:30' },
  { timeZone: 'Asia/Tokyo', time: '07:00' },
  { timeZone: 'UTC+03:00', time: '22:00' },
].map((r) => validateRollover(r));

const FROM = Date.UTC(2025, 0, 1);
const TO = Date.UTC(2027, 0, 1);

describe('firmDayBoundsAt, its windows kept for the process', () => {
  it('answers, in any order and asked again, the window that holds the instant, the same one its day names', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLLOVERS),
        fc.array(fc.integer({ min: FROM, max: TO }), { minLength: 1, maxLength: 60 }),
        (rollover, instants) => {
          // Each instant twice, shuffled by the generator's order and then reversed: the second answers come from the kept windows.
          for (const ms of [...instants, ...instants.reverse()]) {
            const bounds = firmDayBoundsAt(ms, rollover);
            expect(ms >= bounds.startMs && ms < bounds.endMs).toBe(true);
            expect(firmDayBounds(bounds.day, rollover)).toEqual(bounds);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tells apart the two days of an hour that holds a roll-over', () => {
    // Midnight in Kolkata is 18:30 UTC: one UTC hour holds the end of one firm day and the start of the next.
    const kolkata = validateRollover({ timeZone: 'Asia/Kolkata', time: '00:00' });
    const reset = Date.UTC(2026, 2, 18, 18, 30);
    expect([reset - 1, reset, reset - 1, reset + 1].map((ms) => firmDayBoundsAt(ms, kolkata).day)).toEqual([
      '2026-03-18',
      '2026-03-19',
      '2026-03-18',
      '2026-03-19',
    ]);
  });
});
