import { decide, windowOf, type RateLimiter } from './rate-limiter.js';

/** In-process counters: right for one instance; several instances share limits through Redis. */
export function memoryRateLimiter(limit: number, now: () => number = Date.now): RateLimiter {
  let currentWindow = -1;
  let counts = new Map<string, number>();
  return {
    hit: async (bucket, cost = 1) => {
      const nowMs = now();
      const window = windowOf(nowMs);
      if (window !== currentWindow) {
        currentWindow = window;
        counts = new Map();
      }
      const count = (counts.get(bucket) ?? 0) + cost;
      counts.set(bucket, count);
      return decide(count, limit, nowMs);
    },
    close: async () => undefined,
  };
}
