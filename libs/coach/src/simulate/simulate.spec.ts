import fc from 'fast-check';
import Value from 'typebox/value';
import { dailyFloor, knownDaily, knownMaxLoss, maxLossFloor } from '../rules/apply.js';
import { effectiveRules } from '../rules/effective.js';
import { Decimal } from '../shared/money.js';
import type { CoachRules } from '../rules/types.js';
import { CoachInputError } from '../shared/errors.js';
import { bareLoopBaseline } from './engine.js';
import { MAX_PATHS } from './limits.js';
import { readSimulationRules, simulationRulesFor } from './rules-for.js';
import { SimulationSchema } from './schema.js';
import { simulateChallenge, type SimulationInput } from './simulate.js';
import { wilsonInterval } from './stats.js';

const fresh = { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null };
const noLimits = { targetPercent: null, dailyLossPercent: null, maxLossPercent: null };
const series = (ups: number, downs: number) => [...Array<number>(ups).fill(1), ...Array<number>(downs).fill(-1)];

/** Chance of reaching +a before −b in a ±1 walk going up with chance p (gambler's ruin). */
function ruinWin(p: number, a: number, b: number): number {
  if (p === 0.5) return b / (a + b);
  const r = (1 - p) / p;
  return (1 - r ** b) / (1 - r ** (a + b));
}

