import { IsISO4217CurrencyCode, IsNumber, IsOptional, IsPositive, Max } from 'class-validator';
import { Doc, IsIsoDate, UpperCase } from '@propfolio/core';
import { ChallengeRefInput } from '../shared/challenge-refs.js';
import { MAX_AMOUNT, MONEY, MONEY_MESSAGE, PageInput } from '../shared/contract-fields.js';
import { NEW_PAYOUT_STATUS, WithPayoutDetails } from './payout-fields.js';

export class AddPayoutInput extends WithPayoutDetails(ChallengeRefInput, NEW_PAYOUT_STATUS) {
  @Doc({ description: 'Net amount received (or asked for).', example: 1250.5 })
  @IsNumber(MONEY, MONEY_MESSAGE)
  @IsPositive()
  @Max(MAX_AMOUNT)
  amount!: number;

  @Doc({ description: 'Currency, any case.', example: 'USD' })
  @UpperCase()
  @IsISO4217CurrencyCode()
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
