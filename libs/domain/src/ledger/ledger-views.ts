import type { CostRow as Cost, PurchaseRow as Challenge } from './ledger.repository.js';
import { dateToIso } from '../shared/dates.js';
import { toMoney, type Decimal } from '../shared/money.js';
import type { CostView } from './ledger.outputs.js';
import { typedRateView } from '../fx/typed-rate.js';

const moneyOrNull = (value: Decimal | null): number | null => (value === null ? null : toMoney(value));

export const purchaseLedgerView = (row: Challenge) => ({
  listPrice: moneyOrNull(row.listPrice),
  couponCode: row.couponCode,
  planId: row.planId,
  resetOf: row.resetOfId,
  ...typedRateView(row),
});

export const toCostView = (row: Cost): CostView => ({
  id: row.id,
  challengeId: row.challengeId,
  kind: row.kind,
  amount: toMoney(row.amount),
  currency: row.currency,
  date: dateToIso(row.date),
  note: row.note,
  ...typedRateView(row),
  createdAt: row.createdAt.toISOString(),
});