describe('closed forms', () => {
  it.each([
    [10, 10],
    [11, 9],
  ])("a ±1%% daily walk (%d up, %d down) between +10%% and a static floor 10%% down matches the gambler's ruin", (ups, downs) => {
    const p = ups / (ups + downs);
    const paths = 20_000;
    const sim = simulateChallenge({
      state: fresh,
      // floor at 90.5: the walk breaches on reaching 90, ten steps down, as it passes on reaching 110
      rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 9.5 },
      dailyPnlPercent: series(ups, downs),
      method: 'iid',
      paths,
      seed: 7,
      horizonDays: 5000,
    });
    const expected = ruinWin(p, 10, 10);
    const sigma = Math.sqrt((expected * (1 - expected)) / paths);
    expect(Math.abs(sim.passProbability - expected)).toBeLessThan(4 * sigma);
    expect(sim.passInterval.low).toBeLessThan(expected);
    expect(sim.passInterval.high).toBeGreaterThan(expected);
    expect(sim.breachDailyLoss).toBe(0); // a 1% day never reaches a 5% daily limit
    expect(sim.breachMaxLoss).toBeCloseTo(1 - sim.passProbability - sim.undecided!, 12);
    expect(sim.timeout).toBeNull(); // no time limit: open paths are undecided, not timed out
    expect(sim.undecided).toBeLessThan(0.001);
  });

  it('a history where every day loses more than the daily limit breaches it on day one', () => {
    const sim = simulateChallenge({
      state: fresh,
      rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10 },
      dailyPnlPercent: [-5.5, -7, -6],
    });
    expect([sim.breachDailyLoss, sim.breachMaxLoss, sim.passProbability, sim.undecided]).toEqual([1, 0, 0, 0]);
    expect(sim.expectedAttempts).toBeNull();
    expect(sim.daysToPass).toBeNull();
  });

  it('a daily limit of a share of the day-start balance shrinks as the balance falls', () => {
    // from 80, 5% of the reference is 4: a -4.5 day breaches; from 100 (5% of 100 = 5) it would not
    const base: SimulationInput = {
      state: { ...fresh, balancePercent: 80 },
      rules: {
        targetPercent: 10,
        dailyLossPercent: 5,
        maxLossPercent: null,
        dailyLossAmountOf: 'reference',
        dailyLossBasis: 'day_start_balance',
      },
      dailyPnlPercent: [-4.5],
    };
    expect(simulateChallenge(base).breachDailyLoss).toBe(1);
    expect(simulateChallenge({ ...base, rules: { ...base.rules, dailyLossAmountOf: 'initial_balance' } }).breachDailyLoss).toBe(0);
  });

  it('a constant daily gain passes in exactly ceil(target / gain) days, or when the minimum trading days are done', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 300 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 10 }),
        (hundredths, target, minDays, done) => {
          const sim = simulateChallenge({
            state: { ...fresh, tradingDaysDone: done },
            rules: { targetPercent: target, dailyLossPercent: 5, maxLossPercent: 10, minTradingDays: minDays },
            dailyPnlPercent: [hundredths / 100],
            paths: 50,
            horizonDays: 400,
          });
          const days = Math.max(Math.ceil((target * 100) / hundredths), minDays - done);
          expect(sim.passProbability).toBe(1);
          expect(sim.daysToPass).toEqual({ median: days, p90: days });
          expect(sim.expectedAttempts).toBe(1);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a floor the firm breaches "at or below" is crossed by a day landing on it; a strict one is not', () => {
    const onFloor = { state: fresh, dailyPnlPercent: [-5], paths: 1, horizonDays: 1 };
    const rules = { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 5, dailyLossBasis: 'initial_balance' as const };
    expect(simulateChallenge({ ...onFloor, rules }).breachDailyLoss + simulateChallenge({ ...onFloor, rules }).breachMaxLoss).toBe(0);
    expect(simulateChallenge({ ...onFloor, rules: { ...rules, dailyLossComparison: 'at_or_below' } }).breachDailyLoss).toBe(1);
    expect(
      simulateChallenge({ ...onFloor, rules: { ...rules, dailyLossPercent: null, maxLossComparison: 'at_or_below' } }).breachMaxLoss,
    ).toBe(1);
  });

  it('a maximum loss of a share of the high-water mark sits lower than the same share of the initial balance', () => {
    // From a mark of 120: 10% of the initial balance is a floor at 110, 10% of the mark one at 108; a -11 day lands on 109.
    const input: SimulationInput = {
      state: { ...fresh, balancePercent: 120, highWaterMarkPercent: 120 },
      rules: { targetPercent: 50, dailyLossPercent: null, maxLossPercent: 10, maxLossType: 'trailing_eod' },
      dailyPnlPercent: [-11],
      paths: 1,
      horizonDays: 1,
    };
    expect(simulateChallenge(input).breachMaxLoss).toBe(1);
    expect(simulateChallenge({ ...input, rules: { ...input.rules, maxLossAmountOf: 'high_water_mark' } }).breachMaxLoss).toBe(0);
  });

  it('runs out of time when the gain is too slow for the days left', () => {
    const sim = simulateChallenge({
      state: { ...fresh, daysLeft: 9 },
      rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10 },
      dailyPnlPercent: [1],
    });
    expect([sim.timeout, sim.horizonDays]).toEqual([1, 9]);
    expect(
      simulateChallenge({
        state: { ...fresh, daysLeft: 10 },
        rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10 },
        dailyPnlPercent: [1],
      }).passProbability,
    ).toBe(1);
  });

  it('a trailing floor follows the high-water mark and stops at its lock', () => {
    const rules = { targetPercent: 50, dailyLossPercent: null, maxLossPercent: 6, maxLossType: 'trailing_eod' as const };
    // Two gains of +4.5 lift the high-water mark to 109: the trailing floor is 103, and a -4 day from 109 holds (105).
    const rising = { state: fresh, dailyPnlPercent: [4.5], paths: 1, horizonDays: 2 };
    expect(simulateChallenge({ ...rising, rules }).undecided).toBe(1);
    // From 109 (hwm 109) two -4 days: 105 holds, 101 is under the floor 103 on day two.
    const falling = {
      state: { ...fresh, balancePercent: 109, highWaterMarkPercent: 109 },
      dailyPnlPercent: [-4],
      paths: 1,
      horizonDays: 2,
    };
    expect(simulateChallenge({ ...falling, rules }).breachMaxLoss).toBe(1);
    // Locked at the initial balance the floor is 100: 105 and 101 hold, only a third day (97) would breach.
    expect(simulateChallenge({ ...falling, rules: { ...rules, lockAtInitial: true } }).undecided).toBe(1);
    expect(simulateChallenge({ ...falling, horizonDays: 3, rules: { ...rules, lockAtInitial: true } }).breachMaxLoss).toBe(1);
    // Reaching the lock trigger jumps the floor to 100 at once: from 106.5 with an 8% limit the floor is 98.5
    // without a trigger, 100 with a trigger at +6%; a -7 day (99.5) breaches only with the trigger.
    const trigger = {
      state: { ...fresh, balancePercent: 106.5, highWaterMarkPercent: 106.5 },
      dailyPnlPercent: [-7],
      paths: 1,
      horizonDays: 1,
    };
    expect(
      simulateChallenge({ ...trigger, rules: { ...rules, maxLossPercent: 8, lockAtInitial: true, lockTriggerPercent: 6 } }).breachMaxLoss,
    ).toBe(1);
    expect(
      simulateChallenge({ ...trigger, rules: { ...rules, maxLossPercent: 8, lockAtInitial: true, lockTriggerPercent: null } })
        .breachMaxLoss,
    ).toBe(0);
    // A static floor ignores the high-water mark: 10% under the initial balance whatever was reached.
    expect(simulateChallenge({ ...falling, horizonDays: 3, rules: { ...rules, maxLossType: 'static' } }).undecided).toBe(1);
  });
});

