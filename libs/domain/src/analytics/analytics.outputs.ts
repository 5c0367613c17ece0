import Type, { type Static } from 'typebox';
import { Id, IsoDate, Money, Nullable } from '../shared/schemas.js';

const Ratio = (description: string) => Nullable(Type.Number({ description }));
const Count = (description: string) => Type.Integer({ minimum: 0, description });

const MoneyRowSchema = Type.Object({
  currency: Type.String({ description: 'ISO 4217 currency (the base currency when one was asked for).' }),
  spent: Money('Purchases + billed monthly fees + fees (reset, activation, add-on, data, other).'),
  refunded: Money('Refunds received.'),
  withdrawn: Money('Paid payouts (net amount).'),
  net: Money(
    "withdrawn + refunded − spent: the full cost (purchases, monthly fees, every fee, less refunds) against payouts. The same definition as `net` in get_summary; with no period, firm or base currency these totals equal get_summary's.",
  ),
  roi: Ratio('net ÷ spent, 4 decimals; null when nothing was spent.'),
});
export type MoneyRow = Static<typeof MoneyRowSchema>;

const StepSchema = Type.Object({ count: Count('Attempts.'), rate: Ratio('Share of the previous step, 4 decimals; null when it is 0.') });

const FunnelSchema = Type.Object({
  attempts: Count('Challenges purchased in the period (a reset is a new attempt).'),
  inProgress: Count('Attempts still in progress.'),
  phases: Type.Array(
    Type.Object({
      step: Type.Integer({ description: 'Evaluation phase number (1, 2, …) in the order the attempt went through them.' }),
      reached: Count('Attempts that reached this phase.'),
      passed: Count('Attempts that passed it (moved to a next phase or got funded).'),
      passRate: Ratio('passed ÷ reached.'),
    }),
  ),
  funded: Type.Object({ ...StepSchema.properties }, { description: 'Attempts funded; rate = funded ÷ attempts.' }),
  firstPayout: Type.Object({ ...StepSchema.properties }, { description: 'Funded attempts with a paid payout; rate = that ÷ funded.' }),
  breached: Type.Object({ ...StepSchema.properties }, { description: 'Attempts failed; rate = breached ÷ attempts.' }),
});

const FirmRowSchema = Type.Object({
  firm: Type.String({ description: 'Firm, as first entered.' }),
  attempts: Count('Attempts purchased in the period.'),
  funded: Count('Of those, funded.'),
  breached: Count('Of those, failed.'),
  passRate: Ratio('funded ÷ attempts.'),
  medianDaysToPass: Nullable(Type.Number({ description: 'Median days from purchase to funding of the funded attempts.' })),
  daysSinceLastPayout: Nullable(Type.Integer({ description: 'Days from the last paid payout in the period to the end of the period.' })),
  avgDaysBetweenPayouts: Nullable(
    Type.Number({ description: '(last − first paid payout date) ÷ (payouts − 1), 2 decimals; null below 2 payouts.' }),
  ),
  money: Type.Array(MoneyRowSchema, { description: 'Per currency (or in the base currency).' }),
});

const MonthRowSchema = Type.Object({
  month: Type.String({ description: 'Calendar month, YYYY-MM.' }),
  currency: Type.String({ description: 'Currency of the row.' }),
  spent: Money('Spent in the month.'),
  refunded: Money('Refunded in the month.'),
  withdrawn: Money('Withdrawn in the month.'),
  net: Money('withdrawn + refunded − spent.'),
});

const RefundDueSchema = Type.Object({
  challengeId: Id('The funded attempt.'),
  firm: Type.String(),
  plan: Type.String(),
  trigger: Type.String({ description: 'The plan rule met: first_payout, third_payout or after_passing.' }),
  amount: Money('Price paid minus refunds recorded.'),
  currency: Type.String({ description: 'Currency of the price.' }),
});

const ConversionsSchema = Nullable(
  Type.Object(
    {
      base: Type.String({ description: 'The base currency.' }),
      rates: Type.Array(
        Type.Object({
          date: IsoDate('Date of the converted amounts.'),
          currency: Type.String({ description: 'Converted from.' }),
          rate: Type.Number({ description: '1 currency = rate base.' }),
          source: Type.Enum(['typed', 'imported'], { description: 'typed on the record, or imported.' }),
        }),
        { description: 'Every rate used.' },
      ),
      missing: Type.Array(
        Type.Object({
          date: IsoDate('Date of the amount.'),
          currency: Type.String(),
          amount: Money('Amount left out of every total.'),
          kind: Type.String({ description: 'purchase, monthly_fee, a cost kind, or payout.' }),
          challengeId: Id('Its challenge.'),
        }),
        { description: 'Amounts with no rate for their date: left out, never guessed. Import the rates or type one on the record.' },
      ),
    },
    { description: 'Present when a base currency was asked for.' },
  ),
);

export const AnalyticsSchema = Type.Object({
  period: Type.Object({ from: Nullable(IsoDate('First day, null for all history.')), to: IsoDate('Last day.') }),
  firm: Nullable(Type.String({ description: 'Firm filter, if any.' })),
  totals: Type.Array(MoneyRowSchema, { description: 'One row per currency, or one row in the base currency.' }),
  funnel: FunnelSchema,
  firms: Type.Array(FirmRowSchema, { description: 'Per firm, most attempts first.' }),
  monthly: Type.Array(MonthRowSchema, {
    description: 'Every calendar month from the first to the last with money, per currency; the sums equal totals.',
  }),
  refundsDue: Type.Array(RefundDueSchema, {
    description: 'Fees the linked catalog plan refunds whose trigger is met but not (fully) refunded yet.',
  }),
  conversions: ConversionsSchema,
});
export type Analytics = Static<typeof AnalyticsSchema>;
