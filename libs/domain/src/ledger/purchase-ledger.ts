import { AppError, type Caller } from '@propfolio/core';
import type { ChallengeDetailRows } from '../challenges/challenge-detail-read.js';
import { findOwnedChallenge } from '../challenges/owned-challenge.js';
import { assertCatalogPlan } from '../challenges/plan-link.js';
import type { PurchaseLedgerFields } from '../shared/purchase-fields.js';
import { dateToIso } from '../shared/dates.js';
import { toDecimal } from '../shared/money.js';
import { toCostView } from './ledger-views.js';
import type { LedgerTransaction } from './ledger.repository.js';

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
 * The ledger columns of a new challenge; the plan (the one sent, or the one its names linked) must exist in the
 * catalog and a reset target be the caller's.
 */
export async function purchaseLedgerData(
  prisma: LedgerTransaction,
  caller: Caller,
  input: PurchaseLedgerFields,
  currency: string,
  planId: string | undefined = input.planId,
) {
  if (planId !== undefined) await assertCatalogPlan(prisma, planId);
  const resetOf = input.resetOf === undefined ? null : await findOwnedChallenge(prisma, caller, input.resetOf).catch(() => null);
  if (input.resetOf !== undefined && !resetOf) throw AppError.invalidField('resetOf', 'is not one of your challenges');
  return {
    listPrice: input.listPrice === undefined ? null : toDecimal(input.listPrice),
    couponCode: input.couponCode ?? null,
    planId: planId ?? null,
    resetOfId: resetOf?.id ?? null,
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
