import { describe, expect, it } from '@jest/globals';
import type { PlanFitRow } from './planfit.outputs.js';
import { rankRows, seriesOf, shareOut } from './fit-rows.js';

const odds = (passProbability: number, expectedValue: number | null = null) => ({
  riskScale: 1,
  passProbability,
  passInterval: { low: passProbability, high: passProbability },
  phases: [],
  daysToPass: null,
  payoutProbability: null,
  expectedPayouts: null,
  expectedRefund: null,
  expectedFees: null,
  expectedValue,
  expectedValueInterval: null,
});

const row = (planId: string, price: number | null, pass: number | null, value: number | null = null): PlanFitRow => ({
  planId,
  firm: 'F',
  program: 'P',
  phases: 1,
  accountSize: 100_000,
  currency: 'USD',
  price,
  planCheckedOn: '2026-11-01',
  planStale: false,
  rulesSources: [],
  rank: null,
  rankAtBestScale: null,
  simulated: pass !== null,
  unknownRules: pass === null ? ['dailyLoss'] : [],
  unknownPayoutRules: value === null ? ['payout.cadence'] : [],
  atCurrentRisk: pass === null ? null : odds(pass, value),
  best: pass === null ? null : odds(Math.min(1, pass * 2), value),
  notes: [],
});

describe('rankRows', () => {
  it('ranks by pass probability per unit of price when a value is unknown; unknown rules and no price are never ranked', () => {
    const rows = [row('cheap', 50, 0.2), row('dear', 500, 0.5), row('unknown', 10, null), row('unpriced', null, 0.9)];
    expect(rankRows(rows)).toBe('passProbabilityPerPrice');
    expect(rows.map((r) => [r.planId, r.rank])).toEqual([
      ['cheap', 1],
      ['dear', 2],
      ['unknown', null],
      ['unpriced', null],
    ]);
  });

  it('ranks by expected value per unit of price when every ranked plan has one', () => {
    const rows = [row('a', 100, 0.9, -50), row('b', 100, 0.1, 20)];
    expect(rankRows(rows)).toBe('expectedValuePerPrice');
    expect(rows.map((r) => r.planId)).toEqual(['b', 'a']);
  });
});

describe('shareOut', () => {
  it('keeps a firm’s plans together and balances the groups', () => {
    const plans = ['a', 'a', 'a', 'a', 'b', 'c', 'c', 'c'].map((firm, i) => ({ firm, i }));
    const groups = shareOut(plans, 2);
    expect(groups.map((g) => [...new Set(g.map((p) => p.firm))].sort())).toEqual([['a'], ['b', 'c']]);
  });
});

describe('seriesOf', () => {
  const day = (d: string, closedPnl: string, trades: { openedAt: string; profit: string; mae?: string | null }[] | null) => ({
    day: d,
    startUtc: `${d}T00:00:00Z`,
    endUtc: `${d}T23:59:59Z`,
    startBalance: '100000',
    startEquity: '100000',
    closedPnl,
    lowestEquity: null,
    trades: trades?.map((t) => ({ closedAt: `${d}T20:00:00Z`, mae: null, ...t })) ?? null,
  });

  it('keeps each traded day’s trades beside its close, in percent, in the order they opened', () => {
    const { series, trades } = seriesOf({
      initialBalance: '100000',
      days: [
        day('2026-03-02', '500', [
          { openedAt: '2026-03-02T15:00:00Z', profit: '1500', mae: '-200' },
          { openedAt: '2026-03-02T09:00:00Z', profit: '-1000' },
        ]),
        day('2026-03-03', '0', null),
        day('2026-03-04', '-300', [{ openedAt: '2026-03-04T10:00:00Z', profit: '-300' }]),
      ],
    });
    expect(series).toEqual([0.5, -0.3]);
    expect(trades).toEqual([
      [
        { profitPercent: -1, maePercent: null },
        { profitPercent: 1.5, maePercent: -0.2 },
      ],
      [{ profitPercent: -0.3, maePercent: null }],
    ]);
  });

  it('has no trades when a day moved without them (the history can only be drawn by days)', () => {
    const { series, trades } = seriesOf({
      initialBalance: '100000',
      days: [day('2026-03-02', '500', [{ openedAt: '2026-03-02T09:00:00Z', profit: '500' }]), day('2026-03-03', '200', null)],
    });
    expect(series).toEqual([0.5, 0.2]);
    expect(trades).toBeNull();
  });
});
