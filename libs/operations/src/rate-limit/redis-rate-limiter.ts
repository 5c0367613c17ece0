import { Redis } from 'ioredis';
import type { Logger } from '@propfolio/core';
import { decide, WINDOW_SECONDS, windowOf, type RateLimiter } from './rate-limiter.js';

/**
 * Counters in Redis, shared by every instance. When Redis is unreachable the request is let through
 * (and logged): a limiter outage must not take the API down with it.
 */
export function redisRateLimiter(url: string, limit: number, logger: Logger, now: () => number = Date.now): RateLimiter {
  // Commands wait for the connection (so the first requests after start are counted) but never long:
  // a slow or absent Redis costs each request at most commandTimeout.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 250, connectTimeout: 1000 });
  redis.on('error', (error: Error) => logger.warn('redis rate limiter unavailable', { error: error.message }));
  return {
    hit: async (bucket, cost = 1) => {
      const nowMs = now();
      const key = `propfolio:rl:${bucket}:${windowOf(nowMs)}`;
      try {
        const results = await redis.multi().incrby(key, cost).expire(key, WINDOW_SECONDS + 5).exec();
        const count = Number(results?.[0]?.[1] ?? 0);
        return decide(count, limit, nowMs);
      } catch (error) {
        logger.warn('rate limit check skipped', { error: (error as Error).message });
        return decide(0, limit, nowMs);
      }
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
