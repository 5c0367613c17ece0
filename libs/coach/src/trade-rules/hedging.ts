/**
 * Hedging: a buy and a sell on the same symbol open at the same time, i.e. their open intervals overlap
 * (one opened strictly before the other closed, both ways). Positions that only touch (one closed at the
 * instant the other opened) are a reversal, not a hedge.
 */
import type { Trade } from './trades.js';

export interface HedgePair {
  /** The earlier-opened position first. */
  first: Trade;
  second: Trade;
}

export interface Hedges {
  /** Every overlapping buy/sell pair counted. */
  count: number;
  /** The first `limit` pairs by the later opening. */
  pairs: HedgePair[];
}

/**
 * A sweep by opening time per symbol: each position meets only the opposite positions still open, so the
 * work is the number of trades plus the number of pairs, not every pair of trades.
 */
export function hedges(trades: readonly Trade[], limit: number): Hedges {
  const bySymbol = new Map<string, Trade[]>();
  for (const t of trades) {
    const list = bySymbol.get(t.fact.symbol);
    if (list) list.push(t);
    else bySymbol.set(t.fact.symbol, [t]);
  }
  let count = 0;
  const pairs: HedgePair[] = [];
  for (const list of bySymbol.values()) {
    const sorted = [...list].sort((a, b) => a.openMs - b.openMs || a.closeMs - b.closeMs);
    let open: { buy: Trade[]; sell: Trade[] } = { buy: [], sell: [] };
    for (const t of sorted) {
      open = { buy: open.buy.filter((o) => o.closeMs > t.openMs), sell: open.sell.filter((o) => o.closeMs > t.openMs) };
      const opposite = t.fact.side === 'buy' ? open.sell : open.buy;
      for (const o of opposite) {
        // `o` is still open when `t` opens; they overlap unless `t` closed the instant it opened, with `o`.
        if (!(o.openMs < t.closeMs)) continue;
        count++;
        if (pairs.length < limit) pairs.push({ first: o, second: t });
      }
      open[t.fact.side].push(t);
    }
  }
  return { count, pairs };
}
