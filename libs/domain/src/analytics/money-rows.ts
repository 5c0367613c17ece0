import { ROUND_HALF_UP, toDecimal, toMoney, type Decimal } from '../shared/money.js';
import type { MoneyRow } from './analytics.outputs.js';
import type { Flow, MoneyEntry } from './money-entries.js';
import { present } from '../shared/present.js';

const ZERO = toDecimal(0);

/** Exact spent / refunded / withdrawn sums per currency. */
export class FlowTotals {
  private readonly sums = new Map<string, Record<Flow, Decimal>>();

  add(entry: Pick<MoneyEntry, 'currency' | 'flow' | 'amount'>): this {
    const row = this.sums.get(entry.currency) ?? { spent: ZERO, refunded: ZERO, withdrawn: ZERO };
    row[entry.flow] = row[entry.flow].plus(entry.amount);
    this.sums.set(entry.currency, row);
    return this;
  }

  ensure(currency: string): this {
    if (!this.sums.has(currency)) this.sums.set(currency, { spent: ZERO, refunded: ZERO, withdrawn: ZERO });
    return this;
  }

  static of(entries: Iterable<Pick<MoneyEntry, 'currency' | 'flow' | 'amount'>>): FlowTotals {
    const totals = new FlowTotals();
    for (const entry of entries) totals.add(entry);
    return totals;
  }

  rows(): MoneyRow[] {
    return [...this.sums.keys()].sort().map((currency) => {
      const { spent, refunded, withdrawn } = present(this.sums.get(currency), `totals of ${currency}`);
      const net = withdrawn.plus(refunded).minus(spent);
      return {
        currency,
        spent: toMoney(spent),
        refunded: toMoney(refunded),
        withdrawn: toMoney(withdrawn),
        net: toMoney(net),
        roi: spent.isZero() ? null : toMoney(net.dividedBy(spent).toDecimalPlaces(4, ROUND_HALF_UP)),
      };
    });
  }
}

const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** Every month from the first to the last entry, per currency, zero-filled, so a chart has no holes. */
export function monthlyRows(entries: MoneyEntry[]) {
  if (entries.length === 0) return [];
  const byMonth = new Map<string, FlowTotals>();
  const currencies = new Set<string>();
  for (const entry of entries) {
    const month = entry.date.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? new FlowTotals()).add(entry));
    currencies.add(entry.currency);
  }
  const months = [...byMonth.keys()].sort();
  const rows = [];
  for (let month = months[0] as string; month <= (months[months.length - 1] as string); month = nextMonth(month)) {
    const totals = byMonth.get(month) ?? new FlowTotals();
    for (const currency of currencies) totals.ensure(currency);
    for (const { roi: _roi, ...row } of totals.rows()) rows.push({ month, ...row });
  }
  return rows;
}
