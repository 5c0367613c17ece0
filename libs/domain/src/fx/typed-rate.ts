import Type from 'typebox';
import { AppError } from '@propfolio/core';
import { Nullable } from '../shared/schemas.js';
import { toDecimal, toMoney, type Decimal } from '../shared/money.js';

/*
 * The rate typed on a money record (a purchase, a cost, a payout): 1 unit of its currency = fxRate units of
 * fxCurrency, which wins over the imported rates when the record is converted. Its inputs are contract fields
 * (shared/fx-fields.ts); its checks, columns and view are here, beside the rates it is preferred to, so the ledger
 * and the payouts that both carry one import neither each other nor the challenges.
 */

/** Typed-rate fields every money record shows. */
export const TypedRateProps = {
  fxRate: Nullable(Type.Number({ description: 'Rate typed on this record: 1 unit of its currency = fxRate units of fxCurrency.' })),
  fxCurrency: Nullable(Type.String({ description: 'Currency fxRate converts into.' })),
};

export const typedRateView = (row: { fxRate: Decimal | null; fxCurrency: string | null }) => ({
  fxRate: row.fxRate === null ? null : toMoney(row.fxRate),
  fxCurrency: row.fxCurrency,
});

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
