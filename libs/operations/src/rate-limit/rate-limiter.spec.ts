import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@propfolio/core';
import { memoryRateLimiter } from './memory-rate-limiter.js';
import { redisRateLimiter } from './redis-rate-limiter.js';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 45);

describe('memory rate limiter', () => {
  it('allows the limit per bucket and window, then refuses until the window ends', async () => {
    let now = NOW;
    const limiter = memoryRateLimiter(2, () => now);
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect(await limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 15 });
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
    now += 15_000;
    expect((await limiter.hit('a')).allowed).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('redis rate limiter [redis]', () => {
  it('shares one budget between instances (two processes behind a load balancer)', async () => {
    const logger = createLogger('silent');
    const first = redisRateLimiter(redisUrl as string, 3, logger, () => NOW);
    const second = redisRateLimiter(redisUrl as string, 3, logger, () => NOW);
    const bucket = `test:${randomUUID()}`;
    try {
      expect((await first.hit(bucket)).remaining).toBe(2);
      expect((await second.hit(bucket)).remaining).toBe(1);
      expect((await first.hit(bucket)).allowed).toBe(true);
      expect(await second.hit(bucket)).toMatchObject({ allowed: false, remaining: 0 });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('lets requests through when Redis cannot be reached, rather than failing the API', async () => {
    const limiter = redisRateLimiter('redis://127.0.0.1:1', 1, createLogger('silent'), () => NOW);
    try {
      expect((await limiter.hit('x')).allowed).toBe(true);
    } finally {
      await limiter.close();
    }
  });
});
