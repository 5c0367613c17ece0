import type { Database } from '@propfolio/db';
import { Prisma } from '@propfolio/db';
import { toMoney } from '../shared/money.js';
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
export async function refundsDue(db: Database, userId: string, attempts: (Attempt & { planId: string | null })[]) {
  const linked = attempts.filter((a) => a.planId !== null);
  if (linked.length === 0) return [];
  const [plans, challenges, refunds] = await Promise.all([
    db.prisma.plan.findMany({
      where: { id: { in: [...new Set(linked.map((a) => a.planId as string))] } },
      select: { id: true, rules: true },
    }),
    db.prisma.challenge.findMany({
      where: { userId, id: { in: linked.map((a) => a.id) }, billing: 'one_time' },
      select: { id: true, firm: true, plan: true, price: true, currency: true },
    }),
    db.prisma.challengeCost.groupBy({
      by: ['challengeId', 'currency'],
      where: { userId, kind: 'refund', challengeId: { in: linked.map((a) => a.id) } },
      _sum: { amount: true },
    }),
  ]);
  const trigger = new Map(plans.map((p) => [p.id, triggerOf(p.rules)]));
  const due = [];
  for (const c of challenges) {
    const attempt = present(
      linked.find((a) => a.id === c.id),
      'linked attempt',
    );
    const when = trigger.get(attempt.planId as string);
    if (!when || !present(TRIGGERS[when], 'refund trigger')(attempt)) continue;
    const refunded = refunds.find((r) => r.challengeId === c.id && r.currency === c.currency)?._sum.amount ?? new Prisma.Decimal(0);
    const amount = c.price.minus(refunded);
    if (amount.greaterThan(0))
      due.push({ challengeId: c.id, firm: c.firm, plan: c.plan, trigger: when, amount: toMoney(amount), currency: c.currency });
  }
  return due;
}
