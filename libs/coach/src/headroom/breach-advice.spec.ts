/**
 * A crossed floor leads every advising answer, and the day-start reference is the firm's at the reset.
 * Figures by hand: FTMO 2-Step 100k (5% of the initial balance daily from the day-start balance, 10% static,
 * Prague midnight), and FTMO's academy example ($200k: +$4,000 closed, a $13,000 floating loss over midnight).
 */
import fc from 'fast-check';
import Value from 'typebox/value';
import { checkTrade } from '../check-trade/check-trade.js';
import { effectiveRules } from '../rules/effective.js';
import type { CoachRules } from '../rules/types.js';
import { simulateChallenge } from '../simulate/simulate.js';
import { computeHeadroom, type DayReport, type HeadroomInput, type IntradaySnapshot } from './compute.js';
import { HeadroomSchema } from './schema.js';

const FTMO = {
  profitTargetsPercent: [10, 5],
  dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'day_start_balance', resetClock: '00:00 CE(S)T', note: null },
  maxLoss: { percent: 10, type: 'static', lockFloor: null, lockTriggerPercent: null, note: null },
  minTradingDays: { days: 4, perPhase: true, note: null },
  timeLimit: 'none',
  consistency: 'none',
} as unknown as CoachRules;
const rules = effectiveRules(FTMO, null, { planId: 'ftmo-2-step-100k', checkedOn: '2026-11-29' });

const report = (day: string, balance: string, equity: string, closedPnl: string): DayReport => ({ day, balance, equity, closedPnl });
const snap = (day: string, at: string, balance: string, equity: string, minEquity: string, minEquityAt?: string): IntradaySnapshot => ({
  day,
  at,
  balance,
  equity,
  minEquity,
  maxEquity: equity,
  ...(minEquityAt ? { minEquityAt } : {}),
});

const input = (over: Partial<HeadroomInput>): HeadroomInput => ({
  at: new Date('2026-11-26T15:00:00Z'),
  rules,
  phaseIndex: 0,
  account: { currency: 'USD', initialBalance: '100000' },
  days: [],
  snapshots: [],
  startedOn: '2026-11-23',
  ...over,
});

/** The reproduction: the day starts at 102,490.45 (floor 97,490.45), equity dipped to 97,300 at 14:03 Prague and is 98,100 now. */
const dippedToday = input({
  days: [report('2026-11-25', '102490.45', '102490.45', '2490.45')],
  snapshots: [snap('2026-11-26', '2026-11-26T14:55:00Z', '102490.45', '98100', '97300', '2026-11-26T13:03:00Z')],
});

const SERIES = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? -0.8 : 1.1));
const simulateFrom = (breach: ReturnType<typeof computeHeadroom>['breach'], seed = 1) =>
  simulateChallenge({
    state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null },
    rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10 },
    dailyPnlPercent: SERIES,
    paths: 200,
    seed,
    riskScale: [0.5],
    breach: breach && { rule: breach.rule, day: breach.day, breachedAt: breach.at },
  });

