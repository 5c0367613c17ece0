import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { validateRollover } from '../clock/rollover.js';
import { Decimal } from '../shared/money.js';
import type { HeadroomReason } from '../headroom/schema.js';
import { firmDayBoundsAt } from '../clock/firm-day.js';
import { bestDayOf } from './best-day.js';
import { firmDayNamer } from './days.js';
import { hedges } from './hedging.js';
import { judgeTradeRules, type TradeRulesInput } from './judge.js';
import { riskOfOpenPositions, riskPerTrade } from './risk.js';
import { type OpenPositionFact, planTradeRules, readTrades, type TradeFact } from './trades.js';
import { nextWeekendClose, weekendHolds } from './weekend.js';

const PRAGUE = validateRollover({ timeZone: 'Europe/Prague', time: '00:00' });
const NEW_YORK_17 = validateRollover({ timeZone: 'America/New_York', time: '17:00' });

let seq = 0;
const fact = (over: Partial<TradeFact> = {}): TradeFact => ({
  position: String(++seq),
  symbol: 'EURUSD',
  side: 'buy',
  volume: '1',
  openedAt: '2026-03-02T10:00:00Z',
  closedAt: '2026-03-02T12:00:00Z',
  net: '10',
  ...over,
});

describe('weekend close', () => {
  it('is Saturday 00:00 in Prague for a midnight roll-over, and Friday 17:00 New York for a 17:00 one (winter and summer)', () => {
    // Friday 2026-03-06: Prague is UTC+1, New York UTC−5.
    expect(new Date(nextWeekendClose(Date.parse('2026-03-04T10:00:00Z'), PRAGUE)).toISOString()).toBe('2026-03-06T23:00:00.000Z');
    expect(new Date(nextWeekendClose(Date.parse('2026-03-04T10:00:00Z'), NEW_YORK_17)).toISOString()).toBe('2026-03-06T22:00:00.000Z');
    // Friday 2026-07-10: Prague UTC+2, New York UTC−4.
    expect(new Date(nextWeekendClose(Date.parse('2026-07-10T10:00:00Z'), PRAGUE)).toISOString()).toBe('2026-07-10T22:00:00.000Z');
    expect(new Date(nextWeekendClose(Date.parse('2026-07-10T10:00:00Z'), NEW_YORK_17)).toISOString()).toBe('2026-07-10T21:00:00.000Z');
  });

  it('flags a position held from Friday to Monday, not one closed on Friday before the roll-over', () => {
    const held = fact({ openedAt: '2026-03-06T15:00:00Z', closedAt: '2026-03-09T08:00:00Z' });
    const closedFriday = fact({ openedAt: '2026-03-06T15:00:00Z', closedAt: '2026-03-06T22:59:59Z' });
    const holds = weekendHolds(readTrades([held, closedFriday]), PRAGUE);
    expect(holds.map((h) => [h.trade.fact.position, new Date(h.closeMs).toISOString()])).toEqual([
      [held.position, '2026-03-06T23:00:00.000Z'],
    ]);
  });

  it('never flags a position closed before the first weekend close after its opening', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 0, max: 20 * 86_400_000 }),
        fc.constantFrom(PRAGUE, NEW_YORK_17),
        (openMs, length, rollover) => {
          const close = nextWeekendClose(openMs, rollover);
          expect(close).toBeGreaterThan(openMs);
          // The close found is the first: no Saturday firm day starts between the opening and it.
          expect(close - openMs).toBeLessThanOrEqual(7 * 86_400_000 + 3_600_000);
          const closeMs = openMs + length;
          const trades = readTrades([fact({ openedAt: new Date(openMs).toISOString(), closedAt: new Date(closeMs).toISOString() })]);
          expect(weekendHolds(trades, rollover).length).toBe(closeMs > close ? 1 : 0);
        },
      ),
    );
  });
});

describe('firm day namer', () => {
  it('names every instant as firmDayBoundsAt does, in any order, across daylight-saving changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: Date.UTC(2026, 2, 1), max: Date.UTC(2026, 10, 30) }), { maxLength: 40 }),
        fc.constantFrom(PRAGUE, NEW_YORK_17),
        (instants, rollover) => {
          const namer = firmDayNamer(rollover);
          for (const ms of [...instants, ...instants.map((m) => m + 1)]) expect(namer.boundsAt(ms)).toEqual(firmDayBoundsAt(ms, rollover));
        },
      ),
    );
  });

  it('flags in a batch exactly the trades closed after the first weekend close after their opening', () => {
    const arb = fc.record({
      open: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 1) }),
      length: fc.integer({ min: 0, max: 9 * 86_400_000 }),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 30 }), fc.constantFrom(PRAGUE, NEW_YORK_17), (list, rollover) => {
        const trades = readTrades(
          list.map((t) => fact({ openedAt: new Date(t.open).toISOString(), closedAt: new Date(t.open + t.length).toISOString() })),
        );
        const expected = trades.filter((t) => nextWeekendClose(t.openMs, rollover) < t.closeMs).map((t) => t.fact.position);
        expect(weekendHolds(trades, rollover).map((h) => h.trade.fact.position)).toEqual(expected);
      }),
    );
  });
});

