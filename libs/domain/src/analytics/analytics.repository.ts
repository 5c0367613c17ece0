/**
 * The analytics' data access: the money rows a period's totals are made of, the attempts its pass rates are counted
 * from, and the facts of fees still due back, one method per intent, every row with named fields. The totals, the
 * conversions, the funnel and the refund rules stay in the service and the helpers beside it.
 */
import type { Database, Prisma } from '@propfolio/db';
import { dateToIso, isoToDate } from '../shared/dates.js';
import type { Decimal } from '../shared/money.js';
import type { Attempt } from './funnel.js';
import type { EntryFilter } from './money-entries.js';

const challengeWhere = (filter: EntryFilter): Prisma.ChallengeWhereInput => ({
  userId: filter.userId,
  ...(filter.firm !== undefined ? { firm: { equals: filter.firm, mode: 'insensitive' } } : {}),
});

const FIRM_AND_PLAN = { challenge: { select: { firm: true, plan: true } } } as const;

/** The rows behind a period's money entries: the purchases, the costs and refunds, and the paid payouts. */
export type MoneyRows = Awaited<ReturnType<AnalyticsRepository['moneyRows']>>;

/** An attempt with the catalog plan it is linked to, if any. */
export type LinkedAttempt = Attempt & { planId: string | null };

/** What deciding the fees still due back reads. */
export interface RefundFacts {
  /** The linked plans' catalog rules. */
  plans: { id: string; rules: unknown }[];
  /** The one-time purchases among the attempts. */
  purchases: { id: string; firm: string; plan: string; price: Decimal; currency: string }[];
  /** Refunds already recorded, summed per attempt and currency. */
  refunded: { challengeId: string; currency: string; amount: Decimal | null }[];
}

export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  /** The user's purchases up to `to`, and their costs, refunds and paid payouts dated in the filter's period. */
  async moneyRows(filter: EntryFilter) {
    const dateRange = { ...(filter.from ? { gte: isoToDate(filter.from) } : {}), lte: isoToDate(filter.to) };
    const [purchases, costs, payouts] = await Promise.all([
      this.db.prisma.challenge.findMany({ where: { ...challengeWhere(filter), purchasedAt: { lte: isoToDate(filter.to) } } }),
      this.db.prisma.challengeCost.findMany({
        where: { userId: filter.userId, date: dateRange, challenge: challengeWhere(filter) },
        include: FIRM_AND_PLAN,
      }),
      this.db.prisma.payout.findMany({
        where: { userId: filter.userId, status: 'paid', date: dateRange, challenge: challengeWhere(filter) },
        include: FIRM_AND_PLAN,
      }),
    ]);
    return { purchases, costs, payouts };
  }

  /** Challenges purchased in the period (and firm), with their history and paid payout dates up to `to`. */
  async attempts(filter: EntryFilter): Promise<LinkedAttempt[]> {
    const rows = await this.db.prisma.challenge.findMany({
      where: {
        userId: filter.userId,
        purchasedAt: { ...(filter.from ? { gte: isoToDate(filter.from) } : {}), lte: isoToDate(filter.to) },
        ...(filter.firm ? { firm: { equals: filter.firm, mode: 'insensitive' } } : {}),
      },
      include: {
        history: { select: { date: true, phase: true }, orderBy: [{ date: 'asc' }, { createdAt: 'asc' }] },
        payouts: { where: { status: 'paid', date: { lte: isoToDate(filter.to) } }, select: { date: true } },
      },
    });
    return rows.map((row) => ({
      id: row.id,
      firm: row.firm,
      planId: row.planId,
      purchasedAt: dateToIso(row.purchasedAt),
      status: row.status,
      passedAt: row.passedAt ? dateToIso(row.passedAt) : null,
      history:
        row.history.length > 0
          ? row.history.map((h) => ({ date: dateToIso(h.date), phase: h.phase }))
          : [{ date: dateToIso(row.purchasedAt), phase: row.phase }],
      paidPayouts: row.payouts.map((p) => dateToIso(p.date)),
    }));
  }

  /** The plans' rules, the user's one-time purchases among `challengeIds`, and the refunds recorded on them. */
  async refundFacts(userId: string, planIds: readonly string[], challengeIds: readonly string[]): Promise<RefundFacts> {
    const [plans, purchases, refunds] = await Promise.all([
      this.db.prisma.plan.findMany({ where: { id: { in: [...planIds] } }, select: { id: true, rules: true } }),
      this.db.prisma.challenge.findMany({
        where: { userId, id: { in: [...challengeIds] }, billing: 'one_time' },
        select: { id: true, firm: true, plan: true, price: true, currency: true },
      }),
      this.db.prisma.challengeCost.groupBy({
        by: ['challengeId', 'currency'],
        where: { userId, kind: 'refund', challengeId: { in: [...challengeIds] } },
        _sum: { amount: true },
      }),
    ]);
    return {
      plans,
      purchases,
      refunded: refunds.map((r) => ({ challengeId: r.challengeId, currency: r.currency, amount: r._sum.amount })),
    };
  }
}
