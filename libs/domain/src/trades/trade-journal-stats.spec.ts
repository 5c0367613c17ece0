import { expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { closedPosition } from './trade-fixtures.js';
import { readJournalBreakdowns } from './trades.repository.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { ListTradesInput, TradeStatsInput, UpdateTradeInput } from './trades.inputs.js';

/**
 * get_trade_stats' bySetup and rHistogram against bins worked out by hand. Net = profit (no costs); R = net ÷ risk:
 *   position  net    risk  R        bin             setup
 *   1        −350    100   −3.5     below −3        breakout
 *   2        −300    100   −3       [−3, −2.5)      (none)
 *   3         −25    100   −0.25    [−0.5, 0)       (none)
 *   4           0    100    0       [0, 0.5)        (none)     breakeven: in no win or loss count
 *   5          50    100    0.5     [0.5, 1)        pullback
 *   6         499    100    4.99    [4.5, 5)        (none)
 *   7         500    100    5       5 and above     breakout
 *   8        1200    100   12       5 and above     (none)
 *   9          10      3    3.33…   [3, 3.5)        (none)     a quotient that does not end
 *  10          −7      3   −2.33…   [−2.5, −2)      (none)     rounded down, not toward zero
 *  11          40   none    —       in no bin       pullback   closed on another day, GBPUSD
 */
const TRADES: { net: number; risk: number | null; setup: string | null }[] = [
  { net: -350, risk: 100, setup: 'breakout' },
  { net: -300, risk: 100, setup: null },
  { net: -25, risk: 100, setup: null },
  { net: 0, risk: 100, setup: null },
  { net: 50, risk: 100, setup: 'pullback' },
  { net: 499, risk: 100, setup: null },
  { net: 500, risk: 100, setup: 'breakout' },
  { net: 1200, risk: 100, setup: null },
  { net: 10, risk: 3, setup: null },
  { net: -7, risk: 3, setup: null },
  { net: 40, risk: null, setup: 'pullback' },
];

/** [from, to, count, wins, losses] of every bin, lowest first. */
type Bin = [number | null, number | null, number, number, number];
function emptyBins(): Bin[] {
  const bins: Bin[] = [[null, -3, 0, 0, 0]];
  for (let k = -6; k <= 9; k++) bins.push([k / 2, (k + 1) / 2, 0, 0, 0]);
  bins.push([5, null, 0, 0, 0]);
  return bins;
}
function withCounts(counts: Record<string, [number, number, number]>): Bin[] {
  return emptyBins().map(([from, to]) => [from, to, ...(counts[String(from)] ?? [0, 0, 0])]);
}

describeEachDatabase('get_trade_stats answers per setup and an R histogram over its filters', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);
  const stats = async (caller: Caller, input: object) => services().trades.stats(caller, await parse(TradeStatsInput, input));

  async function journal(caller: Caller): Promise<string> {
    const { id } = await account(caller);
    await push(
      caller,
      id,
      TRADES.map((t, i) =>
        closedPosition(String(i + 1), {
          profit: t.net,
          commission: 0,
          ...(i === 10 ? { symbol: 'GBPUSD', closedAt: '2026-03-04T02:00:00Z' } : {}),
        }),
      ),
    );
    const page = await services().trades.list(caller, await parse(ListTradesInput, { limit: 200 }));
    for (const trade of page.items) {
      const t = TRADES[Number(trade.position) - 1];
      if (t === undefined) throw new Error(`no trade ${trade.position}`);
      await services().trades.update(caller, await parse(UpdateTradeInput, { id: trade.id, setup: t.setup, plannedRisk: t.risk }));
    }
    return id;
  }

  const ALL = withCounts({
    null: [1, 0, 1],
    '-3': [1, 0, 1],
    '-2.5': [1, 0, 1],
    '-0.5': [1, 0, 1],
    '0': [1, 0, 0],
    '0.5': [1, 1, 0],
    '3': [1, 1, 0],
    '4.5': [1, 1, 0],
    '5': [2, 2, 0],
  });

  it('bins every trade with a planned risk by its exact R, open at both ends, empty bins answered', async () => {
    const caller = await newCaller(getDb());
    const id = await journal(caller);
    // The kept summary's path (no filter on the trades), a close window's, and the account's: the same histogram.
    for (const scope of [{}, { accountId: id }, { from: '2026-03-01T00:00:00Z', to: '2026-03-05T00:00:00Z' }]) {
      const { rHistogram } = await stats(caller, scope);
      expect(rHistogram.binWidth).toBe(0.5);
      expect(rHistogram.counted).toBe(10);
      expect(rHistogram.withoutPlannedRisk).toBe(1);
      expect(rHistogram.bins.map((b) => [b.from, b.to, b.count, b.wins, b.losses])).toEqual(ALL);
    }
  });

  it('groups by setup like bySide, the trades without one under ""', async () => {
    const caller = await newCaller(getDb());
    await journal(caller);
    const { bySetup, overall } = await stats(caller, {});
    expect(bySetup.map((g) => [g.key, g.count, g.wins, g.losses, g.net, g.withRisk])).toEqual([
      ['', 7, 3, 3, -300 - 25 + 0 + 499 + 1200 + 10 - 7, 7],
      ['breakout', 2, 1, 1, 150, 2],
      ['pullback', 2, 2, 0, 90, 1],
    ]);
    expect(bySetup.reduce((sum, g) => sum + g.count, 0)).toBe(overall.count);
    expect(bySetup.find((g) => g.key === 'breakout')?.expectancyR).toBe(0.75); // (−3.5 + 5) ÷ 2
  });

  it('follows every filter the stats follow', async () => {
    const caller = await newCaller(getDb());
    await journal(caller);
    const losses = await stats(caller, { outcome: 'loss' });
    expect(losses.rHistogram.bins.map((b) => [b.from, b.to, b.count, b.wins, b.losses])).toEqual(
      withCounts({ null: [1, 0, 1], '-3': [1, 0, 1], '-2.5': [1, 0, 1], '-0.5': [1, 0, 1] }),
    );
    expect(losses.bySetup.map((g) => [g.key, g.count])).toEqual([
      ['', 3],
      ['breakout', 1],
    ]);
    const pound = await stats(caller, { symbol: 'GBPUSD' });
    expect(pound.rHistogram).toMatchObject({ counted: 0, withoutPlannedRisk: 1 });
    expect(pound.rHistogram.bins).toHaveLength(18);
    expect(pound.bySetup.map((g) => [g.key, g.count])).toEqual([['pullback', 1]]);
    const window = await stats(caller, { from: '2026-03-03T00:00:00Z' });
    expect(window.bySetup.map((g) => [g.key, g.count])).toEqual([['pullback', 1]]);
    expect(window.rHistogram.counted).toBe(0);
  });

  it('adds the slices of a long history up to the one-slice answer, exactly', async () => {
    const caller = await newCaller(getDb());
    await journal(caller);
    const whole = await readJournalBreakdowns(getDb(), caller, {}, { tradesPerSlice: 100 });
    for (const tradesPerSlice of [1, 2, 3]) expect(await readJournalBreakdowns(getDb(), caller, {}, { tradesPerSlice })).toEqual(whole);
    expect(whole.rHistogram.bins.map((b) => [b.from, b.to, b.count, b.wins, b.losses])).toEqual(ALL);
  });

  it('never counts another user’s trades', async () => {
    const owner = await newCaller(getDb());
    const other = await newCaller(getDb());
    await journal(owner);
    const theirs = await stats(other, {});
    expect(theirs.bySetup).toEqual([]);
    expect(theirs.rHistogram).toEqual({ binWidth: 0.5, counted: 0, withoutPlannedRisk: 0, bins: expect.any(Array) });
    expect(theirs.rHistogram.bins.every((b) => b.count === 0)).toBe(true);
  });
});
