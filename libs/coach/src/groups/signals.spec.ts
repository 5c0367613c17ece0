import fc from 'fast-check';
import { DEFAULT_SIGNAL_WINDOW_MS, matchSignals, type SignalTrade } from './signals.js';

const W = DEFAULT_SIGNAL_WINDOW_MS;
const T0 = Date.UTC(2026, 2, 2, 9);

describe('matchSignals: copies of one trade are one signal', () => {
  it('matches a master trade and its copies opened within the window, and tells two signals apart', () => {
    const trades: SignalTrade[] = [
      { key: 'a1', accountId: 'A', symbol: 'EURUSD', side: 'buy', openedAt: new Date(T0) },
      { key: 'b1', accountId: 'B', symbol: 'eurusd', side: 'buy', openedAt: new Date(T0 + 900) },
      { key: 'c1', accountId: 'C', symbol: 'EURUSD', side: 'buy', openedAt: new Date(T0 + 4_000) },
      // The same account again, 2 s later: the trader added to the position, a second signal.
      { key: 'a2', accountId: 'A', symbol: 'EURUSD', side: 'buy', openedAt: new Date(T0 + 2_000) },
      { key: 'b2', accountId: 'B', symbol: 'EURUSD', side: 'buy', openedAt: new Date(T0 + 2_500) },
      // Opposite side, same moment: not a copy.
      { key: 'c9', accountId: 'C', symbol: 'EURUSD', side: 'sell', openedAt: new Date(T0 + 100) },
    ];
    const ids = matchSignals(trades);
    expect(Object.fromEntries(ids)).toEqual({ a1: 'a1', b1: 'a1', c1: 'a1', a2: 'a2', b2: 'a2', c9: 'c9' });
  });

  it("matches a copy whose broker decorates the symbol (EURUSD.r, EURUSDm) with the master's EURUSD", () => {
    const trades: SignalTrade[] = [
      { key: 'a1', accountId: 'A', symbol: 'EURUSD', side: 'buy', openedAt: new Date(T0) },
      { key: 'b1', accountId: 'B', symbol: 'EURUSD.r', side: 'buy', openedAt: new Date(T0 + 700) },
      { key: 'c1', accountId: 'C', symbol: 'EURUSDm', side: 'buy', openedAt: new Date(T0 + 1_200) },
      // Another pair at the same moment stays its own signal.
      { key: 'd1', accountId: 'D', symbol: 'EURJPY.r', side: 'buy', openedAt: new Date(T0 + 300) },
    ];
    expect(Object.fromEntries(matchSignals(trades))).toEqual({ a1: 'a1', b1: 'a1', c1: 'a1', d1: 'd1' });
  });

  it('property: every copy of a signal gets its id, and trades of different signals never share one', () => {
    const signal = fc.record({
      symbol: fc.constantFrom('EURUSD', 'XAUUSD', 'NAS100'),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      accounts: fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D', 'E'), { minLength: 1, maxLength: 5 }),
      lags: fc.array(fc.integer({ min: 0, max: W }), { minLength: 5, maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(signal, { minLength: 1, maxLength: 12 }), (signals) => {
        // Signals more than a window apart: copies of one never reach the next.
        const trades = signals.flatMap((s, i) =>
          s.accounts.map((accountId, k) => ({
            key: `${i}-${accountId}`,
            accountId,
            symbol: s.symbol,
            side: s.side,
            openedAt: new Date(T0 + i * (W + 1) * 2 + (s.lags[k] ?? 0)),
            signal: i,
          })),
        );
        const ids = matchSignals(trades);
        for (const a of trades) for (const b of trades) expect(ids.get(a.key) === ids.get(b.key)).toBe(a.signal === b.signal);
      }),
    );
  });

  it('property: trades of one account, or of a different symbol or side, are never one signal', () => {
    const trade = fc.record({
      accountId: fc.constantFrom('A', 'B', 'C'),
      symbol: fc.constantFrom('EURUSD', 'GBPUSD'),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      offset: fc.integer({ min: 0, max: 3 * W }),
    });
    fc.assert(
      fc.property(fc.array(trade, { minLength: 1, maxLength: 30 }), (raw) => {
        const trades = raw.map((t, i) => ({
          key: String(i),
          accountId: t.accountId,
          symbol: t.symbol,
          side: t.side,
          openedAt: new Date(T0 + t.offset),
        }));
        const ids = matchSignals(trades);
        for (const a of trades)
          for (const b of trades) {
            if (a === b || ids.get(a.key) !== ids.get(b.key)) continue;
            expect(a.accountId).not.toBe(b.accountId);
            expect([a.symbol, a.side]).toEqual([b.symbol, b.side]);
            expect(Math.abs(a.openedAt.getTime() - b.openedAt.getTime())).toBeLessThanOrEqual(W);
          }
      }),
    );
  });
});
