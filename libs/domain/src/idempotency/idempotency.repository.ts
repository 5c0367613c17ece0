/**
 * The Idempotency-Key records' data access: one method per intent, every row with named fields. The claim, the
 * replay and the retention rules stay in idempotency-store.ts.
 */
import { Prisma, type Database } from '@propfolio/db';

/** A stored answer of an earlier request with the same key. */
export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  responseBody: unknown;
}

export interface IdempotencyClaim {
  userId: string;
  key: string;
  requestHash: string;
  /** The status a claimed row carries until its answer is stored in the same unit. */
  statusCode: number;
  createdAt: Date;
}

export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in the database's unit, which the operation's own queries join. */
  unit<T>(work: () => Promise<T>): Promise<T> {
    return this.db.unit(work);
  }

  /** Frees the user's key when its row is older than `staleBefore` or still carries `unanswered`. */
  async freeKey(userId: string, key: string, staleBefore: Date, unanswered: number): Promise<void> {
    await this.db.prisma.idempotencyRecord.deleteMany({
      where: { userId, key, OR: [{ createdAt: { lte: staleBefore } }, { statusCode: unanswered }] },
    });
  }

  /**
   * Claims the user's key (ON CONFLICT DO NOTHING, which waits for a concurrent claim of the same key to commit or
   * roll back); false when it was already taken.
   */
  async claimKey(claim: IdempotencyClaim): Promise<boolean> {
    const claimed = await this.db.prisma.idempotencyRecord.createMany({ data: [{ ...claim, responseBody: {} }], skipDuplicates: true });
    return claimed.count > 0;
  }

  async storedAnswer(userId: string, key: string): Promise<StoredAnswer> {
    const record = await this.db.prisma.idempotencyRecord.findUniqueOrThrow({ where: { userId_key: { userId, key } } });
    return { requestHash: record.requestHash, statusCode: record.statusCode, responseBody: record.responseBody };
  }

  async storeAnswer(userId: string, key: string, statusCode: number, body: unknown): Promise<void> {
    await this.db.prisma.idempotencyRecord.update({
      where: { userId_key: { userId, key } },
      data: { statusCode, responseBody: (body ?? null) as Prisma.InputJsonValue },
    });
  }

  /** Deletes every row created before `before`; returns how many. */
  async deleteOlderThan(before: Date): Promise<number> {
    const { count } = await this.db.prisma.idempotencyRecord.deleteMany({ where: { createdAt: { lt: before } } });
    return count;
  }
}