const arbTrade = fc
  .record({
    symbol: fc.constantFrom('EURUSD', 'XAUUSD'),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    open: fc.integer({ min: 0, max: 100 }),
    length: fc.integer({ min: 0, max: 30 }),
    net: fc.integer({ min: -5000, max: 5000 }),
  })
  .map((r) =>
    fact({
      symbol: r.symbol,
      side: r.side,
      openedAt: new Date(Date.UTC(2026, 2, 2) + r.open * 3_600_000).toISOString(),
      closedAt: new Date(Date.UTC(2026, 2, 2) + (r.open + r.length) * 3_600_000).toISOString(),
      net: String(r.net),
    }),
  );

/** Every pair counted the slow way: opposite sides, one symbol, intervals overlapping. */
function bruteHedges(list: readonly TradeFact[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i] as TradeFact;
      const b = list[j] as TradeFact;
      if (
        a.symbol === b.symbol &&
        a.side !== b.side &&
        Date.parse(a.openedAt) < Date.parse(b.closedAt) &&
        Date.parse(b.openedAt) < Date.parse(a.closedAt)
      )
        n++;
    }
  return n;
}

describe('hedging', () => {
  it('pairs a buy and a sell on one symbol open together, not a reversal that only touches', () => {
    const buy = fact({ side: 'buy', openedAt: '2026-03-02T10:00:00Z', closedAt: '2026-03-02T12:00:00Z' });
    const sell = fact({ side: 'sell', openedAt: '2026-03-02T11:00:00Z', closedAt: '2026-03-02T13:00:00Z' });
    const reversal = fact({ side: 'sell', openedAt: '2026-03-02T12:00:00Z', closedAt: '2026-03-02T14:00:00Z' });
    const otherSymbol = fact({ side: 'sell', symbol: 'GBPUSD', openedAt: '2026-03-02T10:30:00Z' });
    const found = hedges(readTrades([buy, sell, reversal, otherSymbol]), 20);
    expect(found.count).toBe(1);
    expect(found.pairs.map((p) => [p.first.fact.position, p.second.fact.position])).toEqual([[buy.position, sell.position]]);
  });

  it('counts what the pairwise definition counts, is symmetric in the sides and the order, and never flags one position', () => {
    fc.assert(
      fc.property(fc.array(arbTrade, { maxLength: 25 }), (list) => {
        const count = hedges(readTrades(list), 5).count;
        expect(count).toBe(bruteHedges(list));
        const swapped = list.map((t) => ({ ...t, side: t.side === 'buy' ? ('sell' as const) : ('buy' as const) }));
        expect(hedges(readTrades(swapped), 5).count).toBe(count);
        expect(hedges(readTrades([...list].reverse()), 5).count).toBe(count);
        for (const one of list) expect(hedges(readTrades([one]), 5).count).toBe(0);
      }),
    );
  });
});

const RANK = { ok: 0, warning: 1, breached: 2 } as const;

describe('risk per trade', () => {
  it('breaches on a net loss above the percent of the initial balance, warns close to it, exactly at it is not over', () => {
    const initial = new Decimal(100000);
    const trades = readTrades([fact({ net: '-1000' }), fact({ net: '-1000.01' }), fact({ net: '-800' }), fact({ net: '-700' })]);
    const r = riskPerTrade(trades, 1, initial, 0.25);
    expect(r.limit.toString()).toBe('1000');
    expect(r.status).toBe('breached');
    expect(r.findings.map((f) => [f.loss.toString(), f.status])).toEqual([
      ['1000.01', 'breached'],
      ['1000', 'warning'],
      ['800', 'warning'],
    ]);
  });

  it('more losses never turn breached or warning into a better status', () => {
    fc.assert(
      fc.property(fc.array(arbTrade, { maxLength: 20 }), fc.array(arbTrade, { maxLength: 5 }), (list, more) => {
        const losses = more.map((t) => ({ ...t, net: String(-Math.abs(Number(t.net))) }));
        const before = riskPerTrade(readTrades(list), 2, new Decimal(100000), 0.25).status;
        const after = riskPerTrade(readTrades([...list, ...losses]), 2, new Decimal(100000), 0.25).status;
        expect(RANK[after]).toBeGreaterThanOrEqual(RANK[before]);
      }),
    );
  });
});

