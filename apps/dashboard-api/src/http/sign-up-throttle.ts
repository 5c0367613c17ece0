import type { Database } from '@propfolio/db';
import { AppError, type RateDecision, type RateLimiter } from '@propfolio/core';

/** Open sign-ups (SIGNUP=open, no invite) one client IP may attempt per clock hour. */
export const SIGNUPS_PER_IP_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * Counters per clock hour in the database's RateCounter table (the sign-in throttle's, whose windows are
 * minutes; the buckets differ), so every instance shares them: one upsert per attempt, and the rows
 * expire with the hour.
 */
export function hourlyDatabaseLimiter(db: Database, limit: number, now: () => number = Date.now): RateLimiter {
  return {
    hit: async (bucket): Promise<RateDecision> => {
      const nowMs = now();
      const hour = Math.floor(nowMs / HOUR_MS);
      const expiresAt = new Date((hour + 1) * HOUR_MS + 5_000);
      const rows = await db.prisma.$queryRaw<{ count: number | bigint }[]>`
        INSERT INTO "RateCounter" ("bucket", "window", "count", "expiresAt") VALUES (${bucket}, ${BigInt(hour)}, 1, ${expiresAt})
        ON CONFLICT ("bucket", "window") DO UPDATE SET "count" = "RateCounter"."count" + 1
        RETURNING "count"`;
      const count = Number(rows[0]?.count ?? 1);
      const resetSeconds = Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - nowMs) / 1000));
      return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), windowSeconds: HOUR_MS / 1000, resetSeconds };
    },
    close: async () => undefined,
  };
}

/** Counts an open sign-up from `ip` before any password work; over the limit it is refused with Retry-After. */
export async function throttleSignUp(limiter: RateLimiter, ip: string): Promise<void> {
  const decision = await limiter.hit(`signup:ip:${ip}`);
  if (!decision.allowed) throw AppError.rateLimited('Too many sign-ups from this address', decision);
}
