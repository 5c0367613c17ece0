/**
 * Alert channels' data access: the channels, their test deliveries and the delivery log for the dashboard's
 * operations, and the delivery worker's queue (its claims, settling and the alerts queued), one method per intent,
 * each statement's SQL a named constant beside it, every row with named fields. Which destinations are allowed, the
 * sealing of secrets and the bounds stay in alert-channels.service.ts; the retry rules in delivery-queue.ts.
 */
import type { Database, Prisma } from '@propfolio/db';
import type { AlertEvent } from '../alerts/alert-events.js';
import {
  type ClaimedDelivery,
  type DeliveryPayload,
  LEASE_MS,
  QUEUED_PER_CHANNEL,
  QUEUED_PER_USER,
  type Settlement,
  USER_IN_FLIGHT,
} from './delivery-queue.js';

type Tx = Prisma.TransactionClient;

export type ChannelRow = Prisma.AlertChannelGetPayload<object>;
export type DeliveryRow = Prisma.AlertDeliveryGetPayload<object>;

export interface NewChannel {
  id: string;
  userId: string;
  kind: ChannelRow['kind'];
  name: string;
  target: string;
  secretBox: string;
  secretHint: string;
}

/** A tried delivery as the channel cards' failure warnings read it. */
export interface TriedDelivery {
  channelId: string;
  status: DeliveryRow['status'];
  lastError: string | null;
  updatedAt: Date;
}

export interface DeliveryFilter {
  channelId?: string;
  status?: DeliveryRow['status'];
  limit: number;
}

/** Whether a row is due at $1: pending, its next attempt come and no live claim on it. One indexed read. */
const ANY_DUE_SQL = `
  SELECT EXISTS (SELECT 1 FROM "AlertDelivery" WHERE "status" = 'pending' AND "nextAttemptAt" <= $1
    AND ("lockedUntil" IS NULL OR "lockedUntil" <= $1)) AS due`;

/**
 * Claims up to $6 rows due at $2, users taking turns (each one's oldest row first, then each one's second…) and
 * within a user its channels, a user getting no more than $5 minus what it has in flight ($3 users, $4 counts); the
 * lease ($1) and the attempt are written in the same statement. FOR UPDATE SKIP LOCKED: instances never wait on
 * each other nor take the same row.
 */
const CLAIM_DUE_SQL = `
  UPDATE "AlertDelivery" AS d
     SET "lockedUntil" = $1, "attempts" = d."attempts" + 1, "updatedAt" = $2
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
               WHERE "status" = 'pending' AND "nextAttemptAt" <= $2 AND ("lockedUntil" IS NULL OR "lockedUntil" <= $2)
            ) c
        ) u
        LEFT JOIN unnest($3::text[], $4::int[]) AS f("userId", "n") ON f."userId" = u."userId"
        WHERE u."userTurn" <= $5 - COALESCE(f."n", 0)
        ORDER BY u."userTurn", u."nextAttemptAt", u."id"
        LIMIT $6)
        AND q."status" = 'pending' AND (q."lockedUntil" IS NULL OR q."lockedUntil" <= $2)
      FOR UPDATE SKIP LOCKED)
  RETURNING d."id", d."channelId", d."userId", d."purpose", d."event", d."attempts", d."createdAt"`;

/**
 * Marks dead, with the reason $1 at $2, the oldest queued tests (not being sent) of the channels $3 and users $4 past
 * $5 pending rows per channel or $6 per user. Alerts are never dropped.
 */
const BOUND_QUEUES_SQL = `
  UPDATE "AlertDelivery" AS d SET "status" = 'dead', "lastError" = $1, "updatedAt" = $2
   WHERE d."id" IN (
     SELECT r."id" FROM (
       SELECT "id", "purpose", "lockedUntil",
              row_number() OVER (PARTITION BY "channelId" ORDER BY "createdAt" DESC, "id" DESC) AS "inChannel",
              row_number() OVER (PARTITION BY "userId" ORDER BY "createdAt" DESC, "id" DESC) AS "inUser"
         FROM "AlertDelivery"
        WHERE "status" = 'pending' AND ("channelId" = ANY($3::text[]) OR "userId" = ANY($4::text[]))
     ) r
     WHERE r."purpose" = 'test' AND (r."lockedUntil" IS NULL OR r."lockedUntil" <= $2)
       AND (r."inChannel" > $5 OR r."inUser" > $6))`;

