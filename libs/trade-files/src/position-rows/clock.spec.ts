import fc from 'fast-check';
import { readClock } from './clock.js';

const two = (n: number) => String(n).padStart(2, '0');
/** Any real calendar moment 1990–2099 to the second. */
const moment = fc
  .record({
    y: fc.integer({ min: 1990, max: 2099 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
  })
  .map((t) => ({ ...t, local: `${t.y}-${two(t.mo)}-${two(t.d)} ${two(t.h)}:${two(t.mi)}:${two(t.s)}` }));

describe('readClock: the closed-position exports’ date and time forms', () => {
  it('every form of one moment reads as the same wall clock, the offset only where written', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: -12 * 60, max: 14 * 60 }), (t, offset) => {
        const hm = `${two(t.h)}:${two(t.mi)}:${two(t.s)}`;
        const date = `${t.y}-${two(t.mo)}-${two(t.d)}`;
        const sign = offset < 0 ? '-' : '+';
        const zone = `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
        const h12 = t.h % 12 === 0 ? 12 : t.h % 12;
        expect(readClock(`${date} ${hm}`, { slashed: 'dmy' })).toEqual({ local: t.local, offsetMinutes: null });
        expect(readClock(`${date}T${hm}.38`, { slashed: 'dmy' })).toEqual({ local: t.local, offsetMinutes: null });
        expect(readClock(`${date}T${hm}${zone}`, { slashed: 'dmy' })).toEqual({ local: t.local, offsetMinutes: offset });
        expect(readClock(`${two(t.d)}/${two(t.mo)}/${t.y} ${hm}`, { slashed: 'dmy' })).toEqual({ local: t.local, offsetMinutes: null });
        expect(readClock(`${t.mo}/${t.d}/${t.y} ${h12}:${two(t.mi)}:${two(t.s)} ${t.h < 12 ? 'AM' : 'PM'}`, { slashed: 'mdy' })).toEqual({
          local: t.local,
          offsetMinutes: null,
        });
        const ms = Date.parse(`${t.local.replace(' ', 'T')}Z`) - offset * 60_000;
        const utc = new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
        expect(readClock(String(ms), { slashed: 'dmy' })).toEqual(ms >= 1e12 ? { local: utc, offsetMinutes: 0 } : null);
      }),
    );
  });

  it('zone abbreviations are offsets; an unknown one, or a date that does not exist, is no time', () => {
    expect(readClock('2026-02-09 12:31:42 EST', { slashed: 'mdy' })).toEqual({ local: '2026-02-09 12:31:42', offsetMinutes: -300 });
    expect(readClock('2026-07-09 12:31:42 EDT', { slashed: 'mdy' })).toEqual({ local: '2026-07-09 12:31:42', offsetMinutes: -240 });
    expect(readClock('2026-07-09 12:31:42 UTC+3', { slashed: 'mdy' })).toEqual({ local: '2026-07-09 12:31:42', offsetMinutes: 180 });
    expect(readClock('2026-07-09 12:31:42 XYZ', { slashed: 'mdy' })).toBeNull();
    expect(readClock('2026-02-29 10:00:00', { slashed: 'mdy' })).toBeNull();
    expect(readClock('31/04/2026 10:00:00', { slashed: 'dmy' })).toBeNull();
    expect(readClock('13:00 PM', { slashed: 'mdy' })).toBeNull();
  });
});
