import { IsIn } from 'class-validator';
import { Doc, IsIsoDate } from '@propfolio/core';
import { ChallengeIdInput } from '../shared/challenge-refs.js';
import { Absent, FreeText } from '../shared/contract-fields.js';
import { CurrencyField, MoneyField } from '../shared/money-fields.js';
import { FxCurrencyField, FxRateField } from '../shared/fx-fields.js';

export const COST_KINDS = ['reset_fee', 'activation_fee', 'addon', 'data_fee', 'refund', 'other'] as const;
export type CostKindName = (typeof COST_KINDS)[number];

export class AddCostInput extends ChallengeIdInput {
  @Doc('refund: money the firm gave back; else spending.')
  @IsIn(COST_KINDS)
  kind!: CostKindName;

  @MoneyField({ description: 'Amount; a refund is positive too.', example: 99, sign: 'positive' })
  amount!: number;

  @CurrencyField({ description: 'Currency, any case.', example: 'USD' })
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
