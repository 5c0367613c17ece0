import { daysBetween, todayIso } from '@propfolio/core';
import { toMoney } from '../shared/money.js';
import { dateToIso, isoOrNull } from '../shared/dates.js';
import type { ChallengeView, MemoView } from './challenges.outputs.js';
import { purchaseLedgerView } from '../ledger/ledger-views.js';
import type { ChallengeRow as Challenge, MemoRow as Memo } from './challenges.repository.js';

export function toChallengeView(row: Challenge, now: Date): ChallengeView {
  const purchasedAt = dateToIso(row.purchasedAt);
  return {
    id: row.id,
    firm: row.firm,
    plan: row.plan,
    phase: row.phase,
    platform: row.platform,
    status: row.status,
    billing: row.billing,
    price: toMoney(row.price),
    currency: row.currency,
    paymentMethod: row.paymentMethod,
    purchasedAt,
    passedAt: isoOrNull(row.passedAt),
    failedAt: isoOrNull(row.failedAt),
    monthlyEndedAt: isoOrNull(row.monthlyEndedAt),
    daysSincePurchase: Math.max(0, daysBetween(purchasedAt, todayIso(now))),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...purchaseLedgerView(row),
  };
}

export const toMemoView = (row: Memo): MemoView => ({
  id: row.id,
  challengeId: row.challengeId,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
});
