import { describe, expect, it } from '@jest/globals';
import { billedMonths } from './billing.js';

describe('billedMonths', () => {
  it.each([
    ['2026-01-15', '2026-01-15', 1],
    ['2026-01-15', '2026-02-14', 1],
    ['2026-01-15', '2026-02-15', 2],
    ['2026-01-15', '2026-03-14', 2],
    ['2026-01-15', '2026-03-15', 3],
    ['2026-01-31', '2026-02-27', 1],
    ['2026-01-31', '2026-02-28', 2],
    ['2025-11-30', '2026-02-28', 4],
    ['2025-03-01', '2026-03-01', 13],
    ['2026-03-02', '2026-03-01', 0],
  ])('from %s to %s bills %i months', (from, to, months) => {
    expect(billedMonths(from, to)).toBe(months);
  });
});