/** Marks the rows ($1 ids, $2 their claims' attempts) delivered at $3, each only while that claim still holds. */
const SETTLE_DELIVERED_SQL = `
  UPDATE "AlertDelivery" AS d
     SET "status" = 'delivered', "deliveredAt" = $3::timestamptz, "lastError" = NULL, "lockedUntil" = NULL,
         "updatedAt" = $3::timestamptz
    FROM unnest($1::text[], $2::int[]) AS k("id", "attempts")
   WHERE d."id" = k."id" AND d."attempts" = k."attempts" AND d."status" = 'pending'`;

const DROPPED = 'dropped: too many messages queued for this channel or user (tests are dropped first, alerts never)';

/**
 * Keeps each of these channels' and users' queues within QUEUED_PER_CHANNEL and QUEUED_PER_USER pending rows: past
 * them the oldest queued tests (not being sent now) are dropped, marked dead with the reason, so the log says so.
 * Alerts are never dropped. Run in the transaction that queued the new rows.
 */
async function boundQueues(tx: Tx, channelIds: readonly string[], userIds: readonly string[], now: Date): Promise<void> {
  if (channelIds.length === 0 && userIds.length === 0) return;
  await tx.$executeRawUnsafe(BOUND_QUEUES_SQL, DROPPED, now, [...channelIds], [...userIds], QUEUED_PER_CHANNEL, QUEUED_PER_USER);
}

