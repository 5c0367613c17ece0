/**
 * The ledger's data access: a challenge's fees and refunds and its phase/status history, one method per intent,
 * every row with named fields. Which entries a challenge takes, the typed rates and the views stay in the service
 * and the helpers beside it. A challenge's own change records its history inside the change's transaction:
 * `LedgerRepository.inTransaction(tx)` gives the store bound to it.
 */
import type { Caller } from '@propfolio/core';
import type { ChallengeCostModel, ChallengeModel, Database, Prisma } from '@propfolio/db';
import { challengeForDatedEntry } from '../challenges/owned-challenge.js';

/** A fee or refund, amounts exact. */
export type CostRow = ChallengeCostModel;

/** A challenge as its ledger columns (list price, coupon, plan, reset, typed rate) and its history read it. */
export type PurchaseRow = ChallengeModel;

/** The transaction a challenge's change or purchase runs in. */
export type LedgerTransaction = Prisma.TransactionClient;

/** The columns of a new cost besides its owner and challenge. */
export type NewCost = Omit<Prisma.ChallengeCostUncheckedCreateInput, 'id' | 'userId' | 'challengeId' | 'createdAt'>;

export interface ChallengeEvent {
  userId: string;
  challengeId: string;
  phase: PurchaseRow['phase'];
  status: PurchaseRow['status'];
  date: Date;
}

/** The ledger's writes inside a transaction someone else opened. */
export class LedgerStore {
  constructor(private readonly tx: LedgerTransaction) {}

  async insertChallengeEvent(event: ChallengeEvent): Promise<void> {
    await this.tx.challengeEvent.create({ data: event });
  }
}

export class LedgerRepository {
  constructor(private readonly db: Database) {}

  static inTransaction(tx: LedgerTransaction): LedgerStore {
    return new LedgerStore(tx);
  }

  /** Records a cost on the caller's challenge, which must take an entry dated `date` (404/409 otherwise). */
  async insertCost(caller: Caller, challengeId: string, date: string, now: Date, cost: NewCost): Promise<CostRow> {
    const challenge = await challengeForDatedEntry(this.db.prisma, caller, challengeId, date, now);
    return this.db.prisma.challengeCost.create({ data: { ...cost, userId: caller.userId, challengeId: challenge.id } });
  }
}
