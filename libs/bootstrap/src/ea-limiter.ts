import type { Config, Logger } from '@propfolio/core';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '@propfolio/http';

/** A limiter of its own for the EA engine (buckets prefixed `ea:`), shared across instances through Redis. */
export function createLimiter(config: Config, perMinute: number, logger: Logger): RateLimiter {
  return config.redisUrl ? redisRateLimiter(config.redisUrl, perMinute, logger) : memoryRateLimiter(perMinute);
}
