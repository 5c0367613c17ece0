import { describe, expect, it } from '@jest/globals';
import { isIsoInstant } from './dates.js';

describe('isIsoInstant', () => {
  it('takes instants that name their zone', () => {
    for (const value of ['2026-03-05T14:03:00Z', '2026-03-05T14:03Z', '2026-03-05T23:03:00.123+09:00', '2026-10-25T01:30:00-04:00']) {
      expect(isIsoInstant(value)).toBe(true);
    }
  });

  it('refuses a time without a zone, an impossible date or time, and other shapes', () => {
    for (const value of [
      '2026-03-05T14:03:00',
      '2026-03-05 14:03:00Z',
      '2026-02-30T10:00:00Z',
      '2026-03-05T24:00:00Z',
      '2026-03-05',
      'now',
      '',
    ]) {
      expect(isIsoInstant(value)).toBe(false);
    }
  });
});
