import { toDecimal, toMoney } from '../shared/money.js';
import type { AnalyticsRepository, LinkedAttempt } from './analytics.repository.js';
import { attemptFacts, type Attempt } from './funnel.js';
import { present } from '../shared/present.js';

/** Plan rules (catalog `rules.feeRefund.when`) that refund the fee once met, and how to tell they are met. */
const TRIGGERS: Record<string, (attempt: Attempt) => boolean> = {
  first_payout: (a) => a.paidPayouts.length >= 1,
  third_payout: (a) => a.paidPayouts.length >= 3,
  after_passing: (a) => attemptFacts(a).funded,
};

const triggerOf = (rules: unknown): string | null => {
  const when = (rules as { feeRefund?: { when?: unknown } | null } | null)?.feeRefund?.when;
  return typeof when === 'string' && when in TRIGGERS ? when : null;
};

/**
 * Fees still due back: one-time purchases linked to a catalog plan that refunds the fee, whose trigger
 * is met, minus the refunds already recorded on that attempt in the price's currency.
 */
export async function refundsDue(rows: AnalyticsRepository, userId: string, attempts: LinkedAttempt[]) {
  const linked = attempts.filter((a) => a.planId !== null);
  if (linked.length === 0) return [];
  const {
    plans,
    purchases: challenges,
    refunded: refunds,
  } = await rows.refundFacts(
    userId,
    [...new Set(linked.map((a) => a.planId as string))],
    linked.map((a) => a.id),
  );
  const trigger = new Map(plans.map((p) => [p.id, triggerOf(p.rules)]));
  const due = [];
  for (const c of challenges) {
    const attempt = present(
      linked.find((a) => a.id === c.id),
      'linked attempt',
    );
    const when = trigger.get(attempt.planId as string);
    if (!when || !present(TRIGGERS[when], 'refund trigger')(attempt)) continue;
    const refunded = refunds.find((r) => r.challengeId === c.id && r.currency === c.currency)?.amount ?? toDecimal(0);
    const amount = c.price.minus(refunded);
    if (amount.greaterThan(0))
      due.push({ challengeId: c.id, firm: c.firm, plan: c.plan, trigger: when, amount: toMoney(amount), currency: c.currency });
  }
  return due;
}
