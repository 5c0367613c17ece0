import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { CoachRules } from '../rules/types.js';
import { effectiveRules } from '../rules/effective.js';
import { readSimulationRules } from '../simulate/rules-for.js';
import { simulateChallenge } from '../simulate/simulate.js';
import { CoachInputError } from '../shared/errors.js';
import { fitPlans, FIT_SCALES, MAX_FIT_CELLS } from './fit.js';
import type { FitPlan } from './types.js';

/** FTMO Challenge 2-Step as the catalog states it, with its payout terms (ftmo.yaml). */
const FTMO: CoachRules = {
  profitTargetsPercent: [10, 5],
  dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'day_start_balance', resetClock: '00:00 CE(S)T' },
  maxLoss: { percent: 10, type: 'static' },
  minTradingDays: { days: 4, perPhase: true, counts: 'position_opened' },
  timeLimit: 'none',
  consistency: 'none',
};
const PAYOUTS = {
  profitSplit: { percent: 80 },
  payout: { cadence: 'bi_weekly', firstAfterDays: 14 },
  feeRefund: { when: 'first_payout' },
};

const plan = (rules: CoachRules, over: Partial<FitPlan> = {}): FitPlan => ({
  planId: 'p',
  rules,
  phases: rules.profitTargetsPercent?.length ?? 0,
  accountSize: 100_000,
  price: 540,
  purchasedOn: '2026-03-01',
  ...over,
});

/** A positive-drift series with losing days: some paths pass, some breach. */
const SERIES = Array.from({ length: 60 }, (_, i) => [1.4, -0.9, 0.6, -1.8, 2.1, 0.3, -0.5, 1.0, -2.6, 0.8][i % 10] ?? 0);

