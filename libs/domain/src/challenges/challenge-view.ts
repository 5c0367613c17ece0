import { daysBetween, todayIso } from '@propfolio/core';
import { toMoney } from '../shared/money.js';
import { dateToIso, isoOrNull } from '../shared/dates.js';
import type { ChallengeView, MemoView } from './challenges.outputs.js';
import { purchaseLedgerView, toCostView } from '../ledger/ledger-views.js';
import type { ChallengeDetailRows, ChallengeRow as Challenge, MemoRow as Memo } from './challenges.repository.js';

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

/** What get_challenge shows for the ledger: costs, history, the linked catalog plan and later resets. */
export function challengeLedgerView(rows: Pick<ChallengeDetailRows, 'costs' | 'history' | 'catalogPlan' | 'resets'>) {
  const plan = rows.catalogPlan;
  return {
    costs: rows.costs.map(toCostView),
    history: rows.history.map((e) => ({ date: dateToIso(e.date), phase: e.phase, status: e.status })),
    catalogPlan: plan
      ? {
          id: plan.id,
          firm: plan.firmSlug,
          program: plan.program,
          phases: plan.phases,
          listPrice: plan.price === null ? null : Number(plan.price.toFixed()),
          currency: plan.currency,
          checkedOn: dateToIso(plan.checkedOn),
          rules: plan.rules,
        }
      : null,
    resets: rows.resets,
  };
}