describe('from where the trader stands', () => {
  // A day-to-day history of a 100k account: the losing days below -0.7598% are the ones that cross a floor
  // $759.80 under equity 102,000 (0.7598% of the initial balance).
  const history = [0.9, -0.4, 1.2, -0.9, 0.3, 0.6, -1.2, 0.5, 0.2, -0.3, 1.1, 0.4, -0.8, 0.7, 0.1, -0.2, 0.8, -1.5, 0.6, 0.3];
  const rules = { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10 };

  it("starts on today's floor: with $759.80 left today, the days losing more breach on day one", () => {
    const paths = 20_000;
    const now: SimulationInput = {
      state: {
        ...fresh,
        balancePercent: 102,
        equityPercent: 102,
        today: { floorPercent: 101.2402, startBalancePercent: 102, traded: true },
      },
      rules,
      dailyPnlPercent: history,
      method: 'iid',
      paths,
      seed: 3,
    };
    const sim = simulateChallenge(now);
    // Day one breaches exactly when it draws a day losing more than 0.7598; no later day can lose 5%.
    const expected = history.filter((x) => x < -0.7598).length / history.length;
    expect(Math.abs(sim.breachDailyLoss - expected)).toBeLessThan(4 * Math.sqrt((expected * (1 - expected)) / paths));
    // The same account at a fresh day's start has 5% of room today and never breaches the daily limit.
    expect(simulateChallenge({ ...now, state: { ...now.state, today: null } }).breachDailyLoss).toBe(0);
  });

  it('carries the floating loss through the reset: tomorrow’s floor is set from the balance while equity stays down', () => {
    // Balance 100 with a floating loss of 5.2: tomorrow's floor is 100.05 - 5 = 95.05, above equity 94.85.
    const carried: SimulationInput = {
      state: { ...fresh, equityPercent: 94.8, today: { floorPercent: 90, startBalancePercent: 100, traded: true } },
      rules: { ...rules, dailyLossBasis: 'day_start_balance' },
      dailyPnlPercent: [0.05],
      paths: 1,
      horizonDays: 3,
    };
    expect(simulateChallenge(carried)).toMatchObject({ breachDailyLoss: 1, daysToPass: null });
    // Closed at 94.8, the same loss sets tomorrow's reference at 94.8 and nothing breaches.
    expect(simulateChallenge({ ...carried, state: { ...carried.state, balancePercent: 94.8 } }).breachDailyLoss).toBe(0);
  });

  it('judges each drawn day on its intraday low: +1% after a -3.5% dip breaches a 3% daily limit', () => {
    const day = { state: fresh, rules: { ...rules, dailyLossPercent: 3 }, dailyPnlPercent: [1], paths: 10, horizonDays: 5 };
    const dipped = simulateChallenge({ ...day, dailyLowPercent: [-3.5] });
    expect([dipped.breachDailyLoss, dipped.intradayLowDays]).toEqual([1, 1]);
    expect(dipped.notes.join(' ')).not.toMatch(/dips are not modelled/);
    const closesOnly = simulateChallenge(day);
    expect([closesOnly.breachDailyLoss, closesOnly.intradayLowDays]).toEqual([0, 0]);
    expect(closesOnly.notes[0]).toMatch(/^Intraday dips are not modelled/);
    // A day with no known low dips to its close; the answer counts the days that carry one.
    const some = simulateChallenge({ ...day, dailyPnlPercent: [1, -1], dailyLowPercent: [-0.5, null] });
    expect([some.intradayLowDays, some.notes[0]]).toEqual([1, expect.stringMatching(/^1 of the 2 history days/)]);
  });

  it.each([
    [{ dailyLowPercent: [-1] }, 'dailyLowPercent'],
    [{ dailyPnlPercent: [1, -1], dailyLowPercent: [-0.5, -0.5] }, 'dailyLowPercent[1]'],
    [{ dailyPnlPercent: [1], dailyLowPercent: [0.5] }, 'dailyLowPercent[0]'],
  ] as [Partial<SimulationInput>, string][])('refuses a low above its day (%j) naming %s', (bad, field) => {
    const input = { state: fresh, rules, dailyPnlPercent: [1, 2], ...bad };
    expect(() => simulateChallenge(input)).toThrow(expect.objectContaining({ field }) as Error);
  });
});

