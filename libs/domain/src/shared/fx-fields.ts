import { IsNumber, IsPositive, Max } from 'class-validator';
import { Compose, Doc } from '@propfolio/core';
import { Absent } from './contract-fields.js';
import { CurrencyField } from './money-fields.js';

/** Decimals a typed or imported exchange rate may carry. */
export const RATE = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 8 } as const;
export const MAX_RATE = 99_999_999_999;

/**
 * `fxRate` of a transaction: the rate actually got, which wins over imported rates when converting
 * into `fxCurrency`. Used with FxCurrencyField on every money record (purchase, cost, payout).
 */
export const FxRateField = (): PropertyDecorator =>
  Compose(
    Doc({
      description: '1 currency = fxRate fxCurrency.',
      example: 151.25,
    }),
    Absent(),
    IsNumber(RATE),
    IsPositive(),
    Max(MAX_RATE),
  );

export const FxCurrencyField = (): PropertyDecorator =>
  CurrencyField({ description: 'Currency of fxRate.', example: 'JPY', presence: 'optional' });
