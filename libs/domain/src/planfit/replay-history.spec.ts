import { describe, expect, it } from '@jest/globals';
import { suppliedHistory, trackedHistory } from './replay-history.js';
import type { AccountHistoryFacts } from './planfit.repository.js';

const account = (over: Partial<AccountHistoryFacts>): AccountHistoryFacts => ({
  id: 'a',
  initialBalance: '100000',
  reports: [],
  lows: [],
  trades: [],
  ...over,
});

describe('replay histories', () => {
  it('a sent history starts each day where the last closed, in UTC day bounds', () => {
    const history = suppliedHistory({
      initialBalance: 1000,
      days: [
        { day: '2026-03-02', closedPnl: 10.5 },
        { day: '2026-03-03', closedPnl: -20, lowestEquity: 980 },
      ],
    });
    expect(history.days.map((d) => [d.startBalance, d.closedPnl, d.lowestEquity, d.startUtc, d.endUtc])).toEqual([
      ['1000', '10.5', null, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'],
      ['1010.5', '-20', '980', '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z'],
    ]);
  });

  it('adds accounts of any size and currency day by day, in percent of each one’s initial balance', () => {
    const usd = account({
      id: 'usd',
      reports: [{ day: '2026-03-02', balance: '101000', equity: '101000', closedPnl: '1000' }],
      lows: [{ day: '2026-03-02', minEquity: '99000' }],
    });
    const jpy = account({
      id: 'jpy',
      initialBalance: '10000000',
      reports: [
        { day: '2026-03-02', balance: '10200000', equity: '10200000', closedPnl: '200000' },
        { day: '2026-03-03', balance: '10098000', equity: '10098000', closedPnl: '-102000' },
      ],
    });
    const history = trackedHistory([usd, jpy]);
    // Day 1: +1 % and +2 %; the USD account dipped 1 % below its start, the JPY one only to its close (a gain).
    // Day 2: JPY -102,000 of 10,000,000 = -1.02 %.
    expect(history?.days.map((d) => [d.day, d.startBalance, d.closedPnl, d.lowestEquity])).toEqual([
      ['2026-03-02', '100', '3', '99'],
      ['2026-03-03', '103', '-1.02', null],
    ]);
    expect(history?.initialBalance).toBe('100');
  });

  it('keeps a day’s trades only when every account that moved that day has them, so the replay then judges by days', () => {
    const trade = { openedAt: '2026-03-02T08:00:00.000Z', closedAt: '2026-03-02T09:00:00.000Z', net: '500', mae: '-800' };
    const withTrades = account({ id: 't', trades: [trade] });
    const only = trackedHistory([withTrades]);
    // A day with trades and no report closes at the trades' sum; the excursion is in percent too.
    expect(only?.days).toMatchObject([
      { day: '2026-03-02', closedPnl: '0.5', trades: [{ profit: '0.5', mae: '-0.8', closedAt: trade.closedAt }] },
    ]);
    const reportOnly = account({ id: 'r', reports: [{ day: '2026-03-02', balance: '100100', equity: '100100', closedPnl: '100' }] });
    expect(trackedHistory([withTrades, reportOnly])?.days[0]?.trades).toBeNull();
    expect(trackedHistory([account({})])).toBeNull();
  });
});
