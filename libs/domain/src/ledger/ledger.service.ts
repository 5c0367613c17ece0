import { AppError, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { challengeForDatedEntry } from '../challenges/owned-challenge.js';
import type { AddCostInput } from './ledger.inputs.js';
import type { UpdatePayoutInput } from '../payouts/payout-fields.js';
import type { PayoutView } from '../payouts/payouts.outputs.js';
import { toPayoutView } from '../payouts/payout-view.js';
import { assertNotBefore, assertNotFuture, dateToIso, isoToDate } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { toDecimal } from '../shared/money.js';
import type { CostView } from './ledger.outputs.js';
import { toCostView } from './ledger-views.js';
import { payoutDetailChanges } from './payout-details.js';
import { typedRateData } from './purchase-ledger.js';

const PAYOUT_FIELDS = [
  'status',
  'deniedReason',
  'grossAmount',
  'splitPercent',
  'method',
  'fxRate',
  'fxCurrency',
  'amount',
  'date',
] as const;

/** The money around a challenge besides its price and payouts: fees and refunds, and payout status moves. */
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

  async updatePayout(caller: Caller, input: UpdatePayoutInput, now = new Date()): Promise<{ payout: PayoutView; changed: string[] }> {
    if (!PAYOUT_FIELDS.some((field) => input[field] !== undefined)) {
      throw AppError.validation(`Give at least one field to change: ${PAYOUT_FIELDS.join(', ')}.`, [
        { field: '', message: `at least one of ${PAYOUT_FIELDS.join(', ')} is required` },
      ]);
    }
    return this.db.prisma.$transaction(async (tx) => {
      const current = await tx.payout.findFirst({
        where: { id: requireId(input.id, 'Payout'), userId: caller.userId },
        include: { challenge: { select: { firm: true, plan: true, purchasedAt: true } } },
      });
      if (!current) throw AppError.notFound('Payout');
      if (input.date !== undefined) {
        assertNotFuture('date', input.date, now);
        assertNotBefore('date', input.date, dateToIso(current.challenge.purchasedAt), 'the purchase date of the challenge');
      }
      const data = {
        ...payoutDetailChanges(current, input),
        ...(input.amount !== undefined ? { amount: toDecimal(input.amount) } : {}),
        ...(input.date !== undefined ? { date: isoToDate(input.date) } : {}),
      };
      const updated = await tx.payout.update({
        where: { id: current.id },
        data,
        include: { challenge: { select: { firm: true, plan: true } } },
      });
      const before = toPayoutView(current);
      const after = toPayoutView(updated);
      const changed = Object.keys(after).filter(
        (key) => JSON.stringify(before[key as keyof PayoutView]) !== JSON.stringify(after[key as keyof PayoutView]),
      );
      return { payout: after, changed };
    });
  }
}