export class AlertChannelsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts the channel unless `refuse(count)` throws, `count` being the user's channels counted with the user's row
   * locked, so parallel creations cannot pass a bound together.
   */
  async insertChannelCapped(channel: NewChannel, refuse: (count: number) => void): Promise<ChannelRow> {
    return this.db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${channel.userId} FOR UPDATE`;
      refuse(await tx.alertChannel.count({ where: { userId: channel.userId } }));
      return tx.alertChannel.create({ data: channel });
    });
  }

  /** The user's channels, oldest first. */
  async channelsOf(userId: string): Promise<ChannelRow[]> {
    return this.db.prisma.alertChannel.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** The user's latest tried deliveries of every channel, newest first, at most `take`. */
  async triedDeliveries(userId: string, take: number): Promise<TriedDelivery[]> {
    return this.db.prisma.alertDelivery.findMany({
      where: { userId, attempts: { gt: 0 } },
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      take,
      select: { channelId: true, status: true, lastError: true, updatedAt: true },
    });
  }

  async channelOf(userId: string, id: string): Promise<ChannelRow | null> {
    return this.db.prisma.alertChannel.findFirst({ where: { id, userId } });
  }

  /** The language the user reads messages in ('en' or 'ja'); null for an unknown user. */
  async languageOf(userId: string): Promise<string | null> {
    return (await this.db.prisma.user.findUnique({ where: { id: userId }, select: { language: true } }))?.language ?? null;
  }

  /** How many tests of the channel are still queued. */
  async queuedTests(channelId: string): Promise<number> {
    return this.db.prisma.alertDelivery.count({ where: { channelId, purpose: 'test', status: 'pending' } });
  }

  /** Queues a test delivery, keeping the channel's and the user's queues within their bounds in the same transaction. */
  async insertTestDelivery(channelId: string, userId: string, payload: Extract<DeliveryPayload, { test: true }>): Promise<DeliveryRow> {
    return this.db.prisma.$transaction(async (tx) => {
      const created = await tx.alertDelivery.create({ data: { channelId, userId, purpose: 'test', event: payload } });
      await boundQueues(tx, [channelId], [userId], created.createdAt);
      return created;
    });
  }

  /** Deletes the user's channel with its queue and log; false when it is not theirs. */
  async deleteChannel(userId: string, id: string): Promise<boolean> {
    return (await this.db.prisma.alertChannel.deleteMany({ where: { id, userId } })).count === 1;
  }

  /** The user's deliveries, newest first. */
  async deliveries(userId: string, filter: DeliveryFilter): Promise<DeliveryRow[]> {
    return this.db.prisma.alertDelivery.findMany({
      where: {
        userId,
        ...(filter.channelId !== undefined ? { channelId: filter.channelId } : {}),
        ...(filter.status !== undefined ? { status: filter.status } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
    });
  }

  /** Whether any row is due now (most polls find none: a driver read, no Prisma transaction every half second). */
  async anyDue(now: Date): Promise<boolean> {
    const [row] = await this.db.driverQuery<{ due: boolean }>(ANY_DUE_SQL, [now.toISOString()]);
    return row?.due === true;
  }

  /**
   * Takes up to `limit` due rows for this worker, fairly (see CLAIM_DUE_SQL); `inFlight` is what each user has in
   * flight here. One statement, its own transaction; the lease keeps the rows this worker's after it ends (the
   * sending happens outside any transaction, so no connection is held for 10 s).
   */
  async claimDue(now: Date, limit: number, inFlight: ReadonlyMap<string, number> = new Map()): Promise<ClaimedDelivery[]> {
    const users = [...inFlight.keys()];
    const counts = users.map((u) => inFlight.get(u) ?? 0);
    const leaseEnd = new Date(now.getTime() + LEASE_MS);
    return this.db.prisma.$queryRawUnsafe<ClaimedDelivery[]>(CLAIM_DUE_SQL, leaseEnd, now, users, counts, USER_IN_FLIGHT, limit);
  }

  /** The channels with these ids (a removed one is absent). */
  async channelsByIds(ids: readonly string[]): Promise<ChannelRow[]> {
    return this.db.prisma.alertChannel.findMany({ where: { id: { in: [...ids] } } });
  }

  /** How many rows are due now. */
  async countDue(now: Date): Promise<number> {
    return this.db.prisma.alertDelivery.count({
      where: { status: 'pending', nextAttemptAt: { lte: now }, OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] },
    });
  }

  /**
   * Several rows delivered, in one statement: each written only while this worker's claim (its attempt count) still
   * holds. A burst's attempts end within milliseconds of each other; one update per row took the embedded database's
   * one connection a turn each.
   */
  async settleDelivered(claimed: readonly ClaimedDelivery[], now: Date): Promise<void> {
    if (claimed.length === 0) return;
    await this.db.prisma.$executeRawUnsafe(
      SETTLE_DELIVERED_SQL,
      claimed.map((c) => c.id),
      claimed.map((c) => c.attempts),
      now.toISOString(),
    );
  }

  /** One row's state after a failed attempt; written only while this worker's claim (its attempt count) still holds. */
  async settleFailed(claimed: ClaimedDelivery, now: Date, settlement: Settlement): Promise<void> {
    await this.db.prisma.alertDelivery.updateMany({
      where: { id: claimed.id, attempts: claimed.attempts, status: 'pending' },
      data: {
        status: settlement.status,
        lastError: settlement.lastError,
        lockedUntil: null,
        updatedAt: now,
        ...(settlement.nextAttemptAt !== null ? { nextAttemptAt: settlement.nextAttemptAt } : {}),
      },
    });
  }

  /**
   * Queues one delivery per event and channel of the event's user, due now, in `tx` when given (the fired log's
   * transaction, so both commit together), keeping the queues within their bounds. Answers how many were queued.
   */
  async queueAlerts(events: readonly AlertEvent[], now: Date, tx?: Tx): Promise<number> {
    const client = tx ?? this.db.prisma;
    const userIds = [...new Set(events.map((e) => e.userId))];
    const channels = await client.alertChannel.findMany({ where: { userId: { in: userIds } }, select: { id: true, userId: true } });
    const data = events.flatMap((event) =>
      channels
        .filter((c) => c.userId === event.userId)
        .map((c) => ({
          channelId: c.id,
          userId: event.userId,
          purpose: 'alert',
          event: { event } as unknown as Prisma.InputJsonValue,
          createdAt: now,
          updatedAt: now,
          nextAttemptAt: now,
        })),
    );
    if (data.length === 0) return 0;
    await client.alertDelivery.createMany({ data });
    // Bounded queues: a user or channel past its bound loses its oldest queued tests, never an alert.
    await boundQueues(client, [...new Set(data.map((d) => d.channelId))], userIds, now);
    return data.length;
  }
}
