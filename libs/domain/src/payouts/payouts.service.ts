import type { Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { challengeForDatedEntry } from '../challenges/owned-challenge.js';
import type { AddPayoutInput, ListPayoutsInput } from './payouts.inputs.js';
import { isoToDate } from '../shared/dates.js';
import { CurrencyTotals, toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { PayoutList, PayoutView } from './payouts.outputs.js';
import { toPayoutView, type PayoutRow } from './payout-view.js';
import { newPayoutDetails } from '../ledger/payout-details.js';
import { readPayoutList } from './payout-list-read.js';

const WITH_CHALLENGE = { challenge: { select: { firm: true, plan: true } } } as const;

/** Payouts (money withdrawn from a challenge) and their exact totals per currency. */
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
}