describe('passing as the firm decides', () => {
  const P = 1 / 20;
  /** P(at least k of n iid draws hit a day of chance P). */
  const atLeast = (k: number, n: number) => {
    let below = 0;
    for (let i = 0; i < k; i++) {
      let c = 1;
      for (let j = 0; j < i; j++) c = (c * (n - j)) / (j + 1);
      below += c * P ** i * (1 - P) ** (n - i);
    }
    return 1 - below;
  };

  it("one +11% day among +0.1% days passes FTMO's 10% target only with a second one under the 50% best-day rule", () => {
    const paths = 20_000;
    const input: SimulationInput = {
      state: { ...fresh, daysLeft: 30 },
      rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10 },
      dailyPnlPercent: [11, ...Array<number>(19).fill(0.1)],
      method: 'iid',
      paths,
      seed: 9,
    };
    const sigma = (p: number) => 4 * Math.sqrt((p * (1 - p)) / paths);
    // Without the rule one +11% day in 30 passes; with it the total must reach 22%, which takes two.
    const free = simulateChallenge(input);
    expect(Math.abs(free.passProbability - atLeast(1, 30))).toBeLessThan(sigma(atLeast(1, 30)));
    const ruled = simulateChallenge({ ...input, rules: { ...input.rules, bestDay: { maxPercent: 50, of: 'total_profit' } } });
    expect(Math.abs(ruled.passProbability - atLeast(2, 30))).toBeLessThan(sigma(atLeast(2, 30)));
    expect(ruled.passProbability).toBeLessThan(0.5);
    // A best day above 50% of the target itself can never be undone.
    const ofTarget = simulateChallenge({ ...input, rules: { ...input.rules, bestDay: { maxPercent: 50, of: 'profit_target' } } });
    expect(ofTarget.passProbability).toBe(0);
  });

  it('a profitable-day rule counts only days that make its minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 150 }), fc.integer({ min: 1, max: 8 }), (hundredths, minDays) => {
        const gain = hundredths / 100;
        const sim = simulateChallenge({
          state: fresh,
          rules: { targetPercent: 5, dailyLossPercent: 5, maxLossPercent: 10, minTradingDays: minDays, profitableDayMinPercent: 0.5 },
          dailyPnlPercent: [gain],
          paths: 20,
          horizonDays: 200,
        });
        if (gain < 0.5) expect([sim.passProbability, sim.undecided]).toEqual([0, 1]);
        else expect(sim.daysToPass?.median).toBe(Math.max(Math.ceil(500 / hundredths), minDays));
      }),
      { numRuns: 60 },
    );
  });
});

