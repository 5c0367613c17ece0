import type { Database } from '@propfolio/db';
import { decide, WINDOW_SECONDS, windowOf, type RateLimiter } from './rate-limiter.js';

/**
 * Counters in the database, shared by every instance when there is no Redis: one upsert per hit.
 * Used where limits must hold across instances whatever the deployment (the sign-in throttle).
 */
export function databaseRateLimiter(db: Database, limit: number, now: () => number = Date.now): RateLimiter {
  let lastSweep = 0;
  return {
    hit: async (bucket) => {
      const nowMs = now();
      const window = BigInt(windowOf(nowMs));
      const expiresAt = new Date(nowMs + (WINDOW_SECONDS + 5) * 1000);
      const rows = await db.prisma.$queryRaw<{ count: number | bigint }[]>`
        INSERT INTO "RateCounter" ("bucket", "window", "count", "expiresAt") VALUES (${bucket}, ${window}, 1, ${expiresAt})
        ON CONFLICT ("bucket", "window") DO UPDATE SET "count" = "RateCounter"."count" + 1
        RETURNING "count"`;
      if (nowMs - lastSweep > WINDOW_SECONDS * 1000) {
        lastSweep = nowMs;
        await db.prisma.rateCounter.deleteMany({ where: { expiresAt: { lt: new Date(nowMs) } } });
      }
      return decide(Number(rows[0]?.count ?? 1), limit, nowMs);
    },
    close: async () => undefined,
  };
}
