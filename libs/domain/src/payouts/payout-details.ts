import Type from 'typebox';
import { AppError } from '@propfolio/core';
import { PAYOUT_STATUSES, type PayoutStatusName } from './payout-fields.js';
import type { StoredPayout as Payout } from './payouts.repository.js';
import { Money, Nullable } from '../shared/schemas.js';
import { toDecimal, toMoney } from '../shared/money.js';
import { TypedRateProps, typedRateData, typedRateView } from '../fx/typed-rate.js';

/** Fields a payout shows besides amount, currency and date. */
export const PayoutDetailProps = {
  status: Type.Enum([...PAYOUT_STATUSES], { description: 'requested, paid (counts as withdrawn) or denied.' }),
  deniedReason: Nullable(Type.String({ description: 'Why it was denied.' })),
  grossAmount: Nullable(Money('Gross before the split.')),
  splitPercent: Nullable(Type.Number({ description: 'Your share in percent.' })),
  method: Nullable(Type.String({ description: 'How it was paid out.' })),
  ...TypedRateProps,
};

export const payoutDetailView = (row: Payout) => ({
  status: row.status,
  deniedReason: row.deniedReason,
  grossAmount: row.grossAmount === null ? null : toMoney(row.grossAmount),
  splitPercent: row.splitPercent === null ? null : toMoney(row.splitPercent),
  method: row.method,
  ...typedRateView(row),
});

interface DetailInput {
  status?: PayoutStatusName;
  deniedReason?: string;
  grossAmount?: number;
  splitPercent?: number;
  method?: string;
  fxRate?: number;
  fxCurrency?: string;
}

/** A denial needs its reason; a reason belongs only to a denial. */
function assertReason(status: PayoutStatusName, reason: string | null | undefined): void {
  if (status === 'denied' && !reason) throw AppError.invalidField('deniedReason', 'is required when the status is denied');
  if (status !== 'denied' && reason) throw AppError.invalidField('deniedReason', 'only applies to a denied payout');
}

/** Columns of a new payout from add_payout's optional details (status defaults to paid). */
export function newPayoutDetails(currency: string, input: DetailInput) {
  const status = input.status ?? 'paid';
  assertReason(status, input.deniedReason);
  return {
    status,
    deniedReason: input.deniedReason ?? null,
    grossAmount: input.grossAmount === undefined ? null : toDecimal(input.grossAmount),
    splitPercent: input.splitPercent === undefined ? null : toDecimal(input.splitPercent),
    method: input.method ?? null,
    ...typedRateData(currency, input),
  };
}

/**
 * Status moves: requested → paid | denied, denied → requested | paid (an appeal). A paid payout is
 * final: money received is corrected (amount, date, details) but not un-paid.
 */
export function payoutDetailChanges(current: Payout, input: DetailInput) {
  const status = input.status ?? current.status;
  if (current.status === 'paid' && status !== 'paid') {
    throw AppError.conflict('A paid payout is final: its status cannot change (correct its amount or date instead).');
  }
  const reason = input.deniedReason ?? (status === 'denied' ? current.deniedReason : null);
  assertReason(status, reason);
  return {
    status,
    deniedReason: reason,
    ...(input.grossAmount !== undefined ? { grossAmount: toDecimal(input.grossAmount) } : {}),
    ...(input.splitPercent !== undefined ? { splitPercent: toDecimal(input.splitPercent) } : {}),
    ...(input.method !== undefined ? { method: input.method } : {}),
    ...typedRateData(current.currency, input),
  };
}
