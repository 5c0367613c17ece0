import { dateToIso } from '../shared/dates.js';
import { toMoney } from '../shared/money.js';
import type { PayoutView } from './payouts.outputs.js';
import { payoutDetailView } from './payout-details.js';
import type { PayoutRow } from './payouts.repository.js';

export type { PayoutRow };

export const toPayoutView = (row: PayoutRow): PayoutView => ({
  id: row.id,
  challengeId: row.challengeId,
  firm: row.challenge.firm,
  plan: row.challenge.plan,
  amount: toMoney(row.amount),
  currency: row.currency,
  date: dateToIso(row.date),
  createdAt: row.createdAt.toISOString(),
  ...payoutDetailView(row),
});
