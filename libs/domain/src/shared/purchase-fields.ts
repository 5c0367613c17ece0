import { IsNumber, IsString, Max, Min } from 'class-validator';
import { Doc } from '@propfolio/core';
import { Absent, FreeText, MAX_AMOUNT, MONEY, MONEY_MESSAGE } from './contract-fields.js';
import { FxCurrencyField, FxRateField } from './fx-fields.js';

/** What a purchase record adds for the ledger: list price and coupon, the catalog plan, the attempt it resets. */
export class PurchaseLedgerFields {
  @Doc({ description: 'List price before any coupon; `price` stays what was paid.', example: 600 })
  @Absent()
  @IsNumber(MONEY, MONEY_MESSAGE)
  @Min(0)
  @Max(MAX_AMOUNT)
  listPrice?: number;

  @Doc({ description: 'Coupon code used.', example: 'BLACKFRIDAY10' })
  @Absent()
  @FreeText(100)
  couponCode?: string;

  @Doc({
    description: 'Catalog plan id (search_plans); default: the one plan `firm` and `plan` name.',
    example: 'ftmo-2-step-100000',
  })
  @Absent()
  @IsString()
  planId?: string;

  @Doc('Id of the breached challenge this purchase resets (the reset fee is `price`).')
  @Absent()
  @IsString()
  resetOf?: string;

  @FxRateField()
  fxRate?: number;

  @FxCurrencyField()
  fxCurrency?: string;
}
