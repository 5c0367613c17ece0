import type { Redis } from 'ioredis';
import type { Logger } from '@propfolio/core';
import { memoryRateLimiter } from './memory-rate-limiter.js';
import { decide, WINDOW_SECONDS, windowOf, type RateLimiter } from './rate-limiter.js';

/**
 * How long a hit waits for Redis's answer before Redis counts as unavailable. Generous on purpose: the
 * reply usually sits in the socket while a busy event loop is elsewhere, and giving up early (250 ms
 * before) let the request through uncounted, so two instances admitted 42 requests of a quota of 40.
 */
const REDIS_ANSWER_MS = 2_000;

/** How long an instance counts locally after Redis failed, before it asks Redis again. */
const RETRY_REDIS_MS = 1_000;

export interface RedisRateLimiterOptions {
  now?: () => number;
  answerMs?: number;
}

/**
 * Counters in Redis, shared by every instance: while Redis answers, a limit admits exactly its quota
 * across instances, because every hit waits for Redis's count (one atomic INCRBY).
 *
 * When Redis is unavailable (not connected, or no answer within {@link REDIS_ANSWER_MS}), each instance
 * counts in its own memory with the same limit: the API stays up, one instance still holds the quota,
 * and N instances admit at most N times the quota until Redis is back (logged once per outage). A
 * limiter outage never lets traffic through uncounted.
 */
export function redisRateLimiter(url: string, limit: number, logger: Logger, options: RedisRateLimiterOptions = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const answerMs = options.answerMs ?? REDIS_ANSWER_MS;
  const local = memoryRateLimiter(limit, now);
  // While Redis is known to be unavailable, hits are counted locally without asking it, until this time
  // (then one hit tries Redis again) or until the connection is ready again.
  let localUntil = 0;
  const degrade = (nowMs: number, error: Error) => {
    if (localUntil === 0) logger.warn('rate limits counted per instance until redis answers again', { error: error.message });
    localUntil = nowMs + RETRY_REDIS_MS;
  };
  // Hits sent while connecting wait for the connection (so the first requests after a start are shared
  // counts), but never longer than answerMs; a failed connection rejects them at once.
  // ioredis is loaded here, not at the top: about 0.1 s of CPU at every start of a process without REDIS_URL.
  const connecting: Promise<Redis> = import('ioredis').then(({ Redis: Client }) => {
    const redis = new Client(url, { maxRetriesPerRequest: 0, commandTimeout: answerMs, connectTimeout: 1000 });
    redis.on('error', (error: Error) => {
      degrade(now(), error);
    });
    redis.on('ready', () => {
      if (localUntil !== 0) logger.info('redis rate limiter back: limits are shared across instances again');
      localUntil = 0;
    });
    return redis;
  });
  return {
    hit: async (bucket, cost = 1) => {
      const nowMs = now();
      if (nowMs < localUntil) return local.hit(bucket, cost);
      const key = `propfolio:rl:${bucket}:${String(windowOf(nowMs))}`;
      try {
        const redis = await connecting;
        const results = await redis
          .multi()
          .incrby(key, cost)
          .expire(key, WINDOW_SECONDS + 5)
          .exec();
        const [error, count] = results?.[0] ?? [new Error('empty MULTI reply'), null];
        if (error) throw error;
        if (localUntil !== 0 && redis.status === 'ready') localUntil = 0;
        return decide(Number(count), limit, nowMs);
      } catch (error) {
        degrade(nowMs, error as Error);
        return local.hit(bucket, cost);
      }
    },
    close: async () => {
      (await connecting).disconnect();
    },
  };
}
