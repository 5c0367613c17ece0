/**
 * Alert channels' data access for the dashboard's operations: the channels, their test deliveries and the delivery
 * log, one method per intent, every row with named fields. Which destinations are allowed, the sealing of secrets
 * and the bounds stay in alert-channels.service.ts; the queue's claim and settling are in delivery-queue.ts.
 */
import type { Database, Prisma } from '@propfolio/db';
import { boundQueues, type DeliveryPayload } from './delivery-queue.js';

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
}
