import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices, type DomainServices } from '../services.js';
import { newCaller, parse } from '../testing/fixtures.js';
import { firmClock, zoneWords } from './trade-clock.js';
import { closedPosition } from './trade-fixtures.js';
import { PushPositionsInput, TradeCurveInput, TradeStatsInput } from './trades.inputs.js';

const NOW = new Date('2026-03-20T12:00:00Z');

/** A USD account of a challenge whose daily loss rolls over at `time` in `timeZone`. */
async function firmAccount(s: DomainServices, caller: Caller, timeZone: string, time: string) {
  const challenge = await s.challenges.create(
    caller,
    { firm: 'The5ers', plan: 'High Stakes 100K', price: 100, currency: 'USD', purchasedAt: '2026-03-01' },
    NOW,
  );
  await s.coach.rules.set(caller, {
    id: challenge.id,
    rules: { dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'initial_balance', rollover: { timeZone, time } } },
  });
  const account = await s.accounts.register(caller, {
    login: `${Math.floor(Math.random() * 1e9)}`,
    server: 'Firm-Server',
    currency: 'USD',
    initialBalance: 100000,
    challengeId: challenge.id,
  });
  return account.id;
}

/** Opened at `openedAt` (UTC), closed an hour later. */
const opened = (n: number, openedAt: string) =>
  closedPosition(String(n), { openedAt, closedAt: new Date(Date.parse(openedAt) + 3_600_000).toISOString() });

/**
 * New York moves to summer time on Sunday 8 March 2026 (UTC−5 → UTC−4). A firm day of New York 17:00 is named by the
 * date it ends on (Monday 17:00 to Tuesday 17:00 is Tuesday), so by hand:
 *   1 Tue 3 Mar 22:30 UTC = 17:30 EST → Wednesday (3), hour 17
 *   2 Tue 3 Mar 21:30 UTC = 16:30 EST → Tuesday (2), hour 16
 *   3 Tue 10 Mar 21:30 UTC = 17:30 EDT → Wednesday (3), hour 17 (16:30 had the clock stayed on EST)
 *   4 Tue 10 Mar 20:30 UTC = 16:30 EDT → Tuesday (2), hour 16
 * In UTC's calendar all four are Tuesdays, at 22, 21, 21 and 20; a Tokyo viewer's calendar has them on Wednesday.
 */