describe('best day trade by trade', () => {
  it("names the best firm day's trades, largest first, and its share of the total", () => {
    const trades = readTrades([
      fact({ closedAt: '2026-03-02T12:00:00Z', net: '300' }),
      fact({ closedAt: '2026-03-02T15:00:00Z', net: '500' }),
      fact({ closedAt: '2026-03-03T12:00:00Z', net: '400' }),
      fact({ closedAt: '2026-03-04T12:00:00Z', net: '-200' }),
    ]);
    const best = bestDayOf(trades, PRAGUE);
    expect([best.day, best.profit.toString(), best.total.toString(), best.trades.map((t) => t.fact.net)]).toEqual([
      '2026-03-02',
      '800',
      '1000',
      ['500', '300'],
    ]);
  });
});

describe('judgeTradeRules', () => {
  const base = (over: Partial<TradeRulesInput>): TradeRulesInput => ({
    trades: [],
    truncated: false,
    rules: planTradeRules({ weekendHolding: 'banned', hedging: 'banned', maxRiskPerTradePercent: 1 }),
    consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'blocks_pass' },
    rollover: PRAGUE,
    initial: new Decimal(10000),
    threshold: 0.25,
    atMs: Date.parse('2026-03-20T00:00:00Z'),
    startedOn: '2026-03-01',
    ...over,
  });

  it('names each broken rule in a reason and lists its trades; trades closed after `at` or before the attempt are not seen', () => {
    const reasons: HeadroomReason[] = [];
    const held = fact({ position: 'W1', openedAt: '2026-03-06T15:00:00Z', closedAt: '2026-03-09T08:00:00Z', net: '50' });
    const buy = fact({ position: 'H1', side: 'buy', openedAt: '2026-03-10T10:00:00Z', closedAt: '2026-03-10T12:00:00Z', net: '-150' });
    const sell = fact({ position: 'H2', side: 'sell', openedAt: '2026-03-10T11:00:00Z', closedAt: '2026-03-10T13:00:00Z', net: '100' });
    const later = fact({ position: 'L', openedAt: '2026-03-19T10:00:00Z', closedAt: '2026-03-21T10:00:00Z', net: '-900' });
    const before = fact({ position: 'B', openedAt: '2026-02-20T10:00:00Z', closedAt: '2026-02-23T10:00:00Z', net: '-900' });
    const out = judgeTradeRules(base({ trades: [held, buy, sell, later, before] }), reasons);
    expect(out.tradesRead).toBe(3);
    expect(out.weekendHolding).toMatchObject({
      status: 'breached',
      count: 1,
      trades: [{ position: 'W1', weekendClose: '2026-03-06T23:00:00Z' }],
    });
    expect(out.hedging.pairs.map((p) => p.map((t) => t.position))).toEqual([['H1', 'H2']]);
    expect(out.maxRiskPerTrade).toMatchObject({
      limit: 100,
      status: 'breached',
      trades: [{ position: 'H1', loss: 150, status: 'breached' }],
    });
    expect(reasons.map((r) => [r.code, r.kind, r.values.position ?? r.values.positions])).toEqual([
      ['weekendHolding.breached', 'breached', 'W1'],
      ['hedging.breached', 'breached', 'H1, H2'],
      ['maxRiskPerTrade.breached', 'breached', 'H1'],
    ]);
    // Best day: 50 of a total of 0 is no share of a profit, so past the rule, which here only blocks the pass.
    expect(out.bestDay).toMatchObject({ day: '2026-03-09', profit: 50, totalProfit: 0, sharePercent: null, status: 'warning' });
  });

  it('does not judge a rule the plan leaves unknown or allows, and still lists what it found', () => {
    const reasons: HeadroomReason[] = [];
    const held = fact({ openedAt: '2026-03-06T15:00:00Z', closedAt: '2026-03-09T08:00:00Z' });
    const out = judgeTradeRules(base({ trades: [held], rules: planTradeRules({ weekendHolding: 'allowed', hedging: 'maybe' }) }), reasons);
    expect(out.weekendHolding).toMatchObject({ rule: 'allowed', status: 'ok', count: 1 });
    expect(out.hedging).toMatchObject({ rule: null, status: null });
    expect(out.maxRiskPerTrade).toMatchObject({ percent: null, status: null });
    expect(judgeTradeRules(base({ trades: [held], rollover: null }), []).weekendHolding.status).toBeNull();
    expect(reasons).toEqual([]);
  });

  it('warns as the best day nears its share of the total profit, and says when the trades were truncated', () => {
    const reasons: HeadroomReason[] = [];
    const trades = [fact({ closedAt: '2026-03-02T12:00:00Z', net: '450' }), fact({ closedAt: '2026-03-03T12:00:00Z', net: '550' })];
    const out = judgeTradeRules(base({ trades, truncated: true }), reasons);
    expect(out.bestDay).toMatchObject({ day: '2026-03-03', sharePercent: 55, maxPercent: 50, status: 'warning' });
    const more = ['04', '05', '06'].map((d) => fact({ closedAt: `2026-03-${d}T12:00:00Z`, net: '2000' }));
    const near = judgeTradeRules(base({ trades: [...trades, ...more.slice(0, 2)] }), []);
    expect(near.bestDay).toMatchObject({ day: '2026-03-04', sharePercent: 40, status: 'warning' });
    expect(judgeTradeRules(base({ trades: [...trades, ...more] }), []).bestDay).toMatchObject({ sharePercent: 28.57, status: 'ok' });
    expect(reasons.map((r) => r.code)).toEqual(['data.trades_truncated']);
  });

  it('refuses an instant without a zone and a close before the open, naming the trade', () => {
    expect(() => judgeTradeRules(base({ trades: [fact({ openedAt: '2026-03-02T10:00:00' })] }), [])).toThrow('trades[0].openedAt');
    expect(() => judgeTradeRules(base({ trades: [fact({ closedAt: '2026-03-01T10:00:00Z' })] }), [])).toThrow('trades[0]');
  });

  it('judges open positions at their stops: over the cap breaches, near it or without a stop warns, only from a snapshot by `at`', () => {
    const open = (position: string, lossAtStop: string | null): OpenPositionFact => ({
      position,
      symbol: 'XAUUSD',
      side: 'sell',
      volume: '0.5',
      openedAt: '2026-03-19T09:00:00Z',
      stopLoss: lossAtStop === null ? null : '2650.5',
      lossAtStop,
    });
    const positions = [open('O1', '80'), open('O2', null), open('O3', '100.01'), open('O4', '99'), open('O5', '-20')];
    const reasons: HeadroomReason[] = [];
    const out = judgeTradeRules(base({ open: { asOf: '2026-03-19T10:00:00Z', positions } }), reasons);
    // 1 % of 10,000: a stop losing 100.01 is over it, 99 and 80 are within a quarter of it, a stop past breakeven risks nothing.
    expect(out.maxRiskPerTrade).toMatchObject({
      limit: 100,
      status: 'breached',
      count: 0,
      openAsOf: '2026-03-19T10:00:00Z',
      openCount: 4,
    });
    expect(out.maxRiskPerTrade.open.map((o) => [o.position, o.lossAtStop, o.status])).toEqual([
      ['O3', 100.01, 'breached'],
      ['O2', null, 'warning'],
      ['O4', 99, 'warning'],
      ['O1', 80, 'warning'],
    ]);
    expect(reasons).toContainEqual(
      expect.objectContaining({
        code: 'maxRiskPerTrade.open_over_limit',
        kind: 'breached',
        values: expect.objectContaining({ position: 'O3', count: 1 }),
      }),
    );
    // A snapshot taken after `at` does not say what was open at `at`.
    const earlier = judgeTradeRules(
      base({ atMs: Date.parse('2026-03-19T09:59:59Z'), open: { asOf: '2026-03-19T10:00:00Z', positions } }),
      [],
    );
    expect(earlier.maxRiskPerTrade).toMatchObject({ status: 'ok', openAsOf: null, openCount: 0, open: [] });
    // Without a cap nothing is judged, with or without stops.
    const uncapped = judgeTradeRules(base({ rules: planTradeRules({}), open: { asOf: '2026-03-19T10:00:00Z', positions } }), []);
    expect(uncapped.maxRiskPerTrade).toMatchObject({ status: null, openCount: 0 });
  });
});

describe('risk of open positions', () => {
  it('flags exactly the stops above the warning line and every position without a stop, breaches first', () => {
    const arbOpen = fc.record({ loss: fc.option(fc.integer({ min: -500, max: 5000 }), { nil: null }) });
    fc.assert(
      fc.property(fc.array(arbOpen, { maxLength: 30 }), (list) => {
        const positions = list.map((r, i): OpenPositionFact => ({
          position: String(i),
          symbol: 'EURUSD',
          side: 'buy',
          volume: '1',
          openedAt: '2026-03-02T10:00:00Z',
          stopLoss: r.loss === null ? null : '1.1',
          lossAtStop: r.loss === null ? null : String(r.loss),
        }));
        const found = riskOfOpenPositions(positions, new Decimal(2000), 0.25);
        const expected = list.filter((r) => r.loss === null || r.loss > 1500).length;
        expect(found).toHaveLength(expected);
        const breached = found.filter((f) => f.status === 'breached');
        expect(breached.every((f) => f.lossAtStop !== null && f.lossAtStop.gt(2000))).toBe(true);
        expect(found.slice(0, breached.length)).toEqual(breached);
      }),
    );
  });
});
