/**
 * The ledger's data access: a challenge's fees and refunds and its phase/status history, one method per intent,
 * every row with named fields. Which entries a challenge takes, the typed rates and the views stay in the service
 * and the helpers beside it. A challenge's own change records its history inside the change's transaction:
 * `LedgerRepository.inTransaction(tx)` gives the store bound to it.
 */
import type { Caller } from '@propfolio/core';
import type { ChallengeCostModel, ChallengeModel, Database, Prisma } from '@propfolio/db';

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

  /** Records a cost on the caller's challenge (one the service has checked takes it). */
  async insertCost(caller: Caller, challengeId: string, cost: NewCost): Promise<CostRow> {
    return this.db.prisma.challengeCost.create({ data: { ...cost, userId: caller.userId, challengeId } });
  }
}
