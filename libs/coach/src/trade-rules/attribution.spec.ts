/**
 * One best day: the consistency rule (headroom), the best day trade by trade and the simulation's start read the
 * same days, each closed part of a position on the firm day it closed in (MetaTrader's deals).
 */
import fc from 'fast-check';
import { computeHeadroom, type DayReport, type HeadroomInput } from '../headroom/compute.js';
import { effectiveRules } from '../rules/effective.js';
import type { CoachRules } from '../rules/types.js';
import { Decimal } from '../shared/money.js';
import { closedParts } from './attribution.js';
import type { TradeFact } from './trades.js';

/** FTMO 1-Step's shape: best day at most 50% of the total profit, delaying the pass; days end at Prague midnight. */
const RULES = effectiveRules(
  {
    profitTargetsPercent: [10],
    dailyLoss: { percent: 3, amountOf: 'initial_balance', basis: 'day_start_balance', resetClock: '00:00 CE(S)T', note: null },
    maxLoss: { percent: 10, type: 'static', lockFloor: null, lockTriggerPercent: null, note: null },
    minTradingDays: { days: 0, perPhase: false, note: null },
    timeLimit: 'none',
    consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'blocks_pass' },
  } as unknown as CoachRules,
  null,
  { planId: 'ftmo-1-step-100k', checkedOn: '2026-11-29' },
);

const input = (days: DayReport[], trades: TradeFact[]): HeadroomInput => ({
  at: new Date('2026-03-07T12:00:00Z'),
  rules: RULES,
  phaseIndex: 0,
  account: { currency: 'USD', initialBalance: '100000' },
  days,
  snapshots: [],
  startedOn: '2026-03-02',
  trades: { items: trades, truncated: false },
});

const trade = (position: string, openedAt: string, closedAt: string, net: string, exits?: TradeFact['exits']): TradeFact => ({
  position,
  symbol: 'EURUSD',
  side: 'buy',
  volume: '1',
  openedAt,
  closedAt,
  net,
  ...(exits ? { exits } : {}),
});

describe('one best day for every rule that reads it', () => {
  it('a position half closed on Monday and the rest on Tuesday books each half on its day (the issue)', () => {
    // A: 0.5 lot closed Monday +800, 0.5 lot Tuesday +200. B: Tuesday +300. The firm's days: Monday 800, Tuesday 500.
    const a = trade('1', '2026-03-02T08:00:00Z', '2026-03-03T09:00:00Z', '1000', [
      { at: '2026-03-02T10:00:00Z', volume: 0.5, profit: 800 },
      { at: '2026-03-03T09:00:00Z', volume: 0.5, profit: 200 },
    ]);
    const b = trade('2', '2026-03-03T08:00:00Z', '2026-03-03T10:00:00Z', '300');
    for (const days of [[], [{ day: '2026-03-02', balance: '100800', equity: '100800', closedPnl: '800' }]]) {
      const h = computeHeadroom(input(days, [a, b]));
      expect(h.consistency).toMatchObject({ bestDay: '2026-03-02', bestDayProfit: 800 });
      expect(h.tradeRules?.bestDay).toMatchObject({ day: '2026-03-02', profit: 800, totalProfit: 1300 });
      expect(h.tradeRules?.bestDay.trades.map((t) => t.position)).toEqual(['1']);
    }
  });

  it("a position's costs are shared by its exits' volume and its parts add up to its net exactly", () => {
    const parts = closedParts(
      [
        { atMs: 1, volume: new Decimal('0.3'), profit: new Decimal('100') },
        { atMs: 2, volume: new Decimal('0.7'), profit: new Decimal('-40') },
      ],
      new Decimal('50'),
      2,
    );
    // Costs 50 − 60 = −10: −3 with the first 0.3 lot, the rest with the second.
    expect(parts.map((p) => [p.closeMs, p.net.toString()])).toEqual([
      [1, '97'],
      [2, '-47'],
    ]);
  });

  it('property: consistency and the trade rules name the same best day and profit, whatever the partial closes and reports', () => {
    const dayOf = (i: number) => `2026-03-0${String(2 + i)}`; // Monday 2 to Friday 6
    const exit = fc.record({
      day: fc.integer({ min: 0, max: 4 }),
      hour: fc.integer({ min: 8, max: 20 }),
      profit: fc.integer({ min: -500, max: 900 }),
    });
    const position = fc.record({ exits: fc.array(exit, { minLength: 1, maxLength: 3 }), cost: fc.integer({ min: 0, max: 20 }) });
    fc.assert(
      fc.property(
        fc.array(position, { maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        (positions, reportedDays) => {
          const byDay = new Map<string, Decimal>();
          const trades = positions.map((p, i) => {
            const exits = p.exits
              .map((e) => ({ at: `${dayOf(e.day)}T${String(e.hour).padStart(2, '0')}:00:00Z`, volume: 0.5, profit: e.profit }))
              .sort((x, y) => x.at.localeCompare(y.at));
            const gross = exits.reduce((s, e) => s + e.profit, 0);
            const t = trade(String(i + 1), `${dayOf(0)}T07:00:00Z`, exits.at(-1)?.at ?? '', String(gross - p.cost), exits);
            const parts = closedParts(
              exits.map((e) => ({ atMs: Date.parse(e.at), volume: new Decimal(e.volume), profit: new Decimal(e.profit) })),
              new Decimal(t.net),
              Date.parse(t.closedAt),
            );
            for (const part of parts) {
              const day = new Date(part.closeMs).toISOString().slice(0, 10);
              byDay.set(day, (byDay.get(day) ?? new Decimal(0)).plus(part.net));
            }
            return t;
          });
          // The firm's reports carry the same deals, for the days the tracker reported.
          const days = [...byDay]
            .filter(([day]) => reportedDays[Number(day.slice(-1)) - 2])
            .map(([day, pnl]) => ({ day, balance: '100000', equity: '100000', closedPnl: pnl.toString() }))
            .sort((x, y) => x.day.localeCompare(y.day));
          const h = computeHeadroom(input(days, trades));
          expect(h.consistency?.bestDay ?? null).toBe(h.tradeRules?.bestDay.day ?? null);
          expect(h.consistency?.bestDayProfit).toBe(h.tradeRules?.bestDay.profit);
        },
      ),
      { numRuns: 100 },
    );
  });
});
