import type { PurchaseLedgerFields } from '../shared/purchase-fields.js';
import { toDecimal } from '../shared/money.js';
import { typedRateData } from '../fx/typed-rate.js';

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
