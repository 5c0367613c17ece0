import { daysBetween, type Caller } from '@propfolio/core';
import { Prisma, type Database } from '@propfolio/db';
import { CHALLENGE_STATUSES } from '../contracts/challenges.js';
import { todayIso } from '../shared/dates.js';
import { CurrencyTotals } from '../shared/money.js';
import { billedMonths } from './billing.js';
import type { Summary } from './summary-schemas.js';
import { readSummaryRows } from './summary-query.js';

/** The caller's portfolio at a glance; every amount is summed exactly in Decimal. */
export class SummaryService {
  constructor(private readonly db: Database) {}

  async get(caller: Caller, now = new Date()): Promise<Summary> {
    const today = todayIso(now);
    const { counts: byStatus, oneTime, monthly, payouts, active } = await readSummaryRows(this.db, caller.userId);
    const counts = { in_progress: 0, passed: 0, failed: 0, total: 0 };
    for (const row of byStatus) {
      if ((CHALLENGE_STATUSES as readonly string[]).includes(row.status)) counts[row.status as keyof typeof counts] = row.n;
      counts.total += row.n;
    }
    const paid = new CurrencyTotals();
    for (const row of oneTime) paid.add(row.currency, new Prisma.Decimal(row.total));
    for (const row of monthly) {
      const end = row.monthlyEndedAt ?? today;
      paid.add(row.currency, new Prisma.Decimal(row.price).times(billedMonths(row.purchasedAt, end)));
    }
    const withdrawn = new CurrencyTotals();
    for (const row of payouts) withdrawn.add(row.currency, new Prisma.Decimal(row.total));
    const net = new CurrencyTotals();
    for (const currency of new Set([...paid.currencies(), ...withdrawn.currencies()])) {
      net.add(currency, withdrawn.get(currency).minus(paid.get(currency)));
    }
    return {
      counts,
      paid: paid.list(),
      withdrawn: withdrawn.list(),
      net: net.list(),
      activeChallenges: active.map((row) => ({ ...row, daysSincePurchase: Math.max(0, daysBetween(row.purchasedAt, today)) })),
    };
  }
}
