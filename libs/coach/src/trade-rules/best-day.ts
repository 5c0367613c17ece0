/**
 * The best day trade by trade: the firm day whose closed trades made the most, its share of the total
 * profit, and the trades that made it, so a trader sees a best-day rule of the total profit coming. The
 * days and their profits are attribution.ts's, the ones the consistency rule reads: each closed part on
 * the firm day it closed in, a reported day by its report.
 */
import type { ParsedRollover } from '../clock/rollover.js';
import type { Decimal } from '../shared/money.js';
import { bestOfDays, closedProfitByDay } from './attribution.js';
import { firmDayNamer } from './days.js';
import type { Trade } from './trades.js';

export interface BestDay {
  /** Null when no day made money. */
  day: string | null;
  profit: Decimal;
  total: Decimal;
  /** The trades with a part closed on the best day, largest net first. */
  trades: Trade[];
}

export function bestDayOf(trades: readonly Trade[], rollover: ParsedRollover, reported: ReadonlyMap<string, Decimal> = new Map()): BestDay {
  const namer = firmDayNamer(rollover);
  const best = bestOfDays(closedProfitByDay(reported, trades, namer));
  if (best.day === null) return { ...best, trades: [] };
  const list = trades
    .filter((t) => t.parts.some((p) => namer.dayAt(p.closeMs) === best.day))
    .sort((a, b) => b.net.comparedTo(a.net) || a.closeMs - b.closeMs);
  return { ...best, trades: list };
}
