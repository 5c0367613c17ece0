import fc from 'fast-check';
import { computeHeadroom, type DayReport } from '../headroom/compute.js';
import { Decimal } from '../shared/money.js';
import {
  bestDayNeeded,
  countsAsTradingDay,
  dailyFloor,
  isBreached,
  type KnownDaily,
  type KnownMaxLoss,
  maxLossFloor,
  raiseHighWaterMark,
} from './apply.js';
import { effectiveRules } from './effective.js';
import type { RulesOverride } from './override.js';

const d = (n: number | string) => new Decimal(n);
const initial = d(100_000);
/** Amounts in cents, so the properties run on exact money as the engine does. */
const cents = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((c) => d(c).div(100));
const percent = fc.integer({ min: 1, max: 2000 }).map((x) => x / 100);

describe('rule functions: the closed forms', () => {
  it('daily floor: reference minus the limit, for every basis and every way of sizing the limit', () => {
    fc.assert(
      fc.property(cents(50_000, 150_000), cents(50_000, 150_000), percent, (balance, equity, p) => {
        const start = { balance, equity };
        const of = (basis: KnownDaily['basis'], on: 'initial_balance' | 'reference') =>
          dailyFloor({ basis, limit: { percent: p, of: on }, comparison: null }, initial, start).floor;
        const share = d(p).div(100);
        expect(of('initial_balance', 'initial_balance')).toEqual(initial.minus(initial.times(share)));
        expect(of('day_start_balance', 'initial_balance')).toEqual(balance.minus(initial.times(share)));
        expect(of('day_start_equity', 'reference')).toEqual(equity.times(d(1).minus(share)));
        expect(of('max_balance_equity', 'reference')).toEqual(Decimal.max(balance, equity).times(d(1).minus(share)));
        expect(dailyFloor({ basis: 'day_start_balance', limit: { amount: d(2400) }, comparison: null }, initial, start).floor).toEqual(
          balance.minus(2400),
        );
      }),
    );
  });

  it('maximum-loss floor: static = initial × (1 − p); trailing = mark − p × initial; of the mark = mark × (1 − p); an amount = mark − amount', () => {
    fc.assert(
      fc.property(cents(100_000, 200_000), percent, cents(100, 10_000), (mark, p, amount) => {
        const rule = (limit: KnownMaxLoss['limit'], type: KnownMaxLoss['type'] = 'trailing_equity'): KnownMaxLoss => ({
          type,
          limit,
          lockLevel: null,
          lockTrigger: null,
          comparison: null,
        });
        const share = d(p).div(100);
        expect(maxLossFloor(rule({ percent: p, of: 'initial_balance' }, 'static'), initial, initial).floor).toEqual(
          initial.times(d(1).minus(share)),
        );
        expect(maxLossFloor(rule({ percent: p, of: 'initial_balance' }), initial, mark).floor).toEqual(mark.minus(initial.times(share)));
        expect(maxLossFloor(rule({ percent: p, of: 'high_water_mark' }), initial, mark).floor).toEqual(mark.times(d(1).minus(share)));
        expect(maxLossFloor(rule({ amount }), initial, mark).floor).toEqual(mark.minus(amount));
      }),
    );
  });

  it('a peak-percent floor never falls, whatever the equity does, with or without a lock at the initial balance', () => {
    const point = fc.record({ equity: cents(80_000, 130_000), swing: cents(0, 3_000) });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 60 }), percent, fc.boolean(), (points, p, lock) => {
        const rule: KnownMaxLoss = {
          type: 'trailing_equity',
          limit: { percent: p, of: 'high_water_mark' },
          lockLevel: lock ? initial : null,
          lockTrigger: null,
          comparison: null,
        };
        let hwm = initial;
        let previous = maxLossFloor(rule, initial, hwm).floor;
        for (const { equity, swing } of points) {
          hwm = raiseHighWaterMark(rule.type, hwm, { kind: 'snapshot', balance: equity, equity, maxEquity: equity.plus(swing) });
          const floor = maxLossFloor(rule, initial, hwm).floor;
          expect(floor.gte(previous)).toBe(true);
          if (lock) expect(floor.lte(initial)).toBe(true);
          previous = floor;
        }
      }),
    );
  });

  it('at_or_below breaches whenever below does, and also exactly at the floor', () => {
    fc.assert(
      fc.property(cents(90_000, 110_000), cents(90_000, 110_000), (equity, floor) => {
        if (isBreached('below', equity, floor)) expect(isBreached('at_or_below', equity, floor)).toBe(true);
        expect(isBreached('at_or_below', floor, floor)).toBe(true);
        expect(isBreached('below', floor, floor)).toBe(false);
        expect(isBreached(null, equity, floor)).toBe(isBreached('below', equity, floor));
      }),
    );
  });

  it('the profit still needed is exactly what brings the best day within its share of the total', () => {
    fc.assert(
      fc.property(cents(0, 10_000), cents(-5_000, 20_000), fc.integer({ min: 1, max: 99 }), (best, rest, p) => {
        const total = best.plus(rest);
        const share = d(p).div(100);
        const needed = bestDayNeeded(share, best, total);
        if (needed === null) throw new Error('a non-zero share always has an answer');
        expect(needed.gte(0)).toBe(true);
        // With the extra profit the best day fits; with a cent less (when any is needed) it does not.
        expect(best.lte(total.plus(needed).times(share))).toBe(true);
        if (needed.gt(0.01)) expect(best.lte(total.plus(needed).minus(0.01).times(share))).toBe(false);
      }),
    );
  });

  it('counts a day by the rule’s definition, opening days only when the data has them', () => {
    const day = { opened: null, closedPnl: d(400), balanceChanged: true };
    expect(countsAsTradingDay({ counts: 'profitable_day', minProfitPercent: 0.5 }, day, initial)).toBe(false);
    expect(countsAsTradingDay({ counts: 'profitable_day', minProfitPercent: 0.5 }, { ...day, closedPnl: d(500) }, initial)).toBe(true);
    expect(countsAsTradingDay({ counts: 'position_opened', minProfitPercent: null }, { ...day, opened: false }, initial)).toBe(false);
    // Without opening data a position_opened rule falls back to closed trades (and the headroom says so).
    expect(countsAsTradingDay({ counts: 'position_opened', minProfitPercent: null }, day, initial)).toBe(true);
    expect(countsAsTradingDay(null, { opened: null, closedPnl: d(0), balanceChanged: false }, initial)).toBe(false);
  });
});

