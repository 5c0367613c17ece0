import { IsIn, IsISO4217CurrencyCode, IsNumber, IsPositive, Max } from 'class-validator';
import { Doc, IsIsoDate, UpperCase } from '@propfolio/core';
import { ChallengeIdInput } from '../shared/challenge-refs.js';
import { Absent, FreeText, MAX_AMOUNT, MONEY, MONEY_MESSAGE } from '../shared/contract-fields.js';
import { FxCurrencyField, FxRateField } from '../shared/fx-fields.js';

export const COST_KINDS = ['reset_fee', 'activation_fee', 'addon', 'data_fee', 'refund', 'other'] as const;
export type CostKindName = (typeof COST_KINDS)[number];

export class AddCostInput extends ChallengeIdInput {
  @Doc('refund: money the firm gave back; else spending.')
  @IsIn(COST_KINDS)
  kind!: CostKindName;

  @Doc({ description: 'Amount; a refund is positive too.', example: 99 })
  @IsNumber(MONEY, MONEY_MESSAGE)
  @IsPositive()
  @Max(MAX_AMOUNT)
  amount!: number;

  @Doc({ description: 'Currency, any case.', example: 'USD' })
  @UpperCase()
  @IsISO4217CurrencyCode()
  currency!: string;

  @Doc({ description: 'Date charged or refunded; not future, not before purchase.', example: '2026-02-10' })
  @IsIsoDate()
  date!: string;

  @Doc({ description: 'Note.' })
  @Absent()
  @FreeText(1000)
  note?: string;

  @FxRateField()
  fxRate?: number;

  @FxCurrencyField()
  fxCurrency?: string;
}
