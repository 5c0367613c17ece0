import type { Prisma } from '@propfolio/db';
import type { AlertEvent } from '../alerts/alert-events.js';
import type { Language } from './test-message.js';

type Tx = Prisma.TransactionClient;

/** Retries stop this long after a delivery was queued: past a day an alert about a firm day is history. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_WAIT_MS = 2 * 3_600_000;
/**
 * How long a claim holds a row. Far above one attempt's timeout, so a live worker always finishes before another
 * instance may take the row; a worker that died mid-send leaves it to be taken again when this ends.
 */
export const LEASE_MS = 120_000;

/** What a delivery row carries to be worded at send time. */
export type DeliveryPayload =
  { readonly event: AlertEvent } | { readonly test: true; readonly language: Language; readonly channelName: string };

/**
 * The wait before attempt n + 1: 10 s doubling to at most 2 h, each spread by ±20 % so that deliveries failed
 * together (a receiver down) do not all come back in the same second.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface ClaimedDelivery {
  readonly id: string;
  readonly channelId: string;
  readonly userId: string;
  readonly purpose: string;
  readonly event: DeliveryPayload;
  readonly attempts: number;
  readonly createdAt: Date;
}

/**
 * Attempts one user may have in flight in one process: a receiver that never answers holds this many slots for its
 * timeout, not all of them, so another user's alert always finds a free one.
 */
export const USER_IN_FLIGHT = 4;
/** Pending rows kept per channel and per user; past them the oldest queued tests are dropped (never an alert). */
export const QUEUED_PER_CHANNEL = 200;
export const QUEUED_PER_USER = 1000;

/**
 * Takes up to `limit` due rows for this worker, fairly: users take turns (each user's oldest row first, then each
 * one's second…), and within a user its channels take turns, so one user's thousand queued rows, or one channel's,
 * never sit ahead of another's alert. A user gets no more than USER_IN_FLIGHT minus what it has in flight here
 * (`inFlight`). FOR UPDATE SKIP LOCKED lets instances claim at once without waiting on each other or taking the
 * same row, and the lease written in the same statement keeps the row theirs after the claim's transaction ends
 * (the sending happens outside any transaction, so no connection is held for 10 s).
 */
export async function claimDue(
  tx: Tx,
  now: Date,
  limit: number,
  inFlight: ReadonlyMap<string, number> = new Map(),
): Promise<ClaimedDelivery[]> {
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  const users = [...inFlight.keys()];
  const counts = users.map((u) => inFlight.get(u) ?? 0);
  return tx.$queryRaw<ClaimedDelivery[]>`
    UPDATE "AlertDelivery" AS d
       SET "lockedUntil" = ${leaseEnd}, "attempts" = d."attempts" + 1, "updatedAt" = ${now}
     WHERE d."id" IN (
       SELECT q."id" FROM "AlertDelivery" q
        WHERE q."id" IN (
          SELECT u."id" FROM (
            SELECT c."id", c."userId", c."nextAttemptAt",
                   row_number() OVER (PARTITION BY c."userId" ORDER BY c."channelTurn", c."nextAttemptAt", c."id") AS "userTurn"
              FROM (
                SELECT "id", "userId", "nextAttemptAt",
                       row_number() OVER (PARTITION BY "channelId" ORDER BY "nextAttemptAt", "id") AS "channelTurn"
                  FROM "AlertDelivery"
                 WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
              ) c
          ) u
          LEFT JOIN unnest(${users}::text[], ${counts}::int[]) AS f("userId", "n") ON f."userId" = u."userId"
          WHERE u."userTurn" <= ${USER_IN_FLIGHT} - COALESCE(f."n", 0)
          ORDER BY u."userTurn", u."nextAttemptAt", u."id"
          LIMIT ${limit})
          AND q."status" = 'pending' AND (q."lockedUntil" IS NULL OR q."lockedUntil" <= ${now})
        FOR UPDATE SKIP LOCKED)
    RETURNING d."id", d."channelId", d."userId", d."purpose", d."event", d."attempts", d."createdAt"`;
}

