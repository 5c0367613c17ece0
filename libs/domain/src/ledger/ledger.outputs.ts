import Type, { type Static } from 'typebox';
import { COST_KINDS } from './ledger.inputs.js';
import { CHALLENGE_STATUSES } from '../challenges/challenges.inputs.js';
import { Id, IsoDate, Money, Nullable, Timestamp } from '../shared/schemas.js';

const Rate = (description: string) => Type.Number({ description });

/** Typed-rate fields every money record shows. */
export const TypedRateProps = {
  fxRate: Nullable(Rate('Rate typed on this record: 1 unit of its currency = fxRate units of fxCurrency.')),
  fxCurrency: Nullable(Type.String({ description: 'Currency fxRate converts into.' })),
};

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

const HistoryEntrySchema = Type.Object({
  date: IsoDate('Date of the change.'),
  phase: Type.String({ description: 'Phase after the change.' }),
  status: Type.Enum([...CHALLENGE_STATUSES], { description: 'Status after the change.' }),
});

const CatalogPlanSchema = Nullable(
  Type.Object(
    {
      id: Type.String({ description: 'Catalog plan id.' }),
      firm: Type.String({ description: 'Firm slug.' }),
      program: Type.String({ description: 'Program name.' }),
      phases: Type.Integer({ description: 'Evaluation phases.' }),
      listPrice: Nullable(Money('Current list price in the catalog.')),
      currency: Type.String({ description: 'Currency of the list price.' }),
      checkedOn: IsoDate('Date the rules were last checked.'),
      rules: Type.Unknown({ description: 'The plan rules as in the catalog (get_plan shows the same).' }),
    },
    { description: 'The linked catalog plan (null when none is linked or it left the catalog).' },
  ),
);

/** What get_challenge adds for the ledger. */
export const ChallengeLedgerProps = {
  costs: Type.Array(CostSchema, { description: 'Fees and refunds besides the price, oldest first.' }),
  history: Type.Array(HistoryEntrySchema, {
    description: 'Every phase and status change, oldest first (the first entry is the purchase).',
  }),
  catalogPlan: CatalogPlanSchema,
  resets: Type.Array(Id('A later attempt'), { description: 'Ids of the challenges bought as resets of this one.' }),
};
