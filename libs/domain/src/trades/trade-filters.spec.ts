import { expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from './trade-fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { ListTradesInput, TradeCurveInput, TradeStatsInput, UpdateTradeInput } from './trades.inputs.js';

/**
 * Every figure follows every filter the list has: with EURUSD picked the list, the statistics and the curve count the
 * same trades. Six trades of one USD account, each net worked out by hand (commission 0 unless said):
 *   1 EURUSD buy  +93 (100 − 7), tag London        closed 2 Mar 01:00
 *   2 EURUSD sell −40                               closed 2 Mar 02:00
 *   3 USDJPY buy  +60, tags London and A+          closed 2 Mar 03:00
 *   4 EURUSD buy  +0.004 (breakeven), tag A+        closed 2 Mar 04:00
 *   5 GBPUSD sell +30                               closed 2 Mar 05:00
 *   6 EURUSD sell −20                               closed 10 Mar 02:00
 */
describeEachDatabase('trade statistics and the curve follow every filter of the list', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);

  async function journal(caller: Caller) {
    const { id } = await account(caller);
    const at = (day: string, hour: number) => `2026-03-${day}T0${String(hour)}:00:00Z`;
    const trade = (n: number, over: Record<string, unknown>) =>
      closedPosition(String(n), { commission: 0, openedAt: at(over['day'] === '10' ? '10' : '02', 0), ...over });
    await push(caller, id, [
      trade(1, { profit: 100, commission: -7, closedAt: at('02', 1) }),
      trade(2, { side: 'sell', profit: -40, closedAt: at('02', 2) }),
      trade(3, { symbol: 'USDJPY', profit: 60, closedAt: at('02', 3) }),
      trade(4, { profit: 0.004, closedAt: at('02', 4) }),
      trade(5, { symbol: 'GBPUSD', side: 'sell', profit: 30, closedAt: at('02', 5) }),
      { ...trade(6, { side: 'sell', profit: -20, closedAt: at('10', 2) }), openedAt: at('10', 1) },
    ]);
    const page = await services().trades.list(caller, await parse(ListTradesInput, { accountId: id }));
    const byPosition = new Map(page.items.map((t) => [t.position, t.id]));
    const tag = async (position: string, tags: string[]) =>
      services().trades.update(caller, await parse(UpdateTradeInput, { id: byPosition.get(position), tags }));
    await tag('1', ['London']);
    await tag('3', ['London', 'A+']);
    await tag('4', ['A+']);
    return id;
  }

  const stats = async (caller: Caller, input: object) => services().trades.stats(caller, await parse(TradeStatsInput, input));
  const curve = async (caller: Caller, input: object) => services().trades.curve(caller, await parse(TradeCurveInput, input));
  const list = async (caller: Caller, input: object) =>
    services().trades.list(caller, await parse(ListTradesInput, { ...input, limit: 200 }));

  /** Each filter, alone and combined, with the trades it keeps and their net summed by hand. */
  const CASES: [object, { count: number; net: number; wins: number; losses: number }][] = [
    [{}, { count: 6, net: 123.004, wins: 3, losses: 2 }],
    [{ symbol: 'EURUSD' }, { count: 4, net: 33.004, wins: 1, losses: 2 }],
    [{ side: 'sell' }, { count: 3, net: -30, wins: 1, losses: 2 }],
    [{ outcome: 'win' }, { count: 3, net: 183, wins: 3, losses: 0 }],
    [{ outcome: 'loss' }, { count: 2, net: -60, wins: 0, losses: 2 }],
    [{ outcome: 'breakeven' }, { count: 1, net: 0.004, wins: 0, losses: 0 }],
    [{ tag: 'London' }, { count: 2, net: 153, wins: 2, losses: 0 }],
    [{ tag: 'A+' }, { count: 2, net: 60.004, wins: 1, losses: 0 }],
    [
      { symbol: 'EURUSD', side: 'sell' },
      { count: 2, net: -60, wins: 0, losses: 2 },
    ],
    // Whole UTC days (the account has no firm, so its day is UTC's) and a window cutting a day.
    [
      { symbol: 'EURUSD', from: '2026-03-03T00:00:00.000Z' },
      { count: 1, net: -20, wins: 0, losses: 1 },
    ],
    [
      { symbol: 'EURUSD', to: '2026-03-03T00:00:00.000Z' },
      { count: 3, net: 53.004, wins: 1, losses: 1 },
    ],
    [
      { side: 'buy', from: '2026-03-02T02:30:00.000Z', to: '2026-03-10T00:00:00.000Z' },
      { count: 2, net: 60.004, wins: 1, losses: 0 },
    ],
    [
      { tag: 'A+', outcome: 'win', from: '2026-03-01T00:00:00.000Z' },
      { count: 1, net: 60, wins: 1, losses: 0 },
    ],
  ];

  it('counts exactly the trades of the list, with the net summed by hand, in the stats, the curve and the list', async () => {
    const caller = await newCaller(getDb());
    const accountId = await journal(caller);
    // Another user's trades on the same symbol, side and tags never count.
    const other = await newCaller(getDb());
    await journal(other);
    for (const [filter, expected] of CASES) {
      const input = { accountId, ...filter };
      const answer = await stats(caller, input);
      expect({ filter, figures: answer.overall }).toMatchObject({ filter, figures: expected });
      expect({ filter, count: (await list(caller, input)).items.length }).toEqual({ filter, count: expected.count });
      const drawn = await curve(caller, input);
      expect({ filter, totals: drawn.totals }).toMatchObject({ filter, totals: { count: expected.count, net: expected.net } });
      // Every grouping adds up to the same trades.
      const sum = (groups: { count: number }[]) => groups.reduce((n, g) => n + g.count, 0);
      expect({ filter, symbol: sum(answer.bySymbol), side: sum(answer.bySide), weekday: sum(answer.byWeekday) }).toEqual({
        filter,
        symbol: expected.count,
        side: expected.count,
        weekday: expected.count,
      });
      // The answer says what it counts.
      expect(answer.filters).toMatchObject({ accountId, ...filter });
      expect(drawn.filters).toMatchObject({ accountId, ...filter });
    }
  });

  it('reads the same figures filtered over all accounts, and the per-symbol groups of a filter are its hand sums', async () => {
    const caller = await newCaller(getDb());
    await journal(caller);
    const eurusd = await stats(caller, { symbol: 'EURUSD' });
    expect(eurusd.overall).toMatchObject({ count: 4, net: 33.004 });
    expect(eurusd.bySymbol.map((g) => [g.key, g.count, g.net])).toEqual([['EURUSD', 4, 33.004]]);
    expect(eurusd.bySide.map((g) => [g.key, g.count, g.net])).toEqual([
      ['buy', 2, 93.004],
      ['sell', 2, -60],
    ]);
    expect(eurusd.longestLossStreak).toBe(1);
    expect((await stats(caller, { tag: 'London' })).byTag.map((g) => [g.key, g.count, g.net])).toEqual([
      ['A+', 1, 60],
      ['London', 2, 153],
    ]);
    expect((await stats(caller, { symbol: 'XAUUSD' })).overall).toMatchObject({ count: 0, net: 0, winRate: null });
  });

  it('draws the drawdown and the days of the calendar from the same filtered trades, by hand', async () => {
    const caller = await newCaller(getDb());
    const accountId = await journal(caller);
    // All: cumulative 93, 53, 113, 113.004, 143.004, 123.004; drawdown from the running peak 0, −40, 0, 0, 0, −20.
    const all = await curve(caller, { accountId });
    expect(all.points.map((p) => p.drawdown)).toEqual([0, -40, 0, 0, 0, -20]);
    expect({ max: all.maxDrawdown, at: all.maxDrawdownAt }).toEqual({ max: 40, at: 2 });
    // The account has no firm: its days are UTC's, and the answer says so.
    expect(all.days).toEqual([
      { day: '2026-03-02', net: 143.004, count: 5 },
      { day: '2026-03-10', net: -20, count: 1 },
    ]);
    expect(all.clock).toMatchObject({ known: false, city: 'UTC' });
    // EURUSD: 93, 53, 53.004, 33.004 under the peak 93: the deepest fall 59.996, after its fourth trade.
    const eurusd = await curve(caller, { accountId, symbol: 'EURUSD' });
    expect({ max: eurusd.maxDrawdown, at: eurusd.maxDrawdownAt }).toEqual({ max: 59.996, at: 4 });
    expect(eurusd.days).toEqual([
      { day: '2026-03-02', net: 53.004, count: 3 },
      { day: '2026-03-10', net: -20, count: 1 },
    ]);
    // The calendar read alone answers the curve's days under every filter.
    for (const [filter, answer] of [
      [{}, all],
      [{ symbol: 'EURUSD' }, eurusd],
    ] as const) {
      const calendar = await services().trades.calendar(caller, await parse(TradeCurveInput, { accountId, ...filter }));
      expect(calendar).toEqual({ filters: answer.filters, clock: answer.clock, days: answer.days });
    }
    // Sells: −40, −10, −30 under the start (0): the deepest fall is the first trade's.
    const sells = await curve(caller, { accountId, side: 'sell' });
    expect({ max: sells.maxDrawdown, at: sells.maxDrawdownAt }).toEqual({ max: 40, at: 1 });
    // Wins only: never below a peak.
    const wins = await curve(caller, { accountId, outcome: 'win' });
    expect({ max: wins.maxDrawdown, at: wins.maxDrawdownAt }).toEqual({ max: 0, at: null });
  });
});
