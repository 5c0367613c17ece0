import { AppError } from '@propfolio/core';
import type { ChallengeDetailRows } from '../challenges/challenges.repository.js';
import type { PurchaseLedgerFields } from '../shared/purchase-fields.js';
import { dateToIso } from '../shared/dates.js';
import { toDecimal } from '../shared/money.js';
import { toCostView } from './ledger-views.js';

/** A typed rate needs both halves; the same currency would be a rate of 1 and is refused as a mistake. */
export function typedRateData(currency: string, input: { fxRate?: number; fxCurrency?: string }) {
  if ((input.fxRate === undefined) !== (input.fxCurrency === undefined)) {
    const missing = input.fxRate === undefined ? 'fxRate' : 'fxCurrency';
    throw AppError.invalidField(missing, 'is required when the other of fxRate and fxCurrency is given');
  }
  if (input.fxCurrency !== undefined && input.fxCurrency === currency) {
    throw AppError.invalidField('fxCurrency', `must differ from the record's currency (${currency})`);
  }
  return input.fxRate === undefined ? {} : { fxRate: toDecimal(input.fxRate), fxCurrency: input.fxCurrency };
}

/**
 * The ledger columns of a new challenge. The plan (the one sent, or the one its names linked) and the reset target
 * are the challenges' to check (in the catalog, the caller's) before: they come here as found.
 */
export function purchaseLedgerData(input: PurchaseLedgerFields, currency: string, planId: string | null, resetOfId: string | null) {
  return {
    listPrice: input.listPrice === undefined ? null : toDecimal(input.listPrice),
    couponCode: input.couponCode ?? null,
    planId,
    resetOfId,
    ...typedRateData(currency, input),
  };
}

/** What get_challenge shows for the ledger: costs, history, the linked catalog plan and later resets. */
export function challengeLedgerView(rows: Pick<ChallengeDetailRows, 'costs' | 'history' | 'catalogPlan' | 'resets'>) {
  const plan = rows.catalogPlan;
  return {
    costs: rows.costs.map(toCostView),
    history: rows.history.map((e) => ({ date: dateToIso(e.date), phase: e.phase, status: e.status })),
    catalogPlan: plan
      ? {
          id: plan.id,
          firm: plan.firmSlug,
          program: plan.program,
          phases: plan.phases,
          listPrice: plan.price === null ? null : Number(plan.price.toFixed()),
          currency: plan.currency,
          checkedOn: dateToIso(plan.checkedOn),
          rules: plan.rules,
        }
      : null,
    resets: rows.resets,
  };
}
