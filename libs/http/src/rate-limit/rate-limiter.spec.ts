import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@propfolio/core';
import { memoryRateLimiter } from './memory-rate-limiter.js';
import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter.js';
import { redisRateLimiter } from './redis-rate-limiter.js';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 45);

describe('memory rate limiter', () => {
  it('allows the limit per bucket and window, then refuses until the window ends', async () => {
    let now = NOW;
    const limiter = memoryRateLimiter(2, () => now);
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect(await limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0, windowSeconds: 60, resetSeconds: 15 });
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
    now += 15_000;
    expect((await limiter.hit('a')).allowed).toBe(true);
  });
});

/**
 * A Redis server of the test's own (real redis-server on a free port), so that it can be paused and
 * stopped without disturbing anyone else's Redis.
 */
async function privateRedis(): Promise<{ url: string; admin: Redis; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => {
        resolve(free);
      });
    });
  });
  const server = spawn(
    process.env.REDIS_SERVER_BIN ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => {
      reject(new Error(`redis-server exited with ${String(code)}`));
    });
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
  });
  const url = `redis://127.0.0.1:${String(port)}`;
  const admin = new Redis(url);
  return {
    url,
    admin,
    stop: async () => {
      admin.disconnect();
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    },
  };
}

const silent = createLogger('silent');
/** Fires `count` hits at once on each limiter and counts the admitted ones. */
async function admitted(limiters: RateLimiter[], bucket: string, count: number): Promise<number> {
  const decisions = await Promise.all(limiters.flatMap((limiter) => Array.from({ length: count }, () => limiter.hit(bucket))));
  return decisions.filter((d) => d.allowed).length;
}

// Runs where a Redis server can be started (REDIS_SERVER_BIN, or redis-server on the PATH): `npm test`
// on the dev machine and CI; elsewhere the shared-limit rules are covered by `npm run bench -- scale`.
const hasRedis = spawnSync(process.env.REDIS_SERVER_BIN ?? 'redis-server', ['--version']).status === 0;
(hasRedis ? describe : describe.skip)('redis rate limiter [redis]', () => {
  it('admits exactly its quota across two instances, for a concurrent burst', async () => {
    const redis = await privateRedis();
    const instances = [
      redisRateLimiter(redis.url, 40, silent, { now: () => NOW }),
      redisRateLimiter(redis.url, 40, silent, { now: () => NOW }),
    ];
    try {
      expect(await admitted(instances, `test:${randomUUID()}`, 30)).toBe(40);
    } finally {
      await Promise.all(instances.map((l) => l.close()));
      await redis.stop();
    }
  });

  it('still admits exactly its quota when Redis answers slowly (it waits for the count)', async () => {
    const redis = await privateRedis();
    const instances = [
      redisRateLimiter(redis.url, 40, silent, { now: () => NOW }),
      redisRateLimiter(redis.url, 40, silent, { now: () => NOW }),
    ];
    try {
      const bucket = `test:${randomUUID()}`;
      await instances[0]?.hit(bucket, 0); // both connected before Redis is paused
      await instances[1]?.hit(bucket, 0);
      await redis.admin.call('CLIENT', 'PAUSE', '600', 'ALL');
      expect(await admitted(instances, bucket, 30)).toBe(40);
    } finally {
      await Promise.all(instances.map((l) => l.close()));
      await redis.stop();
    }
  });

  it('counts per instance while Redis is down: never lets a request through uncounted', async () => {
    const redis = await privateRedis();
    const limiter = redisRateLimiter(redis.url, 3, silent, { now: () => NOW });
    try {
      expect((await limiter.hit(`test:${randomUUID()}`)).allowed).toBe(true);
      await redis.stop();
      const bucket = `test:${randomUUID()}`;
      expect(await admitted([limiter], bucket, 5)).toBe(3);
      expect(await limiter.hit(bucket)).toMatchObject({ allowed: false, remaining: 0 });
    } finally {
      await limiter.close();
      await redis.stop();
    }
  });

  it('holds the quota from the first request when Redis was never reachable', async () => {
    const limiter = redisRateLimiter('redis://127.0.0.1:1', 2, silent, { now: () => NOW });
    try {
      expect(await admitted([limiter], 'x', 4)).toBe(2);
    } finally {
      await limiter.close();
    }
  });
});
