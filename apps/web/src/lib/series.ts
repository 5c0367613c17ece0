import type { Challenge, Payout } from './types.js';

/** Billing days of a monthly plan: the purchase day of each month, clamped to the month's end. */
function monthlyDays(purchasedAt: string, until: string): string[] {
  const [y, m, d] = purchasedAt.split('-').map(Number) as [number, number, number];
  const days: string[] = [];
  for (let i = 0; i < 1200; i++) {
    const last = new Date(Date.UTC(y, m - 1 + i + 1, 0)).getUTCDate();
    const day = new Date(Date.UTC(y, m - 1 + i, Math.min(d, last))).toISOString().slice(0, 10);
    if (day > until) break;
    days.push(day);
  }
  return days;
}

export interface CumulativeSeries {
  currency: string;
  /** Unix seconds, one per day with a change. */
  x: number[];
  spend: number[];
  payouts: number[];
}

/**
 * Cumulative purchases (one-time price on the purchase day, monthly fee on each billing day up to the end
 * date or today) against cumulative payouts, per currency: amounts in different currencies are never added.
 */
export function cumulativeByCurrency(challenges: Challenge[], payouts: Payout[], today: string): CumulativeSeries[] {
  const events = new Map<string, Map<string, { spend: number; payout: number }>>();
  const add = (currency: string, day: string, spend: number, payout: number) => {
    const byDay = events.get(currency) ?? new Map<string, { spend: number; payout: number }>();
    events.set(currency, byDay);
    const e = byDay.get(day) ?? { spend: 0, payout: 0 };
    e.spend += spend;
    e.payout += payout;
    byDay.set(day, e);
  };
  for (const c of challenges) {
    if (c.billing === 'monthly') for (const day of monthlyDays(c.purchasedAt, c.monthlyEndedAt ?? today)) add(c.currency, day, c.price, 0);
    else add(c.currency, c.purchasedAt, c.price, 0);
  }
  // Only paid payouts are money received (a requested or denied one is not), as the summary counts them.
  for (const p of payouts) if (p.status === 'paid') add(p.currency, p.date, 0, p.amount);
  return [...events.entries()]
    .map(([currency, byDay]) => {
      // Sorted as the default sort does (by UTF-16 code units): ISO dates in calendar order.
      const days = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      let spend = 0;
      let payout = 0;
      const series: CumulativeSeries = { currency, x: [], spend: [], payouts: [] };
      for (const [day, e] of days) {
        spend = Math.round((spend + e.spend) * 10000) / 10000;
        payout = Math.round((payout + e.payout) * 10000) / 10000;
        series.x.push(Date.parse(`${day}T00:00:00Z`) / 1000);
        series.spend.push(spend);
        series.payouts.push(payout);
      }
      // Carry the totals to today, so the chart ends at the current level rather than at the last event.
      const now = Date.parse(`${today}T00:00:00Z`) / 1000;
      const last = series.x.at(-1);
      if (last !== undefined && last < now) {
        series.x.push(now);
        series.spend.push(spend);
        series.payouts.push(payout);
      }
      return series;
    })
    .sort((a, b) => b.x.length - a.x.length);
}
