import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { challengeForDatedEntry } from '../challenges/owned-challenge.js';
import type { AddCostInput } from './ledger.inputs.js';
import { isoToDate } from '../shared/dates.js';
import { toDecimal } from '../shared/money.js';
import type { CostView } from './ledger.outputs.js';
import { toCostView } from './ledger-views.js';
import { typedRateData } from './purchase-ledger.js';

/** The money around a challenge besides its price and payouts: fees and refunds (payouts are PayoutService's). */
export class LedgerService {
  constructor(private readonly db: Database) {}

  /** Costs are history like payouts, so a failed challenge still takes one (a reset fee is paid after a breach). */
  async addCost(caller: Caller, input: AddCostInput, now = new Date()): Promise<CostView> {
    const challenge = await challengeForDatedEntry(this.db.prisma, caller, input.id, input.date, now);
    const row = await this.db.prisma.challengeCost.create({
      data: {
        userId: caller.userId,
        challengeId: challenge.id,
        kind: input.kind,
        amount: toDecimal(input.amount),
        currency: input.currency,
        date: isoToDate(input.date),
        note: input.note ?? null,
        ...typedRateData(input.currency, input),
      },
    });
    return toCostView(row);
  }
}