describe('a breach earlier today leads every advising answer', () => {
  it('headroom names the rule, the instant and the amount', () => {
    const h = computeHeadroom(dippedToday);
    expect(Value.Check(HeadroomSchema, h)).toBe(true);
    expect([h.dailyLoss.floor, h.dailyLoss.left, h.status]).toEqual([97490.45, 609.55, 'breached']);
    const expected = {
      rule: 'dailyLoss',
      day: '2026-11-26',
      at: '2026-11-26T13:03:00Z',
      atLocal: '2026-11-26T14:03:00+01:00',
      floor: 97490.45,
      lowestEquity: 97300,
      by: 190.45,
    };
    expect(h.breach).toEqual(expected);
    expect(h.dailyLoss.breach).toEqual(expected);
    expect(h.maxLoss.breach).toBeNull();
  });

  it('check_trade for $500 is blocked by the breach, with no room left, though equity is back above the floor', () => {
    const h = computeHeadroom(dippedToday);
    const c = checkTrade({ headroom: h, risk: { riskAmount: 500 } });
    expect(c.verdict).toBe('blocked');
    expect(c.breach).toEqual(h.breach);
    expect(c.maxRiskAmount).toBe(0);
    expect(c.rules.find((r) => r.rule === 'daily_loss')).toMatchObject({ allowed: false, maxRiskAmount: 0 });
    // A position as volume and stop: no volume either.
    const v = checkTrade({ headroom: h, risk: { volume: 1, stopDistance: 0.001, tickValue: 1, tickSize: 0.00001 } });
    expect([v.verdict, v.maxVolume]).toEqual(['blocked', 0]);
  });

  it('the simulation answers the breach: pass probability 0, every path that breach, at every risk scale', () => {
    const s = simulateFrom(computeHeadroom(dippedToday).breach);
    expect(s.breach).toEqual({ rule: 'dailyLoss', day: '2026-11-26', breachedAt: '2026-11-26T13:03:00Z' });
    expect([s.passProbability, s.breachDailyLoss, s.breachMaxLoss, s.expectedAttempts, s.daysToPass]).toEqual([0, 1, 0, null, null]);
    expect(s.byRiskScale[0]).toMatchObject({ passProbability: 0, breachDailyLoss: 1 });
    expect(s.notes[0]).toContain('already crossed on 2026-11-26');
  });

  it('a maximum loss breach on an earlier day stays the answer while a later day is fine', () => {
    const h = computeHeadroom(
      input({
        days: [report('2026-11-24', '100000', '100000', '0'), report('2026-11-25', '100000', '100000', '0')],
        snapshots: [snap('2026-11-24', '2026-11-24T10:00:00Z', '100000', '100000', '89999', '2026-11-24T09:30:00Z')],
      }),
    );
    expect(h.maxLoss.breach).toMatchObject({ rule: 'maxLoss', day: '2026-11-24', at: '2026-11-24T09:30:00Z', by: 1 });
    // The same low crossed that day's daily floor too: at the same instant the daily rule is named first.
    expect(h.breach).toMatchObject({ rule: 'dailyLoss', day: '2026-11-24', by: 5001 });
    expect(checkTrade({ headroom: h, risk: { riskAmount: 1 } })).toMatchObject({ verdict: 'blocked', maxRiskAmount: 0 });
  });

  it('a maximum loss breach alone (a plan without a daily limit) blocks and ends the odds the same way', () => {
    const noDaily = effectiveRules({ ...FTMO, dailyLoss: 'none' }, null, { planId: 'no-daily', checkedOn: '2026-11-29' });
    const h = computeHeadroom(
      input({
        rules: noDaily,
        days: [report('2026-11-24', '95000', '95000', '-5000')],
        snapshots: [snap('2026-11-26', '2026-11-26T14:00:00Z', '95000', '93000', '89950', '2026-11-26T12:30:00Z')],
      }),
    );
    expect(h.breach).toEqual({
      rule: 'maxLoss',
      day: '2026-11-26',
      at: '2026-11-26T12:30:00Z',
      atLocal: null, // no daily roll-over: the firm's clock is not known
      floor: 90000,
      lowestEquity: 89950,
      by: 50,
    });
    expect(checkTrade({ headroom: h, risk: { riskAmount: 10 } })).toMatchObject({
      verdict: 'blocked',
      maxRiskAmount: 0,
      rules: [{ rule: 'max_loss', allowed: false, maxRiskAmount: 0 }],
    });
    expect(simulateFrom(h.breach)).toMatchObject({ passProbability: 0, breachMaxLoss: 1, breachDailyLoss: 0 });
  });

  it('without a breach nothing changes: $500 is allowed with the room above the floor', () => {
    const h = computeHeadroom(
      input({ days: dippedToday.days, snapshots: [snap('2026-11-26', '2026-11-26T14:55:00Z', '102490.45', '98100', '98000')] }),
    );
    expect(h.breach).toBeNull();
    expect(checkTrade({ headroom: h, risk: { riskAmount: 500 } })).toMatchObject({
      verdict: 'allowed',
      maxRiskAmount: 609.55,
      breach: null,
    });
    expect(simulateFrom(null).breach).toBeNull();
  });

  it('property: once a low under a floor is in the data, no advising answer allows a trade or gives odds', () => {
    const day = fc.integer({ min: 0, max: 3 }).map((i) => `2026-11-${String(23 + i)}`); // up to today, 2026-11-26
    const point = fc.record({
      day,
      equity: fc.integer({ min: 95_000, max: 106_000 }),
      dip: fc.integer({ min: 0, max: 3_000 }),
      report: fc.boolean(),
      hour: fc.integer({ min: 6, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 12 }), day, fc.integer({ min: 0, max: 20_000 }), (points, crashDay, risk) => {
        const days = new Map<string, DayReport>();
        const snapshots: IntradaySnapshot[] = [];
        for (const p of points) {
          const e = String(p.equity);
          if (p.report) days.set(p.day, report(p.day, e, e, '0'));
          else snapshots.push(snap(p.day, `${p.day}T${String(p.hour).padStart(2, '0')}:00:00Z`, e, e, String(p.equity - p.dip)));
        }
        // Planted: a low under any floor these rules can set (the maximum loss floor is 90,000).
        snapshots.push(snap(crashDay, `${crashDay}T12:00:00Z`, '100000', '100000', '89000'));
        const h = computeHeadroom(input({ days: [...days.values()], snapshots }));
        expect(h.breach).not.toBeNull();
        expect(h.status).toBe('breached');
        expect(checkTrade({ headroom: h, risk: { riskAmount: risk } }).verdict).toBe('blocked');
        const s = simulateFrom(h.breach, risk);
        expect(s.passProbability).toBe(0);
        expect(s.byRiskScale.every((o) => o.passProbability === 0)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the day-start reference is what the firm sees at the reset', () => {
  /** FTMO's academy example on a $200k account, in summer (CEST): 00:30 Prague, the day's report not in yet. */
  const academy = (snapshots: IntradaySnapshot[], days: DayReport[] = []) =>
    computeHeadroom(
      input({
        at: new Date('2026-07-14T22:30:00Z'), // 00:30 Prague on 2026-07-15
        account: { currency: 'USD', initialBalance: '200000' },
        startedOn: '2026-07-13',
        days,
        snapshots,
      }),
    );
  const yesterday = snap('2026-07-14', '2026-07-14T21:59:00Z', '204000', '191000', '191000', '2026-07-14T21:59:00Z');
  const justAfter = snap('2026-07-15', '2026-07-14T22:29:00Z', '204000', '191000', '191000', '2026-07-14T22:00:00Z');

  it('the last snapshot before the reset sets the floor: 204,000 − 10,000 = 194,000, breached by 3,000', () => {
    const h = academy([yesterday, justAfter], [report('2026-07-13', '200000', '200000', '0')]);
    expect(h.dailyLoss.reference).toEqual({
      level: 204000,
      kind: 'day_start_balance',
      source: 'snapshot',
      sourceDay: '2026-07-14',
      accuracy: 'exact',
      why: null,
    });
    expect([h.dailyLoss.floor, h.dailyLoss.left]).toEqual([194000, -3000]);
    expect(h.breach).toMatchObject({ rule: 'dailyLoss', day: '2026-07-15', by: 3000, atLocal: '2026-07-15T00:00:00+02:00' });
  });

  it('the end-of-day report, once in, is the same reference', () => {
    const h = academy(
      [yesterday, justAfter],
      [report('2026-07-13', '200000', '200000', '0'), report('2026-07-14', '204000', '191000', '4000')],
    );
    expect(h.dailyLoss.reference).toMatchObject({ level: 204000, source: 'report', accuracy: 'exact' });
    expect(h.dailyLoss.floor).toBe(194000);
  });

  it('with no data before the reset after the first day, the initial balance is an estimate and says why', () => {
    const h = academy([justAfter]);
    expect(h.dailyLoss.reference).toMatchObject({ level: 200000, source: 'initial_balance', accuracy: 'estimated' });
    expect(h.dailyLoss.reference?.why).toContain('2026-07-13');
    expect(h.reasons.map((r) => r.code)).toContain('dailyLoss.reference_estimated');
  });

  it('property: an estimated reference is never reported as exact, nor an exact one as estimated', () => {
    const dayOf = fc.integer({ min: 0, max: 5 }).map((i) => `2026-07-${String(10 + i)}`);
    fc.assert(
      fc.property(fc.array(fc.record({ day: dayOf, report: fc.boolean() }), { maxLength: 8 }), dayOf, (points, startedOn) => {
        const days = new Map<string, DayReport>();
        const snapshots: IntradaySnapshot[] = [];
        for (const p of points)
          if (p.report) days.set(p.day, report(p.day, '200500', '200500', '500'));
          else snapshots.push(snap(p.day, `${p.day}T10:00:00Z`, '200300', '200300', '200300'));
        const h = computeHeadroom(
          input({
            at: new Date('2026-07-15T10:30:00Z'),
            account: { currency: 'USD', initialBalance: '200000' },
            startedOn,
            days: [...days.values()],
            snapshots,
          }),
        );
        const before = points.some((p) => p.day >= startedOn && p.day < '2026-07-15');
        const exact = before || startedOn >= '2026-07-15';
        expect(h.dailyLoss.reference?.accuracy).toBe(exact ? 'exact' : 'estimated');
        expect(h.dailyLoss.reference?.why === null).toBe(exact);
        expect(h.reasons.some((r) => r.code === 'dailyLoss.reference_estimated')).toBe(!exact);
      }),
      { numRuns: 100 },
    );
  });
});
