import { IsOptional } from 'class-validator';
import { Doc, IsIsoDate } from '@propfolio/core';
import { ChallengeRefInput } from '../shared/challenge-refs.js';
import { PageInput } from '../shared/contract-fields.js';
import { CurrencyField, MoneyField } from '../shared/money-fields.js';
import { NEW_PAYOUT_STATUS, WithPayoutDetails } from './payout-fields.js';

export class AddPayoutInput extends WithPayoutDetails(ChallengeRefInput, NEW_PAYOUT_STATUS) {
  @MoneyField({ description: 'Net amount received (or asked for).', example: 1250.5, sign: 'positive' })
  amount!: number;

  @CurrencyField({ description: 'Currency, any case.', example: 'USD' })
  currency!: string;

  @Doc({ description: 'Date received or asked for; not future, not before purchase.', example: '2026-04-02' })
  @IsIsoDate()
  date!: string;
}

export class ListPayoutsInput extends PageInput {
  @Doc({ description: 'Payouts dated on or after this day.', example: '2026-01-01' })
  @IsOptional()
  @IsIsoDate()
  from?: string;
}
