import { describe, expect, it } from '@jest/globals';
import { backoffDelayMs, parseRetryAfter, retryDelayMs } from '../src/index.js';

describe('backoff', () => {
  it('doubles from 1 s and stops at 5 minutes (jitter at its middle)', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 9, 10, 20, 1000].map((n) => backoffDelayMs(n, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('keeps the jitter within ±20% and never above the cap', () => {
    expect(backoffDelayMs(3, () => 0)).toBe(3_200);
    expect(backoffDelayMs(3, () => 0.999999)).toBe(4_800);
    expect(backoffDelayMs(12, () => 0.999999)).toBe(300_000);
  });

  it('reads Retry-After as seconds or an HTTP date, and treats it as a floor', () => {
    const now = Date.UTC(2026, 2, 5, 14, 0, 0);
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 05 Mar 2026 14:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('99999', now)).toBe(3_600_000);
    expect(retryDelayMs(1, 30_000, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(10, 30_000, () => 0.5)).toBe(300_000);
  });
});
