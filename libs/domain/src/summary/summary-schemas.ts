import Type, { type Static } from 'typebox';
import { ByCurrency, Id, IsoDate } from '../shared/schemas.js';

export const SummarySchema = Type.Object({
  counts: Type.Object(
    {
      in_progress: Type.Integer(),
      passed: Type.Integer(),
      failed: Type.Integer(),
      total: Type.Integer(),
    },
    { description: 'Number of challenges by status.' },
  ),
  paid: ByCurrency(
    'Total paid for challenges per currency: the price of one-time plans, and for monthly plans the fee times the months billed from the purchase date to the end date or today.',
  ),
  withdrawn: ByCurrency('Total of paid payouts per currency (requested and denied ones do not count).'),
  net: ByCurrency('withdrawn − paid per currency (negative while fees exceed payouts). No currency conversion.'),
  activeChallenges: Type.Array(
    Type.Object({
      id: Id('Challenge id.'),
      firm: Type.String(),
      plan: Type.String(),
      phase: Type.String(),
      purchasedAt: IsoDate('Purchase date.'),
      daysSincePurchase: Type.Integer({ description: 'Whole days since the purchase date.' }),
    }),
    { description: 'Challenges with status in_progress, oldest purchase first.' },
  ),
});
export type Summary = Static<typeof SummarySchema>;
