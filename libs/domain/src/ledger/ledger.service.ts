import type { Caller } from '@propfolio/core';
import type { AddCostInput } from './ledger.inputs.js';
import { isoToDate } from '../shared/dates.js';
import { toDecimal } from '../shared/money.js';
import type { CostView } from './ledger.outputs.js';
import { toCostView } from './ledger-views.js';
import { typedRateData } from './purchase-ledger.js';
import type { LedgerRepository } from './ledger.repository.js';

/** The money around a challenge besides its price and payouts: fees and refunds (payouts are PayoutService's). */
export class LedgerService {
  constructor(private readonly ledger: LedgerRepository) {}

  /** Costs are history like payouts, so a failed challenge still takes one (a reset fee is paid after a breach). */
  async addCost(caller: Caller, input: AddCostInput, now = new Date()): Promise<CostView> {
    const row = await this.ledger.insertCost(caller, input.id, input.date, now, {
      kind: input.kind,
      amount: toDecimal(input.amount),
      currency: input.currency,
      date: isoToDate(input.date),
      note: input.note ?? null,
      ...typedRateData(input.currency, input),
    });
    return toCostView(row);
  }
}
