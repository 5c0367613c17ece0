/**
 * The best day trade by trade: the firm day whose closed trades made the most, its share of the total
 * profit, and the trades that made it, so a trader sees a best-day rule of the total profit coming.
 * Days are the firm days the trades closed in (the day their profit was booked).
 */
import type { ParsedRollover } from '../clock/rollover.js';
import { Decimal } from '../shared/money.js';
import { firmDayNamer } from './days.js';
import type { Trade } from './trades.js';

export interface BestDay {
  /** Null when no day made money. */
  day: string | null;
  profit: Decimal;
  total: Decimal;
  /** The best day's trades, largest net first. */
  trades: Trade[];
}

export function bestDayOf(trades: readonly Trade[], rollover: ParsedRollover): BestDay {
  const byDay = new Map<string, { sum: Decimal; trades: Trade[] }>();
  let total = new Decimal(0);
  const days = firmDayNamer(rollover);
  for (const t of trades) {
    const day = days.dayAt(t.closeMs);
    const entry = byDay.get(day) ?? { sum: new Decimal(0), trades: [] };
    entry.sum = entry.sum.plus(t.net);
    entry.trades.push(t);
    byDay.set(day, entry);
    total = total.plus(t.net);
  }
  let best: [string, { sum: Decimal; trades: Trade[] }] | null = null;
  // Ties go to the earlier day, whatever order the trades came in.
  for (const entry of byDay) {
    if (entry[1].sum.gt(0) && (!best || entry[1].sum.gt(best[1].sum) || (entry[1].sum.eq(best[1].sum) && entry[0] < best[0]))) best = entry;
  }
  if (!best) return { day: null, profit: new Decimal(0), total, trades: [] };
  const list = [...best[1].trades].sort((a, b) => b.net.comparedTo(a.net) || a.closeMs - b.closeMs);
  return { day: best[0], profit: best[1].sum, total, trades: list };
}
