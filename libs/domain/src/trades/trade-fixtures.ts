import type { ScopeStats } from './trade-stats.js';
import type { TradeStats } from './trades.outputs.js';

/**
 * A closed position as the tracker's message carries it, for tests over any front door: a 1-lot EURUSD buy
 * opened Monday 2026-03-02 00:30 UTC (09:30 in Tokyo) and closed 90 minutes later, +100 profit, −7
 * commission (net 93). `over` replaces any field.
 */
export const closedPosition = (id: string, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  position: id,
  symbol: 'EURUSD',
  side: 'buy',
  volume: 1,
  openedAt: '2026-03-02T00:30:00Z',
  closedAt: '2026-03-02T02:00:00Z',
  openPrice: 1.08,
  closePrice: 1.081,
  stopLoss: 1.079,
  takeProfit: null,
  commission: -7,
  swap: 0,
  fee: 0,
  profit: 100,
  comment: null,
  magic: 0,
  mae: null,
  mfe: null,
  ...over,
});

/** get_trade_stats' answer without the journal breakdowns, to compare with the live, range and kept reads (ScopeStats). */
export function withoutJournal(stats: TradeStats): ScopeStats {
  const { bySetup: _bySetup, rHistogram: _rHistogram, ...scope } = stats;
  return scope;
}
