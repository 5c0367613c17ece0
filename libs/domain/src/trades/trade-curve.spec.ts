import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { closedPosition as position } from './trade-fixtures.js';
import { TradeCurveInput } from './trades.inputs.js';

/** Closed `minutes` after 2026-03-02 02:00 UTC (opened at 00:30, as the fixture), so the close order is chosen here. */
const closedAfter = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 2) + minutes * 60_000).toISOString();

describeEachDatabase('trade curve', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);
  const curve = async (caller: Caller, input: object) => services().trades.curve(caller, await parse(TradeCurveInput, input));
  /** Trade `id` closing at minute `at` with this net (no costs). */
  const net = (id: string, at: number, profit: number) => position(id, { profit, commission: 0, closedAt: closedAfter(at) });

  it('sums net in close order and splits the results into min(20, count) buckets, by hand', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    // Sent out of order: the curve follows the closes (100, then −40, then 60), not the message.
    await push(caller, id, [net('3', 30, 60), net('1', 10, 100), net('2', 20, -40)]);
    // Another user's trades, in the same window, are never counted (all-accounts scope included).
    const other = await newCaller(getDb());
    await push(other, (await account(other)).id, [net('1', 15, 5000)]);

    const answer = await curve(caller, {});
    expect(answer.totals).toEqual({ count: 3, wins: 2, losses: 1, breakevens: 0, net: 120 });
    expect(answer.every).toBe(1);
    expect(answer.points).toEqual([
      { n: 1, closedAt: closedAfter(10), net: 100, drawdown: 0 },
      { n: 2, closedAt: closedAfter(20), net: 60, drawdown: -40 },
      { n: 3, closedAt: closedAfter(30), net: 120, drawdown: 0 },
    ]);
    // 100 then 60: the deepest fall from a peak is 40, after trade 2.
    expect({ max: answer.maxDrawdown, at: answer.maxDrawdownAt }).toEqual({ max: 40, at: 2 });
    // 3 buckets of 140 ÷ 3 from −40: [−40, 6.6667) holds −40; [6.6667, 53.3333) nothing; [53.3333, 100] 60 and 100.
    expect(answer.distribution).toEqual({
      smallest: -40,
      largest: 100,
      buckets: [
        { from: -40, to: 6.6667, count: 1, wins: 0, losses: 1, breakevens: 0 },
        { from: 6.6667, to: 53.3333, count: 0, wins: 0, losses: 0, breakevens: 0 },
        { from: 53.3333, to: 100, count: 2, wins: 2, losses: 0, breakevens: 0 },
      ],
    });
    // The close window starts the count again at its first trade.
    expect((await curve(caller, { accountId: id, from: closedAfter(15) })).points.map((p) => [p.n, p.net])).toEqual([
      [1, -40],
      [2, 20],
    ]);
    await expect(curve(other, { accountId: id })).rejects.toMatchObject({ status: 404 });
  });

  it('keeps 20 buckets of equal width, the largest net in the last, breakevens by the stats rule, sums exact', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    // Nets −10 … 10 (21 trades) plus 0.004: width 1 from −10; 0 and 0.004 are the breakevens of [0, 1).
    const nets = Array.from({ length: 21 }, (_, i) => i - 10);
    await push(caller, id, [...nets.map((n, i) => net(String(i), i, n)), net('100', 100, 0.004)]);
    const { distribution, totals } = await curve(caller, { accountId: id });
    expect(totals).toEqual({ count: 22, wins: 10, losses: 10, breakevens: 2, net: 0.004 });
    expect(distribution.buckets).toHaveLength(20);
    expect(distribution.buckets.map((b) => [b.from, b.to])).toEqual(Array.from({ length: 20 }, (_, i) => [i - 10, i - 9]));
    expect(distribution.buckets.map((b) => b.count)).toEqual([
      ...Array.from({ length: 10 }, () => 1),
      2,
      ...Array.from({ length: 8 }, () => 1),
      2,
    ]);
    expect(distribution.buckets[10]).toEqual({ from: 0, to: 1, count: 2, wins: 0, losses: 0, breakevens: 2 });
    expect(distribution.buckets[19]).toMatchObject({ count: 2, wins: 2 });

    // 0.1 + 0.2 is 0.3 to the cent, not 0.30000000000000004.
    const cents = await account(caller);
    await push(caller, cents.id, [net('1', 1, 0.1), net('2', 2, 0.2)]);
    expect((await curve(caller, { accountId: cents.id })).points.map((p) => p.net)).toEqual([0.1, 0.3]);
  });

  it('keeps every k-th trade and the last, at most 300 points; one bucket when every net is equal', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    await push(
      caller,
      id,
      Array.from({ length: 601 }, (_, i) => net(String(i), i, 1)),
    );
    const answer = await curve(caller, { accountId: id });
    // k = ⌈601 ÷ 300⌉ = 3: trades 3, 6, … 600, then 601.
    expect(answer.every).toBe(3);
    expect(answer.points).toHaveLength(201);
    expect(answer.points.slice(0, 2).map((p) => [p.n, p.net])).toEqual([
      [3, 3],
      [6, 6],
    ]);
    expect(answer.points.slice(-2).map((p) => [p.n, p.net])).toEqual([
      [600, 600],
      [601, 601],
    ]);
    expect(answer.distribution.buckets).toEqual([{ from: 1, to: 1, count: 601, wins: 601, losses: 0, breakevens: 0 }]);

    const empty = await curve(await newCaller(getDb()), {});
    expect(empty).toEqual({
      clock: expect.objectContaining({ known: false }),
      maxDrawdown: 0,
      maxDrawdownAt: null,
      days: [],
      filters: {
        accountId: null,
        challengeId: null,
        platform: null,
        currency: null,
        symbol: null,
        side: null,
        outcome: null,
        tag: null,
        signalId: null,
        from: null,
        to: null,
      },
      totals: { count: 0, wins: 0, losses: 0, breakevens: 0, net: 0 },
      every: 1,
      points: [],
      distribution: { smallest: null, largest: null, buckets: [] },
    });
  });
});
