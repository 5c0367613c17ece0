import { AppError, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { challengeForDatedEntry } from '../challenges/owned-challenge.js';
import type { AddPayoutInput, ListPayoutsInput } from './payouts.inputs.js';
import { assertNotBefore, assertNotFuture, dateToIso, isoToDate } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { CurrencyTotals, toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { PayoutList, PayoutView } from './payouts.outputs.js';
import { toPayoutView, type PayoutRow } from './payout-view.js';
import { newPayoutDetails, payoutDetailChanges } from '../ledger/payout-details.js';
import type { UpdatePayoutInput } from './payout-fields.js';
import { readPayoutList } from './payout-list-read.js';

/** The fields update_payout may change; at least one must be given. */
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

const WITH_CHALLENGE = { challenge: { select: { firm: true, plan: true } } } as const;

/** Payouts (money withdrawn from a challenge): recording, changing and listing them with exact totals per currency. */
export class PayoutService {
  constructor(private readonly db: Database) {}

  /** A payout records history, so a failed challenge (breached after a payout request) still takes one. */
  async add(caller: Caller, input: AddPayoutInput, now = new Date()): Promise<PayoutView> {
    const challenge = await challengeForDatedEntry(this.db.prisma, caller, input.challengeId, input.date, now);
    const row = await this.db.prisma.payout.create({
      data: {
        userId: caller.userId,
        challengeId: challenge.id,
        amount: toDecimal(input.amount),
        currency: input.currency,
        date: isoToDate(input.date),
        ...newPayoutDetails(input.currency, input),
      },
      include: WITH_CHALLENGE,
    });
    return toPayoutView(row);
  }

  /** One statement (see readPayoutList): the page, its challenges and the paid totals of the whole list. */
  async list(caller: Caller, input: ListPayoutsInput): Promise<PayoutList> {
    const keyset = new Keyset<PayoutRow>(input, (row) => row.date);
    const { rows, paid } = await readPayoutList(this.db, caller, keyset, input.from);
    const totals = new CurrencyTotals();
    for (const sum of paid) totals.add(sum.currency, new Prisma.Decimal(sum.total));
    return { ...keyset.page(rows, toPayoutView), totals: totals.list() };
  }

  /** Changes a payout (its status moves, details, amount or date) and names the fields that changed. */
  async update(caller: Caller, input: UpdatePayoutInput, now = new Date()): Promise<{ payout: PayoutView; changed: string[] }> {
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
