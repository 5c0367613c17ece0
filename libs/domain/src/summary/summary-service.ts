import { daysBetween, type Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { CHALLENGE_STATUSES } from '../contracts/challenges.js';
import { dateToIso, todayIso } from '../shared/dates.js';
import { CurrencyTotals } from '../shared/money.js';
import { billedMonths } from './billing.js';
import type { Summary } from './summary-schemas.js';

/** The caller's portfolio at a glance; every amount is summed exactly in Decimal. */
export class SummaryService {
  constructor(private readonly db: Database) {}

  async get(caller: Caller, now = new Date()): Promise<Summary> {
    const { prisma } = this.db;
    const userId = caller.userId;
    const today = todayIso(now);
    const [byStatus, oneTime, monthly, payouts, active] = await Promise.all([
      prisma.challenge.groupBy({ by: ['status'], where: { userId }, _count: { _all: true } }),
      prisma.challenge.groupBy({ by: ['currency'], where: { userId, billing: 'one_time' }, _sum: { price: true } }),
      prisma.challenge.findMany({
        where: { userId, billing: 'monthly' },
        select: { price: true, currency: true, purchasedAt: true, monthlyEndedAt: true },
      }),
      prisma.payout.groupBy({ by: ['currency'], where: { userId, status: 'paid' }, _sum: { amount: true } }),
      prisma.challenge.findMany({
        where: { userId, status: 'in_progress' },
        select: { id: true, firm: true, plan: true, phase: true, purchasedAt: true },
        orderBy: [{ purchasedAt: 'asc' }, { id: 'asc' }],
      }),
    ]);

    const counts = { in_progress: 0, passed: 0, failed: 0, total: 0 };
    for (const row of byStatus) {
      if (CHALLENGE_STATUSES.includes(row.status)) counts[row.status] = row._count._all;
      counts.total += row._count._all;
    }
    const paid = new CurrencyTotals();
    for (const row of oneTime) if (row._sum.price) paid.add(row.currency, row._sum.price);
    for (const row of monthly) {
      const end = row.monthlyEndedAt ? dateToIso(row.monthlyEndedAt) : today;
      paid.add(row.currency, row.price.times(billedMonths(dateToIso(row.purchasedAt), end)));
    }
    const withdrawn = new CurrencyTotals();
    for (const row of payouts) if (row._sum.amount) withdrawn.add(row.currency, row._sum.amount);
    const net = new CurrencyTotals();
    for (const currency of new Set([...paid.currencies(), ...withdrawn.currencies()])) {
      net.add(currency, withdrawn.get(currency).minus(paid.get(currency)));
    }
    return {
      counts,
      paid: paid.list(),
      withdrawn: withdrawn.list(),
      net: net.list(),
      activeChallenges: active.map((row) => {
        const purchasedAt = dateToIso(row.purchasedAt);
        return { ...row, purchasedAt, daysSincePurchase: Math.max(0, daysBetween(purchasedAt, today)) };
      }),
    };
  }
}
