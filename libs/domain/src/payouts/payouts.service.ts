import { AppError, type Caller } from '@propfolio/core';
import type { AddPayoutInput, ListPayoutsInput } from './payouts.inputs.js';
import { assertNotBefore, assertNotFuture, dateToIso, isoToDate } from '../shared/dates.js';
import { requireId } from '../shared/ids.js';
import { CurrencyTotals, toDecimal } from '../shared/money.js';
import { Keyset } from '../shared/pagination.js';
import type { PayoutList, PayoutView } from './payouts.outputs.js';
import { toPayoutView } from './payout-view.js';
import type { PayoutRow, PayoutsRepository } from './payouts.repository.js';
import { newPayoutDetails, payoutDetailChanges } from './payout-details.js';
import type { UpdatePayoutInput } from './payout-fields.js';
import type { ChallengeForEntry } from '../shared/challenge-refs.js';

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

/** Payouts (money withdrawn from a challenge): recording, changing and listing them with exact totals per currency. */
export class PayoutService {
  constructor(
    private readonly payouts: PayoutsRepository,
    /** The challenges' check that the caller's challenge takes an entry of that date (services.ts hands it in). */
    private readonly challengeFor: ChallengeForEntry,
  ) {}

  /** A payout records history, so a failed challenge (breached after a payout request) still takes one. */
  async add(caller: Caller, input: AddPayoutInput, now = new Date()): Promise<PayoutView> {
    const payout = {
      amount: toDecimal(input.amount),
      currency: input.currency,
      date: isoToDate(input.date),
      ...newPayoutDetails(input.currency, input),
    };
    const challenge = await this.challengeFor(caller, input.challengeId, input.date, now);
    return toPayoutView(await this.payouts.insertPayout(caller, challenge.id, payout));
  }

  /** One statement (see PayoutsRepository.payoutPage): the page, its challenges and the paid totals of the whole list. */
  async list(caller: Caller, input: ListPayoutsInput): Promise<PayoutList> {
    const keyset = new Keyset<PayoutRow>(input, (row) => row.date);
    const { rows, paid } = await this.payouts.payoutPage(caller, keyset, input.from);
    const totals = new CurrencyTotals();
    for (const sum of paid) totals.add(sum.currency, sum.total);
    return { ...keyset.page(rows, toPayoutView), totals: totals.list() };
  }

  /** Changes a payout (its status moves, details, amount or date) and names the fields that changed. */
  async update(caller: Caller, input: UpdatePayoutInput, now = new Date()): Promise<{ payout: PayoutView; changed: string[] }> {
    if (!PAYOUT_FIELDS.some((field) => input[field] !== undefined)) {
      throw AppError.validation(`Give at least one field to change: ${PAYOUT_FIELDS.join(', ')}.`, [
        { field: '', message: `at least one of ${PAYOUT_FIELDS.join(', ')} is required` },
      ]);
    }
    const { before, after } = await this.payouts.changePayout(caller, requireId(input.id, 'Payout'), (current) => {
      if (!current) throw AppError.notFound('Payout');
      if (input.date !== undefined) {
        assertNotFuture('date', input.date, now);
        assertNotBefore('date', input.date, dateToIso(current.challenge.purchasedAt), 'the purchase date of the challenge');
      }
      return {
        ...payoutDetailChanges(current, input),
        ...(input.amount !== undefined ? { amount: toDecimal(input.amount) } : {}),
        ...(input.date !== undefined ? { date: isoToDate(input.date) } : {}),
      };
    });
    const was = toPayoutView(before);
    const payout = toPayoutView(after);
    const changed = Object.keys(payout).filter(
      (key) => JSON.stringify(was[key as keyof PayoutView]) !== JSON.stringify(payout[key as keyof PayoutView]),
    );
    return { payout, changed };
  }
}