describe('reproducibility, scales and fees', () => {
  const input: SimulationInput = {
    state: { balancePercent: 102, highWaterMarkPercent: 102, daysDone: 5, tradingDaysDone: 4, daysLeft: 25 },
    rules: { targetPercent: 10, dailyLossPercent: 5, maxLossPercent: 10, minTradingDays: 4 },
    dailyPnlPercent: [0.8, -0.5, 1.2, 0, -1.4, 0.3, 2.1, -0.9, 0.4, -2.2, 1.1, 0.6, 0, -0.3, 1.5, -1.1, 0.9, 0.2, -0.7, 1.3],
    paths: 4000,
    seed: 11,
    riskScale: [0, 0.5, 1, 2],
    fees: { price: 540, resetFee: 432, refundOnFirstPayout: true, firstPayoutProbability: 0.6 },
  };

  it('the same seed gives the same answer, another seed another one', () => {
    const a = simulateChallenge(input);
    expect(Value.Check(SimulationSchema, a)).toBe(true);
    expect(simulateChallenge(input)).toEqual(a);
    expect(simulateChallenge({ ...input, seed: 12 }).passProbability).not.toBe(a.passProbability);
  });

  it('scale 1 replays the main paths exactly; scale 0 never moves', () => {
    const a = simulateChallenge(input);
    const one = a.byRiskScale.find((s) => s.riskScale === 1)!;
    const { riskScale: _riskScale, ...outcomes } = one;
    expect(outcomes).toEqual({
      passProbability: a.passProbability,
      passInterval: a.passInterval,
      breachDailyLoss: a.breachDailyLoss,
      breachMaxLoss: a.breachMaxLoss,
      timeout: a.timeout,
      undecided: null,
      daysToPass: a.daysToPass,
    });
    expect(a.byRiskScale[0]).toMatchObject({ riskScale: 0, passProbability: 0, timeout: 1, undecided: null });
    // Doubling every day makes breaches more likely on the very same paths.
    const two = a.byRiskScale[3]!;
    expect(two.breachDailyLoss + two.breachMaxLoss).toBeGreaterThan(a.breachDailyLoss + a.breachMaxLoss);
  });

  it('expected fees follow the geometric model and count the refund with the payout chance', () => {
    const a = simulateChallenge(input);
    const p = a.passProbability;
    expect(a.expectedAttempts).toBeCloseTo(1 / p, 12);
    expect(a.expectedFees!.gross).toBeCloseTo(540 + (1 / p - 1) * 432, 9);
    expect(a.expectedFees!.expectedRefund).toBeCloseTo(0.6 * (p * 540 + (1 - p) * 432), 9);
    expect(a.expectedFees!.net).toBeCloseTo(a.expectedFees!.gross - a.expectedFees!.expectedRefund!, 9);
    const noRefundChance = simulateChallenge({ ...input, fees: { price: 540, refundOnFirstPayout: true } });
    expect([noRefundChance.expectedFees!.net, noRefundChance.expectedFeesNote]).toEqual([
      null,
      'the refund needs firstPayoutProbability to be valued',
    ]);
    const hopeless = simulateChallenge({ ...input, dailyPnlPercent: [-0.1] });
    expect([hopeless.expectedFees, hopeless.expectedFeesNote]).toEqual([
      null,
      'no simulated path passed, so the expected number of attempts (1/p) is unbounded',
    ]);
  });

  it('flags a short history', () => {
    expect(simulateChallenge({ ...input, dailyPnlPercent: [1, -1] }).lowData).toBe(true);
    expect(simulateChallenge(input).lowData).toBe(false);
  });

  it.each([
    [{ paths: MAX_PATHS + 1 }, 'paths'],
    [{ riskScale: [1, 5.5] }, 'riskScale[1]'],
    [{ riskScale: Array<number>(11).fill(1) }, 'riskScale'],
    [{ dailyPnlPercent: [] }, 'dailyPnlPercent'],
    [{ dailyPnlPercent: [1, Number.NaN] }, 'dailyPnlPercent[1]'],
    [{ seed: -1 }, 'seed'],
  ] as [Partial<SimulationInput>, string][])('refuses %j naming %s', (bad, field) => {
    expect(() => simulateChallenge({ ...input, ...bad })).toThrow(CoachInputError);
    try {
      simulateChallenge({ ...input, ...bad });
    } catch (e) {
      expect((e as CoachInputError).field).toBe(field);
    }
  });
});

