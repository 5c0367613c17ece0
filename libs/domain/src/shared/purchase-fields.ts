import { IsNumber, IsString, Max, Min } from 'class-validator';
import { Doc } from '@propfolio/core';
import { Absent, FreeText, MAX_AMOUNT, MONEY, MONEY_MESSAGE } from './contract-fields.js';
import { FxCurrencyField, FxRateField } from '../fx/fx-fields.js';

/** What a purchase record adds for the ledger: list price and coupon, the catalog plan, the attempt it resets. */
export class PurchaseLedgerFields {
  @Doc({ description: 'List price before any coupon (same currency as `price`); `price` stays what was actually paid.', example: 600 })
  @Absent()
  @IsNumber(MONEY, MONEY_MESSAGE)
  @Min(0)
  @Max(MAX_AMOUNT)
  listPrice?: number;

  @Doc({ description: 'Coupon code used at purchase (free text).', example: 'BLACKFRIDAY10' })
  @Absent()
  @FreeText(100)
  couponCode?: string;

  @Doc({
    description: 'Id of the catalog plan bought (from search_plans), so its rules and checked-on date show beside the challenge.',
    example: 'ftmo-2step-100k',
  })
  @Absent()
  @IsString()
  planId?: string;

  @Doc(
    "Id of your breached challenge that this purchase resets: the new attempt is linked to it. Record the reset fee as this challenge's price.",
  )
  @Absent()
  @IsString()
  resetOf?: string;

  @FxRateField()
  fxRate?: number;

  @FxCurrencyField()
  fxCurrency?: string;
}