describe('headroom with the new rule words', () => {
  const base: RulesOverride = {
    profitTargetsPercent: [10],
    dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'day_start_balance', rollover: { timeZone: 'UTC', time: '00:00' } },
    maxLoss: { percent: 10, type: 'trailing_eod' },
    minTradingDays: { days: 3, perPhase: false },
    timeLimit: 'none',
  };
  const dayName = (i: number) => `2026-03-${String(i + 1).padStart(2, '0')}`;
  const reportsOf = (pnl: readonly number[]): DayReport[] => {
    let balance = initial;
    return pnl.map((x, i) => {
      balance = balance.plus(x);
      return { day: dayName(i), balance: balance.toString(), equity: balance.toString(), closedPnl: String(x) };
    });
  };
  const headroom = (override: RulesOverride, days: DayReport[]) =>
    computeHeadroom({
      at: new Date('2026-04-15T12:00:00Z'),
      rules: effectiveRules(null, override, null),
      phaseIndex: 0,
      account: { currency: 'USD', initialBalance: '100000' },
      days,
      startedOn: '2026-03-01',
    });

  it('a blocks_pass best-day rule never causes a breach: the status is the one without the rule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -4_000, max: 6_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 90 }),
        (pnl, p) => {
          const days = reportsOf(pnl);
          const blocking = headroom({ ...base, consistency: { bestDayMaxPercent: p, of: 'total_profit', effect: 'blocks_pass' } }, days);
          const without = headroom({ ...base, consistency: 'none' }, days);
          expect(blocking.status).toBe(without.status);
          expect(blocking.reasons.filter((r) => r.rule === 'consistency' && r.kind === 'breached')).toEqual([]);
        },
      ),
    );
  });

  it('a fails best-day rule, once broken, is a breach', () => {
    const h = headroom({ ...base, consistency: { bestDayMaxPercent: 30, of: 'total_profit', effect: 'fails' } }, reportsOf([3000, 500]));
    expect([h.status, h.reasons.map((r) => r.code)]).toEqual(['breached', expect.arrayContaining(['consistency.failed'])]);
  });

  it('counts opening days when given, and says it counted closed trades when a position_opened rule has none', () => {
    const override: RulesOverride = { ...base, minTradingDays: { days: 3, counts: 'position_opened' } };
    const days = reportsOf([0, 400, 0]);
    const given = computeHeadroom({
      at: new Date('2026-04-15T12:00:00Z'),
      rules: effectiveRules(null, override, null),
      phaseIndex: 0,
      account: { currency: 'USD', initialBalance: '100000' },
      days,
      startedOn: '2026-03-01',
      openedDays: ['2026-03-01', '2026-03-03', '2026-02-20'],
    });
    expect(given.tradingDays).toMatchObject({ done: 2, countedFrom: 'position_opened' });
    const fallback = headroom(override, days);
    expect(fallback.tradingDays).toMatchObject({ done: 1, countedFrom: 'balance_change' });
    expect(fallback.reasons.map((r) => r.code)).toContain('minTradingDays.openings_unknown');
  });

  it('refuses an opening day that is not a date, naming it', () => {
    expect(() =>
      computeHeadroom({
        at: new Date('2026-04-15T12:00:00Z'),
        rules: effectiveRules(null, base, null),
        phaseIndex: 0,
        account: { currency: 'USD', initialBalance: '100000' },
        days: [],
        startedOn: '2026-03-01',
        openedDays: ['2026-03-01', '2026-02-30'],
      }),
    ).toThrow(expect.objectContaining({ field: 'openedDays[1]' }) as Error);
  });
});
