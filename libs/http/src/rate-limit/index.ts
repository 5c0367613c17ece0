import type { Config, Logger } from '@propfolio/core';
import { memoryRateLimiter } from './memory-rate-limiter.js';
import { redisRateLimiter } from './redis-rate-limiter.js';
import { databaseRateLimiter } from './database-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

export type { RateDecision, RateLimiter } from './rate-limiter.js';
export { memoryRateLimiter, redisRateLimiter, databaseRateLimiter };

export function createRateLimiter(config: Config, logger: Logger): RateLimiter {
  return config.redisUrl
    ? redisRateLimiter(config.redisUrl, config.rateLimitPerMinute, logger)
    : memoryRateLimiter(config.rateLimitPerMinute);
}
