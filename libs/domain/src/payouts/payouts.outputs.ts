import Type, { type Static } from 'typebox';
import { ByCurrency, Id, IsoDate, Money, NextCursor, Timestamp } from '../shared/schemas.js';
import { PayoutDetailProps } from './payout-details.js';

export const PayoutSchema = Type.Object({
  id: Id('Payout id.'),
  challengeId: Id('Challenge the payout came from.'),
  firm: Type.String({ description: 'Prop firm of that challenge.' }),
  plan: Type.String({ description: 'Plan of that challenge.' }),
  amount: Money('Net amount received (or asked for).'),
  currency: Type.String({ description: 'ISO 4217 currency of the amount.' }),
  date: IsoDate('Date received.'),
  createdAt: Timestamp('When it was recorded.'),
  ...PayoutDetailProps,
});
export type PayoutView = Static<typeof PayoutSchema>;

export const PayoutListSchema = Type.Object({
  items: Type.Array(PayoutSchema, { description: 'Newest first (by date).' }),
  nextCursor: NextCursor,
  totals: ByCurrency(
    'Exact totals per currency of the paid payouts matching `from` (all pages, not only this one); requested and denied ones are not counted.',
  ),
});
export type PayoutList = Static<typeof PayoutListSchema>;
