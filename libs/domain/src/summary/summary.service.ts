import { daysBetween, type Caller } from '@propfolio/core';
import type { Flow } from '../analytics/money-entries.js';
import { FlowTotals } from '../analytics/money-rows.js';
import { CHALLENGE_STATUSES } from '../challenges/challenges.inputs.js';
import { todayIso } from '../shared/dates.js';
import { CurrencyTotals, decimalFromText, type Decimal } from '../shared/money.js';
import { billedMonths } from './billing.js';
import type { Summary } from './summary.outputs.js';
import type { SummaryRepository } from './summary.repository.js';

/**
 * The caller's portfolio at a glance; every amount is summed exactly in Decimal. The money figures are
 * get_analytics' totals over all history (same FlowTotals, so spent, refunded, withdrawn and net cannot drift).
 */
export class SummaryService {
  constructor(private readonly repository: SummaryRepository) {}

  async get(caller: Caller, now = new Date()): Promise<Summary> {
    const today = todayIso(now);
    const { counts: byStatus, oneTime, monthly, costs, payouts, active } = await this.repository.summaryRows(caller.userId, today);
    const counts = { in_progress: 0, passed: 0, failed: 0, total: 0 };
    for (const row of byStatus) {
      if ((CHALLENGE_STATUSES as readonly string[]).includes(row.status)) counts[row.status as keyof typeof counts] = row.n;
      counts.total += row.n;
    }
    const flows = new FlowTotals();
    const seen = { spent: new Set<string>(), refunded: new Set<string>(), withdrawn: new Set<string>() };
    const add = (currency: string, flow: Flow, total: Decimal | string) => {
      flows.add({ currency, flow, amount: typeof total === 'string' ? decimalFromText(total) : total });
      seen[flow].add(currency);
    };
    const purchases = new CurrencyTotals();
    const spend = (currency: string, amount: Decimal) => {
      purchases.add(currency, amount);
      add(currency, 'spent', amount);
    };
    for (const row of oneTime) spend(row.currency, decimalFromText(row.total));
    for (const row of monthly) {
      // Billing days up to the end of the plan, and never after today (as get_analytics counts them).
      const end = row.monthlyEndedAt !== null && row.monthlyEndedAt < today ? row.monthlyEndedAt : today;
      const months = billedMonths(row.purchasedAt, end);
      if (months === 0) continue;
      spend(row.currency, decimalFromText(row.price).times(months));
    }
    for (const row of costs) add(row.currency, row.refund ? 'refunded' : 'spent', row.total);
    for (const row of payouts) add(row.currency, 'withdrawn', row.total);
    // Every currency with money has a net; the others list the currencies that had that flow.
    const rows = flows.rows();
    const byFlow = (flow: Flow | 'net') =>
      rows.filter((row) => flow === 'net' || seen[flow].has(row.currency)).map((row) => ({ currency: row.currency, amount: row[flow] }));
    return {
      counts,
      spent: byFlow('spent'),
      refunded: byFlow('refunded'),
      withdrawn: byFlow('withdrawn'),
      net: byFlow('net'),
      paid: purchases.list(),
      activeChallenges: active.map((row) => ({ ...row, daysSincePurchase: Math.max(0, daysBetween(row.purchasedAt, today)) })),
    };
  }
}
