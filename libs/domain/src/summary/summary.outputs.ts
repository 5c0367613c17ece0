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
  spent: ByCurrency(
    'Everything paid out per currency: purchases (one-time plans; monthly plans once per billed month up to the end date or today) + fees (reset, activation, add-on, data, other). The same figure as `spent` in get_analytics over all history.',
  ),
  refunded: ByCurrency('Refunds received per currency (a cost coming back, not trading income). As `refunded` in get_analytics.'),
  withdrawn: ByCurrency('Total of paid payouts per currency (requested and denied ones do not count). As `withdrawn` in get_analytics.'),
  net: ByCurrency(
    'withdrawn + refunded − spent per currency: the full cost (purchases, monthly fees, every fee, less refunds) against payouts; negative while costs exceed payouts. The same definition as `net` in get_analytics, whose totals with no period, firm or base currency equal these; get_analytics can also narrow to a period or firm and convert into one currency. No currency conversion here. (Earlier versions counted purchases only, leaving out fees and refunds.)',
  ),
  paid: Type.Array(ByCurrency('').items, {
    description:
      'Deprecated, use `spent`: purchases only (one-time prices and billed monthly fees), without reset and other fees or refunds, so `net` is not withdrawn − paid. Kept for existing clients; removed in a later version.',
    deprecated: true,
  }),
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