describe('properties', () => {
  it('pass, breaches and timeout sum to 1 for any history and rules', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -6, max: 6, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom<'block' | 'iid'>('block', 'iid'),
        fc.constantFrom<'static' | 'trailing_eod'>('static', 'trailing_eod'),
        fc.integer({ min: 0, max: 1000 }),
        (history, method, maxLossType, seed) => {
          const sim = simulateChallenge({
            state: fresh,
            rules: { targetPercent: 8, dailyLossPercent: 4, maxLossPercent: 8, maxLossType, lockAtInitial: true },
            dailyPnlPercent: history,
            method,
            paths: 300,
            seed,
            riskScale: [0.5, 2],
          });
          for (const o of [sim, ...sim.byRiskScale]) {
            expect(o.passProbability + o.breachDailyLoss + o.breachMaxLoss + (o.timeout ?? 0) + (o.undecided ?? 0)).toBeCloseTo(1, 12);
            expect(o.timeout).toBeNull();
            expect(o.passInterval.low).toBeLessThanOrEqual(o.passProbability);
            expect(o.passInterval.high).toBeGreaterThanOrEqual(o.passProbability);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a best-day rule that blocks the pass never causes a breach: only paths that would have passed change', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -4, max: 6, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 10, max: 90 }),
        fc.constantFrom<'profit_target' | 'total_profit'>('profit_target', 'total_profit'),
        fc.integer({ min: 0, max: 1000 }),
        (history, maxPercent, of, seed) => {
          const input: SimulationInput = {
            state: fresh,
            rules: { targetPercent: 8, dailyLossPercent: 4, maxLossPercent: 8 },
            dailyPnlPercent: history,
            paths: 200,
            seed,
          };
          const free = simulateChallenge(input);
          const ruled = simulateChallenge({ ...input, rules: { ...input.rules, bestDay: { maxPercent, of } } });
          const daily = ruled.breachDailyLoss - free.breachDailyLoss;
          const max = ruled.breachMaxLoss - free.breachMaxLoss;
          const open = ruled.undecided! - free.undecided!;
          for (const delta of [daily, max, open]) expect(delta).toBeGreaterThanOrEqual(-1e-12);
          expect(daily + max + open).toBeCloseTo(free.passProbability - ruled.passProbability, 12);
          // Without limits nothing breaches, rule or not.
          const unlimited = simulateChallenge({ ...input, rules: { ...noLimits, targetPercent: 8, bestDay: { maxPercent, of } } });
          expect(unlimited.breachDailyLoss + unlimited.breachMaxLoss).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("the engine's floors are the rule functions' floors: a day landing on one breaches only a rule that says at or below", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('initial_balance', 'day_start_balance', 'day_start_equity', 'max_balance_equity' as const),
        fc.constantFrom('initial_balance', 'reference' as const),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 9000, max: 11000 }),
        fc.integer({ min: -300, max: 300 }),
        (basis, amountOf, percent, hundredths, floatingHundredths) => {
          const balance = hundredths / 100;
          const equity = balance + floatingHundredths / 100;
          const rule = knownDaily({ percent, amountOf, basis, resetClock: null, rollover: null, amount: null, comparison: null })!;
          const floor = dailyFloor(rule, new Decimal(100), { balance: new Decimal(balance), equity: new Decimal(equity) }).floor.toNumber();
          fc.pre(floor <= equity); // an account already under its floor breaches before any move
          const day = (comparison: 'below' | 'at_or_below') =>
            simulateChallenge({
              state: { ...fresh, balancePercent: balance, equityPercent: equity },
              rules: {
                ...noLimits,
                dailyLossPercent: percent,
                dailyLossBasis: basis,
                dailyLossAmountOf: amountOf,
                dailyLossComparison: comparison,
              },
              dailyPnlPercent: [floor - equity],
              paths: 1,
              horizonDays: 1,
            }).breachDailyLoss;
          expect([day('below'), day('at_or_below')]).toEqual([0, 1]);
        },
      ),
      { numRuns: 80 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom('initial_balance', 'high_water_mark' as const),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 10000, max: 13000 }),
        (amountOf, percent, markHundredths) => {
          const mark = markHundredths / 100;
          const rule = knownMaxLoss(
            { percent, type: 'trailing_eod', lockFloor: null, lockTriggerPercent: null, amountOf, amount: null, comparison: null },
            new Decimal(100),
          )!;
          const floor = maxLossFloor(rule, new Decimal(100), new Decimal(mark)).floor.toNumber();
          const run = (comparison: 'below' | 'at_or_below') =>
            simulateChallenge({
              state: { ...fresh, balancePercent: mark, highWaterMarkPercent: mark },
              rules: {
                ...noLimits,
                maxLossPercent: percent,
                maxLossType: 'trailing_eod',
                maxLossAmountOf: amountOf,
                maxLossComparison: comparison,
              },
              dailyPnlPercent: [floor - mark],
              paths: 1,
              horizonDays: 1,
            }).breachMaxLoss;
          expect([run('below'), run('at_or_below')]).toEqual([0, 1]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('more paths never widen the interval of a decided simulation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 2, max: 20 }), fc.boolean(), (paths, factor, up) => {
        const run = (n: number) =>
          simulateChallenge({
            state: fresh,
            rules: { ...noLimits, targetPercent: 1 },
            dailyPnlPercent: [up ? 2 : -2],
            paths: n,
            horizonDays: 3,
          });
        const width = (n: number) => run(n).passInterval.high - run(n).passInterval.low;
        expect(width(paths * factor)).toBeLessThan(width(paths));
      }),
      { numRuns: 40 },
    );
  });

  it('for the same estimate, more paths give a narrower interval', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 2, max: 20 }),
        (percent, base, factor) => {
          const n1 = base * 100;
          const n2 = n1 * factor;
          const w = (k: number, n: number) => {
            const i = wilsonInterval(k, n);
            return i.high - i.low;
          };
          expect(w(percent * base * factor, n2)).toBeLessThan(w(percent * base, n1));
        },
      ),
    );
  });
});