describeEachDatabase("weekday and hour follow the account's firm day", (getDb) => {
  const services = () => createDomainServices(getDb());
  const stats = async (caller: Caller, input: object) => services().trades.stats(caller, await parse(TradeStatsInput, input));
  const push = async (caller: Caller, id: string, positions: object[]) =>
    services().trades.push(caller, await parse(PushPositionsInput, { id, positions }));
  const FOUR = [
    opened(1, '2026-03-03T22:30:00Z'),
    opened(2, '2026-03-03T21:30:00Z'),
    opened(3, '2026-03-10T21:30:00Z'),
    opened(4, '2026-03-10T20:30:00Z'),
  ];
  const groups = (answer: { byWeekday: { key: number; count: number }[]; byHour: { key: number; count: number }[] }) => ({
    weekday: answer.byWeekday.map((g) => [g.key, g.count]),
    hour: answer.byHour.map((g) => [g.key, g.count]),
  });

  it('counts weekday and hour in the firm clock across the change to summer time, read kept, by window and filtered alike', async () => {
    const caller = await newCaller(getDb());
    const id = await firmAccount(services(), caller, 'America/New_York', '17:00');
    await push(caller, id, FOUR);
    const firm = {
      weekday: [
        [2, 2],
        [3, 2],
      ],
      hour: [
        [16, 2],
        [17, 2],
      ],
    };
    for (const extra of [
      {},
      { from: '2026-03-01T00:00:00Z' },
      { from: '2026-03-03T05:00:00Z', to: '2026-03-12T00:00:00Z' },
      { symbol: 'EURUSD' },
    ]) {
      const answer = await stats(caller, { accountId: id, ...extra });
      expect({ extra, ...groups(answer) }).toEqual({ extra, ...firm });
      expect(answer.clock).toMatchObject({
        firmDay: true,
        known: true,
        city: 'New York',
        time: '17:00',
        words: 'firm day (New York 17:00)',
      });
      expect(answer.timeZone).toBe('America/New_York');
    }
    // The calendar's days are firm days too: every close here is after 17:00 New York, so the next day's (93 each).
    const days = (await services().trades.curve(caller, await parse(TradeCurveInput, { accountId: id }))).days;
    expect(days).toEqual([
      { day: '2026-03-04', net: 186, count: 2 },
      { day: '2026-03-11', net: 186, count: 2 },
    ]);
    // The calendar read alone names the same firm days, in the same clock.
    const calendar = await services().trades.calendar(caller, await parse(TradeCurveInput, { accountId: id }));
    expect(calendar.days).toEqual(days);
    expect(calendar.clock).toMatchObject({ firmDay: true, city: 'New York', time: '17:00' });
    // A zone the caller picks counts its calendar days instead, and says so.
    const utc = await stats(caller, { accountId: id, timeZone: 'UTC' });
    expect(groups(utc)).toEqual({
      weekday: [[2, 4]],
      hour: [
        [20, 1],
        [21, 2],
        [22, 1],
      ],
    });
    expect(utc.clock).toMatchObject({ firmDay: false, words: 'calendar day (UTC)' });
    expect(groups(await stats(caller, { accountId: id, timeZone: 'Asia/Tokyo' })).weekday).toEqual([[3, 4]]);
  });

  it('with accounts of two firm clocks, uses the one most trades follow and names it, or the one asked for', async () => {
    const caller = await newCaller(getDb());
    const newYork = await firmAccount(services(), caller, 'America/New_York', '17:00');
    const prague = await firmAccount(services(), caller, 'Europe/Prague', '00:00');
    await push(caller, newYork, FOUR);
    // Tue 3 Mar 23:30 UTC is Wednesday 00:30 in Prague (CET, UTC+1).
    await push(caller, prague, [opened(9, '2026-03-03T23:30:00Z')]);
    const both = await stats(caller, {});
    expect(both.clock).toMatchObject({ words: 'firm day (New York 17:00)', accountId: newYork, clocks: 2 });
    expect(groups(both)).toEqual({
      weekday: [
        [2, 2],
        [3, 3],
      ],
      hour: [
        [16, 2],
        [17, 2],
        [18, 1],
      ],
    });
    const asked = await stats(caller, { clockOf: prague });
    expect(asked.clock).toMatchObject({ words: 'firm day (Prague 00:00)', accountId: prague, clocks: 2 });
    // In Prague: trades 1–4 open at 23:30, 22:30, 22:30, 21:30 on Tuesdays; trade 9 at 00:30 on Wednesday.
    expect(groups(asked)).toEqual({
      weekday: [
        [2, 4],
        [3, 1],
      ],
      hour: [
        [0, 1],
        [21, 1],
        [22, 2],
        [23, 1],
      ],
    });
    // One account alone: its own clock, no other to name.
    expect((await stats(caller, { accountId: prague })).clock).toMatchObject({
      words: 'firm day (Prague 00:00)',
      accountId: null,
      clocks: 1,
    });
    await expect(stats(caller, { clockOf: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ status: 404 });
    const stranger = await newCaller(getDb());
    await expect(stats(stranger, { clockOf: prague })).rejects.toMatchObject({ status: 404 });
  });

  it('says so when no plan states the firm day: UTC midnight stands in', async () => {
    const caller = await newCaller(getDb());
    const { id } = await services().accounts.register(caller, {
      login: '4242',
      server: 'Broker-Live',
      currency: 'USD',
      initialBalance: 1000,
    });
    await push(caller, id, FOUR);
    const answer = await stats(caller, { accountId: id });
    expect(answer.clock).toMatchObject({ firmDay: true, known: false, city: 'UTC' });
    expect(groups(answer).weekday).toEqual([[2, 4]]);
  });
});

describe('clock words', () => {
  it('names a zone by its city or offset, never by its IANA id', () => {
    expect(zoneWords('America/New_York')).toBe('New York');
    expect(zoneWords('Europe/Prague')).toBe('Prague');
    expect(zoneWords('UTC+03:00')).toBe('UTC+3');
    expect(zoneWords('Etc/GMT-3')).toBe('UTC+3');
    const fixed = firmClock({ timeZone: 'UTC+03:00', time: '00:00' }, true);
    expect(fixed).toMatchObject({ timeZone: 'Etc/GMT-3', shiftMinutes: 0, answer: { words: 'firm day (UTC+3 00:00)' } });
    expect(firmClock({ timeZone: 'America/New_York', time: '17:00' }, true).shiftMinutes).toBe(420);
  });
});
