import { IsString } from 'class-validator';
import { Doc } from '@propfolio/core';
import { Absent, FreeText } from './contract-fields.js';
import { FxCurrencyField, FxRateField } from './fx-fields.js';
import { MoneyField } from './money-fields.js';

/** What a purchase record adds for the ledger: list price and coupon, the catalog plan, the attempt it resets. */
export class PurchaseLedgerFields {
  @MoneyField({ description: 'List price before any coupon.', example: 600, sign: 'zeroOrMore', presence: 'optional' })
  listPrice?: number;

  @Doc('Coupon code used.')
  @Absent()
  @FreeText(100)
  couponCode?: string;

  @Doc({
    description: 'Catalog plan id; default: the one plan firm and plan name.',
    example: 'ftmo-2-step-100000',
  })
  @Absent()
  @IsString()
  planId?: string;

  @Doc('Breached challenge this purchase resets (price: the reset fee).')
  @Absent()
  @IsString()
  resetOf?: string;

  @FxRateField()
  fxRate?: number;

  @FxCurrencyField()
  fxCurrency?: string;
}
