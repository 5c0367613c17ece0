import { AppError } from '@propfolio/core';
import { Prisma, type Database, type IdempotencyRecordModel as IdempotencyRecord } from '@propfolio/db';

/** How long a key is remembered: a retry within this window replays, an older key is free again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a reservation (a request still running) holds its key. A request whose process died (kill -9,
 * crash, lost connection) never completes or abandons it; after the lease a retry reclaims the key.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;
/** statusCode of a row whose first request is still running. */
const IN_PROGRESS = 0;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export type IdempotencyDecision =
  /** `reservedAt` identifies this reservation: pass it to `complete` and `abandon`. */
  | { kind: 'proceed'; reservedAt: Date }
  | { kind: 'replay'; status: number; body: unknown };

/**
 * The Idempotency-Key store, per user and key. `begin` reserves the key (or says to replay the stored
 * answer); run the operation, then `complete` with its answer, or `abandon` when it failed so that a
 * retry may run again. A key reused with a different body is refused (422); a key whose first request
 * is still running answers 409 idempotency_in_progress, for at most the lease (60 s by default): after
 * it, the reservation is treated as abandoned. Rows older than 24 h are ignored and pruned.
 */
export class IdempotencyStore {
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    private readonly leaseMs = IDEMPOTENCY_LEASE_MS,
  ) {}

  async begin(userId: string, key: string, requestHash: string, now = new Date()): Promise<IdempotencyDecision> {
    await this.pruneNowAndThen(now);
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.db.prisma.idempotencyRecord.findUnique({ where: { userId_key: { userId, key } } });
      if (existing && !this.expired(existing, now) && !this.leaseLapsed(existing, now)) return decide(existing, requestHash);
      if (existing) await this.db.prisma.idempotencyRecord.deleteMany({ where: { userId, key, createdAt: existing.createdAt } });
      try {
        await this.db.prisma.idempotencyRecord.create({
          data: { userId, key, requestHash, statusCode: IN_PROGRESS, responseBody: {}, createdAt: now },
        });
        return { kind: 'proceed', reservedAt: now };
      } catch (error) {
        // A concurrent request reserved the key first: read its row again.
        if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
      }
    }
    throw inProgress();
  }

  /**
   * Stores the answer of the request that `begin` let proceed. A request that outlived its lease and
   * whose key was reclaimed by a retry stores nothing (`reservedAt` no longer matches).
   */
  async complete(userId: string, key: string, status: number, body: unknown, reservedAt?: Date): Promise<void> {
    await this.db.prisma.idempotencyRecord.updateMany({
      where: { userId, key, statusCode: IN_PROGRESS, ...(reservedAt ? { createdAt: reservedAt } : {}) },
      data: { statusCode: status, responseBody: (body ?? null) as Prisma.InputJsonValue },
    });
  }

  /** Releases a reservation whose request failed, so the same key can be retried. */
  async abandon(userId: string, key: string, reservedAt?: Date): Promise<void> {
    await this.db.prisma.idempotencyRecord.deleteMany({
      where: { userId, key, statusCode: IN_PROGRESS, ...(reservedAt ? { createdAt: reservedAt } : {}) },
    });
  }

  /** Deletes every row past the retention window; returns how many. */
  async prune(now = new Date()): Promise<number> {
    const { count } = await this.db.prisma.idempotencyRecord.deleteMany({
      where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } },
    });
    return count;
  }

  private expired(record: IdempotencyRecord, now: Date): boolean {
    return now.getTime() - record.createdAt.getTime() >= IDEMPOTENCY_TTL_MS;
  }

  private leaseLapsed(record: IdempotencyRecord, now: Date): boolean {
    return record.statusCode === IN_PROGRESS && now.getTime() - record.createdAt.getTime() >= this.leaseMs;
  }

  private async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.prune(now);
  }
}

function decide(record: IdempotencyRecord, requestHash: string): IdempotencyDecision {
  if (record.requestHash !== requestHash) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
    );
  }
  if (record.statusCode === IN_PROGRESS) throw inProgress();
  return { kind: 'replay', status: record.statusCode, body: record.responseBody };
}

const inProgress = () =>
  new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still running; retry in a moment.');