/**
 * Keeps each of these channels' and users' queues within QUEUED_PER_CHANNEL and QUEUED_PER_USER pending rows: past
 * them the oldest queued tests (not being sent now) are dropped, marked dead with the reason, so the log says so.
 * Alerts are never dropped. Run in the transaction that queued the new rows.
 */
export async function boundQueues(tx: Tx, channelIds: readonly string[], userIds: readonly string[], now: Date): Promise<void> {
  if (channelIds.length === 0 && userIds.length === 0) return;
  const reason = 'dropped: too many messages queued for this channel or user (tests are dropped first, alerts never)';
  await tx.$executeRaw`
    UPDATE "AlertDelivery" AS d SET "status" = 'dead', "lastError" = ${reason}, "updatedAt" = ${now}
     WHERE d."id" IN (
       SELECT r."id" FROM (
         SELECT "id", "purpose", "lockedUntil",
                row_number() OVER (PARTITION BY "channelId" ORDER BY "createdAt" DESC, "id" DESC) AS "inChannel",
                row_number() OVER (PARTITION BY "userId" ORDER BY "createdAt" DESC, "id" DESC) AS "inUser"
           FROM "AlertDelivery"
          WHERE "status" = 'pending' AND ("channelId" = ANY(${channelIds}::text[]) OR "userId" = ANY(${userIds}::text[]))
       ) r
       WHERE r."purpose" = 'test' AND (r."lockedUntil" IS NULL OR r."lockedUntil" <= ${now})
         AND (r."inChannel" > ${QUEUED_PER_CHANNEL} OR r."inUser" > ${QUEUED_PER_USER}))`;
}

/**
 * Several rows delivered, in one statement: each written only while this worker's claim (its attempt count) still
 * holds, as `settle` does for one. A burst's attempts end within milliseconds of each other; one update per row
 * took the embedded database's one connection a turn each.
 */
export async function settleDelivered(tx: Tx, claimed: readonly ClaimedDelivery[], now: Date): Promise<void> {
  if (claimed.length === 0) return;
  await tx.$executeRawUnsafe(
    `UPDATE "AlertDelivery" AS d
        SET "status" = 'delivered', "deliveredAt" = $3::timestamptz, "lastError" = NULL, "lockedUntil" = NULL,
            "updatedAt" = $3::timestamptz
       FROM unnest($1::text[], $2::int[]) AS k("id", "attempts")
      WHERE d."id" = k."id" AND d."attempts" = k."attempts" AND d."status" = 'pending'`,
    claimed.map((c) => c.id),
    claimed.map((c) => c.attempts),
    now.toISOString(),
  );
}

/** The row's state after an attempt; written only while this worker's claim (its attempt count) still holds. */
export async function settle(
  tx: Tx,
  claimed: ClaimedDelivery,
  now: Date,
  outcome: { ok: true } | { ok: false; retry: boolean; error: string; maxAttempts?: number },
  random?: () => number,
): Promise<'delivered' | 'pending' | 'dead'> {
  const where = { id: claimed.id, attempts: claimed.attempts, status: 'pending' };
  if (outcome.ok) {
    await tx.alertDelivery.updateMany({
      where,
      data: { status: 'delivered', deliveredAt: now, lastError: null, lockedUntil: null, updatedAt: now },
    });
    return 'delivered';
  }
  const next = new Date(now.getTime() + retryDelayMs(claimed.attempts, random));
  const outOfAttempts = outcome.maxAttempts !== undefined && claimed.attempts >= outcome.maxAttempts;
  const expired = next.getTime() > claimed.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = outcome.retry && !expired && !outOfAttempts ? 'pending' : 'dead';
  const lastError = !outcome.retry
    ? outcome.error
    : outOfAttempts
      ? `${outcome.error} (gave up after ${claimed.attempts} attempts)`
      : expired
        ? `${outcome.error} (gave up after ${claimed.attempts} attempts in 24 h)`
        : outcome.error;
  await tx.alertDelivery.updateMany({
    where,
    data: {
      status,
      lastError: lastError.slice(0, 500),
      lockedUntil: null,
      updatedAt: now,
      ...(status === 'pending' ? { nextAttemptAt: next } : {}),
    },
  });
  return status;
}
