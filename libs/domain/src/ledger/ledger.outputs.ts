import Type, { type Static } from 'typebox';
import { COST_KINDS } from './ledger.inputs.js';
import { TypedRateProps } from '../fx/typed-rate.js';
import { Id, IsoDate, Money, Nullable, Timestamp } from '../shared/schemas.js';

/** Fields a challenge shows for the ledger (added to the challenge answer). */
export const PurchaseLedgerProps = {
  listPrice: Nullable(Money('List price before any coupon.')),
  couponCode: Nullable(Type.String({ description: 'Coupon code used at purchase.' })),
  planId: Nullable(Type.String({ description: 'Catalog plan bought.' })),
  resetOf: Nullable(Id('The breached challenge this purchase resets.')),
  ...TypedRateProps,
};

export const CostSchema = Type.Object({
  id: Id('Cost id.'),
  challengeId: Id('Challenge it belongs to.'),
  kind: Type.Enum([...COST_KINDS], { description: 'reset_fee, activation_fee, addon, data_fee, other (spent) or refund (given back).' }),
  amount: Money('Amount (positive, a refund too).'),
  currency: Type.String({ description: 'ISO 4217 currency.' }),
  date: IsoDate('Date charged or refunded.'),
  note: Nullable(Type.String({ description: 'Note.' })),
  ...TypedRateProps,
  createdAt: Timestamp('When it was recorded.'),
});
export type CostView = Static<typeof CostSchema>;
