import { IsIn, IsNumber, IsPositive, IsString, Max } from 'class-validator';
import { Doc, IsIsoDate, type FieldDoc } from '@propfolio/core';
import { Absent, FreeText } from '../shared/contract-fields.js';
import { MoneyField } from '../shared/money-fields.js';
import { FxCurrencyField, FxRateField } from '../shared/fx-fields.js';

export const PAYOUT_STATUSES = ['requested', 'paid', 'denied'] as const;
export type PayoutStatusName = (typeof PAYOUT_STATUSES)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the TypeScript mixin pattern requires any[]
type Mixable = new (...args: any[]) => object;

const STATUSES_MEANING = 'Only paid counts as withdrawn; denied takes deniedReason.';
/** A new payout is paid unless said otherwise. */
export const NEW_PAYOUT_STATUS: FieldDoc = { description: STATUSES_MEANING, default: 'paid' };
/** A change leaves the status as it is when the field is left out. */
export const CHANGED_PAYOUT_STATUS: FieldDoc = { description: STATUSES_MEANING };

/**
 * The payout details add_payout and update_payout share (status, gross, split, method, typed rate); `status`
 * is documented by the caller, since a left-out status means `paid` on a new payout and "unchanged" on a change.
 */
export function WithPayoutDetails<T extends Mixable>(Base: T, status: FieldDoc) {
  class PayoutDetails extends Base {
    @Doc(status)
    @Absent()
    @IsIn(PAYOUT_STATUSES)
    status?: PayoutStatusName;

    @Doc('Why the firm denied it.')
    @Absent()
    @FreeText(500)
    deniedReason?: string;

    @MoneyField({ description: "Before the firm's share.", example: 2000, sign: 'positive', presence: 'optional' })
    grossAmount?: number;

    @Doc({ description: 'Your profit share.', example: 80 })
    @Absent()
    @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 })
    @IsPositive()
    @Max(100)
    splitPercent?: number;

    @Doc('Payout method (free text).')
    @Absent()
    @FreeText(100)
    method?: string;

    @FxRateField()
    fxRate?: number;

    @FxCurrencyField()
    fxCurrency?: string;
  }
  return PayoutDetails;
}

export class PayoutIdInput {
  @Doc('Payout id.')
  @IsString()
  id!: string;
}

export class UpdatePayoutInput extends WithPayoutDetails(PayoutIdInput, CHANGED_PAYOUT_STATUS) {
  @MoneyField({ description: 'Net amount received.', example: 1600, sign: 'positive', presence: 'optional' })
  amount?: number;

  @Doc({
    description: 'Payout date (paid: day received); not future, not before purchase.',
    example: '2026-04-02',
  })
  @Absent()
  @IsIsoDate()
  date?: string;
}
