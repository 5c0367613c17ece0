import type { CostKindName } from '../ledger/ledger.inputs.js';
import { dateToIso } from '../shared/dates.js';
import type { Decimal } from '../shared/money.js';
import type { Convertible } from '../fx/rate-book.js';
import { present } from '../shared/present.js';
import type { AnalyticsRepository } from './analytics.repository.js';

/** Which total a money entry goes to. */
export type Flow = 'spent' | 'refunded' | 'withdrawn';
type EntryKind = 'purchase' | 'monthly_fee' | Exclude<CostKindName, 'refund'> | 'refund' | 'payout';

/** One dated movement of money, the unit of every total, monthly bar and tax line. */
export interface MoneyEntry extends Convertible {
  kind: EntryKind;
  flow: Flow;
  amount: Decimal;
  challengeId: string;
  firm: string;
  plan: string;
}

export interface EntryFilter {
  userId: string;
  from?: string;
  /** Last day counted; never after today, so no future monthly charge is counted. */
  to: string;
  /** Firm name (matched case-insensitively). */
  firm?: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Billing dates of a monthly plan up to `end`: the purchase date, then the same day of each following
 * month (the month's last day when shorter). The count equals billedMonths(purchasedAt, end).
 */
export function billingDates(purchasedAt: string, end: string): string[] {
  const [, y, m, d] = present(ISO.exec(purchasedAt), 'purchase date match').map(Number) as [number, number, number, number];
  const dates: string[] = [];
  for (let i = 0; ; i++) {
    const year = y + Math.floor((m - 1 + i) / 12);
    const month = ((m - 1 + i) % 12) + 1;
    const day = Math.min(d, daysInMonth(year, month));
    const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (iso > end) return dates;
    dates.push(iso);
  }
}

const inRange = (date: string, filter: EntryFilter): boolean => (filter.from === undefined || date >= filter.from) && date <= filter.to;

/**
 * Every money entry of the user dated in [from, to]: purchases (each billed month of a monthly plan),
 * costs and refunds, and paid payouts (requested and denied ones are no money).
 */
export async function loadMoneyEntries(rows: AnalyticsRepository, filter: EntryFilter): Promise<MoneyEntry[]> {
  const { purchases: challenges, costs, payouts } = await rows.moneyRows(filter);
  const entries: MoneyEntry[] = [];
  for (const c of challenges) {
    const purchasedAt = dateToIso(c.purchasedAt);
    const dates =
      c.billing === 'monthly' ? billingDates(purchasedAt, c.monthlyEndedAt ? dateToIso(c.monthlyEndedAt) : filter.to) : [purchasedAt];
    dates.forEach((date, index) => {
      if (!inRange(date, filter)) return;
      const kind = c.billing === 'monthly' && index > 0 ? 'monthly_fee' : 'purchase';
      entries.push({
        kind,
        flow: 'spent',
        amount: c.price,
        currency: c.currency,
        date,
        fxRate: c.fxRate,
        fxCurrency: c.fxCurrency,
        challengeId: c.id,
        firm: c.firm,
        plan: c.plan,
      });
    });
  }
  for (const c of costs) {
    const flow = c.kind === 'refund' ? 'refunded' : 'spent';
    entries.push({
      kind: c.kind,
      flow,
      amount: c.amount,
      currency: c.currency,
      date: dateToIso(c.date),
      fxRate: c.fxRate,
      fxCurrency: c.fxCurrency,
      challengeId: c.challengeId,
      ...c.challenge,
    });
  }
  for (const p of payouts) {
    entries.push({
      kind: 'payout',
      flow: 'withdrawn',
      amount: p.amount,
      currency: p.currency,
      date: dateToIso(p.date),
      fxRate: p.fxRate,
      fxCurrency: p.fxCurrency,
      challengeId: p.challengeId,
      ...p.challenge,
    });
  }
  return entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