describe('fitPlans', () => {
  it('phase 1 at the current risk is simulateChallenge on the same seed, and a one-phase plan’s pass is exactly it', () => {
    const oneStep = { ...FTMO, profitTargetsPercent: [10] };
    const answer = fitPlans({ dailyPnlPercent: SERIES, paths: 3000, seed: 7, plans: [plan(FTMO), plan(oneStep, { planId: 'one' })] });
    const rules = readSimulationRules(effectiveRules(FTMO, null, null).rules, 0, 100_000).rules;
    const single = simulateChallenge({
      state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: null },
      rules,
      dailyPnlPercent: SERIES,
      paths: 3000,
      seed: 7,
    });
    const [two, one] = answer.plans;
    expect(two?.atCurrentRisk?.phases[0]).toEqual({
      passProbability: single.passProbability,
      passInterval: single.passInterval,
      medianDaysToPass: single.daysToPass?.median ?? null,
    });
    expect(one?.atCurrentRisk?.passProbability).toBe(single.passProbability);
    expect(one?.atCurrentRisk?.passInterval).toEqual(single.passInterval);
    // Two phases: the product of each phase's odds.
    const phases = two?.atCurrentRisk?.phases ?? [];
    expect(two?.atCurrentRisk?.passProbability).toBeCloseTo((phases[0]?.passProbability ?? 0) * (phases[1]?.passProbability ?? 0), 12);
  });

  it('a plan whose evaluation rules are unknown names them and gets no odds', () => {
    const unknown = { ...FTMO, dailyLoss: null } as unknown as CoachRules;
    const [row] = fitPlans({ dailyPnlPercent: SERIES, paths: 500, plans: [plan(unknown)] }).plans;
    expect(row).toMatchObject({ simulated: false, atCurrentRisk: null, best: null });
    expect(row?.unknownRules).toContain('dailyLoss');
  });

  it('without payout rules the value is null and the missing rules are named; with them it is price-consistent', () => {
    const [none, paid] = fitPlans({
      dailyPnlPercent: SERIES,
      paths: 2000,
      plans: [plan(FTMO), plan({ ...FTMO, ...PAYOUTS }, { planId: 'paid' })],
    }).plans;
    expect(none?.atCurrentRisk?.expectedValue).toBeNull();
    expect(none?.unknownPayoutRules).toEqual(expect.arrayContaining(['profitSplit.percent', 'payout.firstAfterDays', 'feeRefund.when']));
    const odds = paid?.atCurrentRisk;
    expect(paid?.unknownPayoutRules).toEqual([]);
    expect(odds?.expectedValue).not.toBeNull();
    expect(odds?.expectedValue).toBeCloseTo((odds?.expectedPayouts ?? 0) + (odds?.expectedRefund ?? 0) - 540, 6);
    // The refund comes only with a payout, and a payout only after the pass.
    expect(odds?.expectedRefund ?? 0).toBeLessThanOrEqual((odds?.payoutProbability ?? 0) * 540 + 1e-9);
    expect(odds?.payoutProbability ?? 0).toBeLessThanOrEqual(odds?.passProbability ?? 0);
  });

  it('a history that never loses: every path passes, pays out, and the refund is the whole price', () => {
    const up = Array.from({ length: 30 }, () => 1);
    const [row] = fitPlans({ dailyPnlPercent: up, paths: 200, plans: [plan({ ...FTMO, ...PAYOUTS })] }).plans;
    const odds = row?.atCurrentRisk;
    expect(odds?.passProbability).toBe(1);
    expect(odds?.payoutProbability).toBe(1);
    expect(odds?.expectedRefund).toBeCloseTo(540, 9);
    // 180 calendar days = 129 trading days at +1% a day, paid every 10 from day 10: 12 payouts of 10% and 9% left unpaid.
    expect(odds?.expectedPayouts).toBeCloseTo(0.8 * 100_000 * (12 * 0.1), 6);
  });

  it('the best scale is one of the searched range and never worse than the current risk', () => {
    const [row] = fitPlans({ dailyPnlPercent: SERIES, paths: 2000, plans: [plan(FTMO)] }).plans;
    expect(FIT_SCALES).toContain(row?.best?.riskScale);
    expect(row?.best?.passProbability ?? 0).toBeGreaterThanOrEqual(row?.atCurrentRisk?.passProbability ?? 1);
  });

  it('closed form: +0.5 % every day, a 10 % target within 10 days fails at ×1 and passes at ×2, the nearest scale that does', () => {
    const tenDays = { ...FTMO, profitTargetsPercent: [10], timeLimit: { days: 10 } } as CoachRules;
    const [row] = fitPlans({ dailyPnlPercent: [0.5, 0.5, 0.5], paths: 300, plans: [plan(tenDays)] }).plans;
    expect(row?.atCurrentRisk?.passProbability).toBe(0);
    expect(row?.best).toMatchObject({ riskScale: 2, passProbability: 1, daysToPass: 10 });
  });

  it('more paths never widen the pass interval (same seed: the first paths are the same)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 100, max: 1000 }), (seed, paths) => {
        const at = (n: number) => fitPlans({ dailyPnlPercent: SERIES, paths: n, seed, plans: [plan(FTMO)] }).plans[0]?.atCurrentRisk;
        const few = at(paths);
        const many = at(paths * 4);
        const width = (o: typeof few) => (o?.passInterval.high ?? 0) - (o?.passInterval.low ?? 0);
        expect(width(many)).toBeLessThanOrEqual(width(few) + 1e-12);
      }),
      { numRuns: 15 },
    );
  });

  it('refuses more paths × plans than the bound, naming it', () => {
    const plans = Array.from({ length: 200 }, (_, i) => plan(FTMO, { planId: `p${i}` }));
    expect(() => fitPlans({ dailyPnlPercent: SERIES, paths: 10_000, plans })).toThrow(CoachInputError);
    expect(() => fitPlans({ dailyPnlPercent: SERIES, paths: 10_000, plans })).toThrow(String(MAX_FIT_CELLS));
  });
});
