import { AppError } from '@propfolio/core';
import type { IdempotencyRepository, StoredAnswer } from './idempotency.repository.js';

/** How long a key is remembered: a retry within this window replays, an older key is free again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * statusCode of a row written before its answer, inside the same transaction. Committed, it can only be
 * a leftover of the earlier design (reserve, run, store in three steps) from a crashed request: free.
 */
const UNANSWERED = 0;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** true when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * The Idempotency-Key store, per user and key. `run` claims the key, runs the operation and stores its
 * answer in ONE transaction (the database's unit, which the operation's own queries join): a crash at
 * any point rolls back the record and the claim together, so a retry runs again and never duplicates,
 * and nothing is ever left "in progress". A concurrent request with the same key waits on the key's
 * unique index for the first to finish, then replays its answer (or runs, if the first failed). A key
 * reused with a different body is refused (422). Rows older than 24 h are ignored and pruned.
 */
export class IdempotencyStore {
  private lastPrune = 0;

  constructor(private readonly records: IdempotencyRepository) {}

  async run(
    userId: string,
    key: string,
    requestHash: string,
    successStatus: number,
    operation: () => Promise<unknown>,
    now = new Date(),
  ): Promise<IdempotentAnswer> {
    await this.pruneNowAndThen(now);
    const records = this.records;
    return records.unit(async () => {
      await records.freeKey(userId, key, new Date(now.getTime() - IDEMPOTENCY_TTL_MS), UNANSWERED);
      // Waits for a concurrent claim of the same key to commit or roll back.
      const claimed = await records.claimKey({ userId, key, requestHash, statusCode: UNANSWERED, createdAt: now });
      if (!claimed) return replay(await records.storedAnswer(userId, key), requestHash);
      const body = await operation();
      await records.storeAnswer(userId, key, successStatus, body);
      return { status: successStatus, body, replayed: false };
    });
  }

  /** Deletes every row past the retention window; returns how many. */
  async prune(now = new Date()): Promise<number> {
    return this.records.deleteOlderThan(new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
  }

  private async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.prune(now);
  }
}

function replay(record: StoredAnswer, requestHash: string): IdempotentAnswer {
  if (record.requestHash !== requestHash) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
    );
  }
  return { status: record.statusCode, body: record.responseBody, replayed: true };
}
