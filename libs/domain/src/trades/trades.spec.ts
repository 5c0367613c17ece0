import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { Caller } from '@propfolio/core';
import { createDomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { journalFixture } from '../testing/journal-fixture.js';
import { closedPosition as position } from './trade-fixtures.js';
import { ListTradesInput, MAX_POSITIONS_PER_MESSAGE, TradeStatsInput, UpdateTradeInput } from './trades.inputs.js';

describeEachDatabase('trades', (getDb) => {
  const services = () => createDomainServices(getDb());
  const { account, push } = journalFixture(services);
  const list = async (caller: Caller, input: object) => services().trades.list(caller, await parse(ListTradesInput, input));
  const stats = async (caller: Caller, input: object) => services().trades.stats(caller, await parse(TradeStatsInput, input));

  it('stores a message once: a resend is unchanged, a corrected figure is accepted and keeps the journal fields', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const batch = [position('1'), position('2', { side: 'sell', profit: -50 })];
    await expect(push(caller, id, batch)).resolves.toEqual({ accountId: id, accepted: 2, unchanged: 0 });
    await expect(push(caller, id, batch)).resolves.toEqual({ accountId: id, accepted: 0, unchanged: 2 });

    const [first] = (await list(caller, { accountId: id, side: 'buy' })).items;
    expect(first).toMatchObject({ position: '1', net: 93, outcome: 'win', holdingSeconds: 5400, exits: [] });
    await services().trades.update(caller, await parse(UpdateTradeInput, { id: first?.id, tags: ['A', ' A ', 'B'], plannedRisk: 50 }));
    await expect(push(caller, id, [position('1', { commission: -8 })])).resolves.toMatchObject({ accepted: 1, unchanged: 0 });
    expect((await list(caller, { accountId: id, side: 'buy' })).items[0]).toMatchObject({
      net: 92,
      tags: ['A', 'B'],
      plannedRisk: 50,
      r: 1.84,
    });
  });

  it('refuses a bad batch whole, naming the position, and answers 404 for another user', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const bad = async (positions: object[], detail: RegExp) =>
      expect(push(caller, id, positions)).rejects.toMatchObject({
        code: 'position_rejected',
        status: 422,
        detail: expect.stringMatching(detail),
      });
    await bad([position('7'), position('8', { closedAt: '2026-03-01T00:00:00Z' })], /^Position 8: closedAt is before openedAt/);
    await bad([position('9', { symbol: 'X'.repeat(33) })], /^Position 9: symbol is longer than 32/);
    await bad(
      [
        position('10', {
          exits: [
            { at: '2026-03-02T01:00:00Z', volume: 0.6, price: 1.081, profit: 60 },
            { at: '2026-03-02T02:00:00Z', volume: 0.5, price: 1.081, profit: 50 },
          ],
        }),
      ],
      /^Position 10: its exits close 1.1 lots of a 1 lot position/,
    );
    await bad([position('11'), position('11')], /^Position 11: appears twice/);
    await expect(
      push(
        caller,
        id,
        Array.from({ length: MAX_POSITIONS_PER_MESSAGE + 1 }, (_, i) => position(String(i))),
      ),
    ).rejects.toMatchObject({ code: 'position_rejected' });
    // Nothing of the refused batches was kept.
    expect((await list(caller, { accountId: id })).items).toEqual([]);

    await push(caller, id, [position('1')]);
    const other = await newCaller(getDb());
    const [trade] = (await list(caller, {})).items;
    await expect(services().trades.get(other, { id: trade?.id ?? '' })).rejects.toMatchObject({ status: 404 });
    await expect(list(other, { accountId: id })).rejects.toMatchObject({ status: 404 });
    await expect(push(other, id, [position('2')])).rejects.toMatchObject({ status: 404 });
    await expect(services().trades.update(other, await parse(UpdateTradeInput, { id: trade?.id, note: 'x' }))).rejects.toMatchObject({
      status: 404,
    });
  });

  it('pages newest close first and filters by outcome and tag', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    await push(
      caller,
      id,
      Array.from({ length: 5 }, (_, i) =>
        position(String(i), { closedAt: `2026-03-0${i + 2}T02:00:00Z`, profit: [100, -50, 7, 200, -100][i], commission: 0 }),
      ),
    );
    const first = await list(caller, { accountId: id, limit: 2 });
    expect(first.items.map((t) => t.position)).toEqual(['4', '3']);
    const second = await list(caller, { accountId: id, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((t) => t.position)).toEqual(['2', '1']);
    expect((await list(caller, { accountId: id, outcome: 'loss' })).items.map((t) => t.position)).toEqual(['4', '1']);
    const [win] = (await list(caller, { accountId: id, outcome: 'win', limit: 1 })).items;
    await services().trades.update(caller, await parse(UpdateTradeInput, { id: win?.id, tags: ['news'] }));
    expect((await list(caller, { tag: 'news' })).items.map((t) => t.position)).toEqual(['3']);
  });

  it('computes the stats in the database against hand totals, weekdays and hours in the trader zone', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    // Mon 2026-03-02 00:30 UTC is Monday 09:30 in Tokyo and Sunday 19:30 in New York.
    await push(caller, id, [
      position('1', { profit: 100, commission: 0 }),
      position('2', { profit: -40, commission: 0, closedAt: '2026-03-02T03:00:00Z' }),
      position('3', { profit: 60, commission: 0, closedAt: '2026-03-02T04:00:00Z', symbol: 'USDJPY' }),
      position('4', { profit: 0.004, commission: 0, closedAt: '2026-03-02T05:00:00Z' }),
      position('5', { profit: 30, commission: 0, closedAt: '2026-03-02T06:00:00Z', openedAt: '2026-03-02T05:30:00Z' }),
    ]);
    const tokyo = await stats(caller, { accountId: id, timeZone: 'Asia/Tokyo' });
    expect(tokyo.overall).toMatchObject({
      count: 5,
      wins: 3,
      losses: 1,
      breakevens: 1,
      winRate: 0.6,
      net: 150.004,
      grossProfit: 190,
      grossLoss: 40,
      profitFactor: 4.75,
      expectancy: 30.0008,
      averageWin: 63.3333,
      averageLoss: 40,
      largestWin: 100,
      largestLoss: -40,
    });
    expect(tokyo.longestWinStreak).toBe(1);
    expect(tokyo.longestLossStreak).toBe(1);
    expect(tokyo.byWeekday.map((g) => [g.key, g.count])).toEqual([[1, 5]]);
    expect(tokyo.byHour.map((g) => [g.key, g.count])).toEqual([
      [9, 4],
      [14, 1],
    ]);
    expect(tokyo.bySymbol.map((g) => [g.key, g.net])).toEqual([
      ['EURUSD', 90.004],
      ['USDJPY', 60],
    ]);
    expect(tokyo.bySession.map((g) => [g.key, g.count])).toEqual([['tokyo', 5]]);
    const newYork = await stats(caller, { accountId: id, timeZone: 'America/New_York' });
    // …and position 5, opened 05:30 UTC, is Monday 00:30 there.
    expect(newYork.byWeekday.map((g) => [g.key, g.count])).toEqual([
      [1, 1],
      [7, 4],
    ]);
    await expect(stats(caller, { timeZone: '+09:00' })).rejects.toMatchObject({ status: 400 });
    const empty = await stats(await newCaller(getDb()), {});
    expect(empty.overall).toMatchObject({ count: 0, winRate: null, profitFactor: null, net: 0 });
  });

  it('takes a full message of 10,000 positions at once, and a resend of it changes nothing', async () => {
    const caller = await newCaller(getDb());
    const { id } = await account(caller);
    const full = Array.from({ length: MAX_POSITIONS_PER_MESSAGE }, (_, i) => position(String(i + 1)));
    await expect(push(caller, id, full)).resolves.toEqual({ accountId: id, accepted: MAX_POSITIONS_PER_MESSAGE, unchanged: 0 });
    await expect(push(caller, id, full)).resolves.toEqual({ accountId: id, accepted: 0, unchanged: MAX_POSITIONS_PER_MESSAGE });
    expect((await stats(caller, { accountId: id })).overall.count).toBe(MAX_POSITIONS_PER_MESSAGE);
  });
});