describe('a full-size run', () => {
  // How fast it runs is measured by `npm run bench -- coach` against a bare loop in the same run, not here:
  // a test must not depend on the machine's speed.
  it('10,000 paths × 60 days run every day of every path when nothing ends them', () => {
    const history = Array.from({ length: 250 }, (_, i) => Math.sin(i * 12.9898) * 1.5);
    const input: SimulationInput = {
      state: fresh,
      rules: { ...noLimits, dailyLossPercent: 50, maxLossPercent: 90 },
      dailyPnlPercent: history,
      paths: 10_000,
      horizonDays: 60,
      seed: 5,
    };
    const sim = simulateChallenge(input);
    expect(sim).toMatchObject({ paths: 10_000, horizonDays: 60, timeLimited: false, timeout: null, undecided: 1, passProbability: 0 });
    expect(bareLoopBaseline(10_000, 60, 5)).toEqual(expect.any(Number));
  });
});

describe('the rules a simulation reads', () => {
  const ftmo1Step: CoachRules = {
    profitTargetsPercent: [10],
    dailyLoss: { percent: 3, amountOf: 'initial_balance', basis: 'day_start_balance', resetClock: '00:00 CE(S)T' },
    maxLoss: { percent: 10, type: 'trailing_eod', lockFloor: 'initial_balance' },
    minTradingDays: { days: 0, perPhase: false },
    timeLimit: 'none',
    consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'blocks_pass' },
  };
  const read = (rules: CoachRules, phase: number | 'funded' | null = 0, initial: number | null = 100_000) =>
    readSimulationRules(effectiveRules(rules, null, null).rules, phase, initial);

  it('a best-day rule that blocks the pass decides it; one of unstated effect is only noted', () => {
    expect(read(ftmo1Step)).toMatchObject({ missing: [], notes: [], rules: { bestDay: { maxPercent: 50, of: 'total_profit' } } });
    const unstated = read({ ...ftmo1Step, consistency: { bestDayMaxPercent: 50, of: 'total_profit' } });
    expect([unstated.rules.bestDay, unstated.notes.length]).toEqual([undefined, 1]);
  });

  it('a what-if takes the target it is given, whatever the phases', () => {
    const rules = effectiveRules(ftmo1Step, null, null).rules;
    expect(simulationRulesFor(rules, 7, 100_000)).toEqual({ ...read(ftmo1Step).rules, targetPercent: 7 });
    expect(simulationRulesFor(rules, null).targetPercent).toBeNull();
  });

  it('names every unknown part instead of simulating a guess', () => {
    expect(read({ ...ftmo1Step, profitTargetsPercent: [10, null] }, 1).missing).toEqual(['profitTargetsPercent[1]']);
    expect(read(ftmo1Step, 'funded').rules.targetPercent).toBeNull();
    const vague: CoachRules = {
      ...ftmo1Step,
      dailyLoss: { percent: 5, amountOf: null, basis: null },
      maxLoss: null,
      minTradingDays: null,
      timeLimit: null,
    };
    // null: the challenge's phase label names no phase of the plan
    expect(read(vague, null).missing).toEqual([
      'profitTargetsPercent (the phase is unknown)',
      'dailyLoss.amountOf',
      'dailyLoss.basis',
      'maxLoss',
      'minTradingDays.days',
      'timeLimit',
    ]);
  });

  it("reads a fixed amount as a percentage of the account's initial balance, and a profitable-day count with its minimum", () => {
    const topstep: CoachRules = {
      ...ftmo1Step,
      dailyLoss: { percent: null, amountOf: null, basis: 'day_start_balance', amount: 1000 },
      maxLoss: { percent: null, type: 'trailing_eod', amount: 2000, comparison: 'at_or_below' },
      minTradingDays: { days: 3, perPhase: false, counts: 'profitable_day', minProfitPercent: 0.5 },
    };
    expect(read({ ...topstep, profitTargetsPercent: [6] }, 0, 50_000)).toMatchObject({
      missing: [],
      rules: { dailyLossPercent: 2, maxLossPercent: 4, maxLossComparison: 'at_or_below', minTradingDays: 3, profitableDayMinPercent: 0.5 },
    });
    expect(read(topstep, 'funded', null).missing).toEqual([
      "dailyLoss.amount (a fixed amount needs the account's initial balance)",
      "maxLoss.amount (a fixed amount needs the account's initial balance)",
    ]);
  });
});
