import type { Caller } from '@propfolio/core';
import type { AddCostInput } from './ledger.inputs.js';
import { isoToDate } from '../shared/dates.js';
import { toDecimal } from '../shared/money.js';
import type { CostView } from './ledger.outputs.js';
import { toCostView } from './ledger-views.js';
import { typedRateData } from '../fx/typed-rate.js';
import type { LedgerRepository } from './ledger.repository.js';
import type { ChallengeForEntry } from '../shared/challenge-refs.js';

/** The money around a challenge besides its price and payouts: fees and refunds (payouts are PayoutService's). */
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    /** The challenges' check that the caller's challenge takes an entry of that date (services.ts hands it in). */
    private readonly challengeFor: ChallengeForEntry,
  ) {}

  /** Costs are history like payouts, so a failed challenge still takes one (a reset fee is paid after a breach). */
  async addCost(caller: Caller, input: AddCostInput, now = new Date()): Promise<CostView> {
    const cost = {
      kind: input.kind,
      amount: toDecimal(input.amount),
      currency: input.currency,
      date: isoToDate(input.date),
      note: input.note ?? null,
      ...typedRateData(input.currency, input),
    };
    const challenge = await this.challengeFor(caller, input.id, input.date, now);
    return toCostView(await this.ledger.insertCost(caller, challenge.id, cost));
  }
}
