import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CoachInputError } from '../shared/errors.js';
import { addDays } from '../shared/calendar.js';
import type { CoachRules, DailyLossBasis, MaxLossType } from '../rules/types.js';
import { effectiveRules } from '../rules/effective.js';
import { readSimulationRules } from '../simulate/rules-for.js';
import { simulateChallenge } from '../simulate/simulate.js';
import { replayPlans } from './replay.js';
import type { ReplayHistoryDay, ReplayOutcome, ReplayPlan, ReplayPlanAnswer, ReplayTrade } from './types.js';

const INITIAL = 100_000;
const FIRST = '2026-03-02';

/** FTMO Challenge 2-Step as the catalog states it (ftmo.yaml). */
const FTMO_2_STEP: CoachRules = {
  profitTargetsPercent: [10, 5],
  dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: 'day_start_balance', resetClock: '00:00 CE(S)T' },
  maxLoss: { percent: 10, type: 'static' },
  minTradingDays: { days: 4, perPhase: true, counts: 'position_opened' },
  timeLimit: 'none',
  consistency: 'none',
};

interface DaySpec {
  pnl: number;
  /** The day's worst dip below its start equity (money, at least 0); absent: not known. */
  dip?: number;
  trades?: ReplayTrade[];
}

/** Consecutive UTC days from FIRST, each starting where the last closed. */
function history(days: readonly DaySpec[]): { initialBalance: string; days: ReplayHistoryDay[] } {
  let balance = INITIAL;
  return {
    initialBalance: String(INITIAL),
    days: days.map((d, i) => {
      const day = addDays(FIRST, i);
      const out: ReplayHistoryDay = {
        day,
        startUtc: `${day}T00:00:00Z`,
        endUtc: `${addDays(day, 1)}T00:00:00Z`,
        startBalance: String(balance),
        startEquity: String(balance),
        closedPnl: String(d.pnl),
        lowestEquity: d.dip === undefined ? null : String(balance - d.dip),
        trades: d.trades ?? null,
      };
      balance += d.pnl;
      return out;
    }),
  };
}

const plan = (rules: CoachRules, phases = rules.profitTargetsPercent?.length ?? 0, planId = 'p'): ReplayPlan => ({
  planId,
  rules,
  phases,
  accountSize: String(INITIAL),
});

function replayOne(days: readonly DaySpec[], p: ReplayPlan, from = FIRST, to = from): ReplayPlanAnswer {
  const answer = replayPlans({ history: history(days), plans: [p], from, to }).plans[0];
  if (!answer?.replayed) throw new Error(`not replayed: ${JSON.stringify(answer)}`);
  return answer;
}

const first = (answer: ReplayPlanAnswer): ReplayOutcome | undefined => answer.outcomes[0];

describe('replay: closed forms', () => {
  const steady = Array.from({ length: 20 }, () => ({ pnl: 3000 }));

  it('passes FTMO 2-Step phase 1 on day 4 (+3% a day, four trading days) and the whole challenge on day 8', () => {
    expect(first(replayOne(steady, plan(FTMO_2_STEP, 1)))).toEqual({ start: FIRST, outcome: 'passed', day: 4, on: addDays(FIRST, 3) });
    expect(first(replayOne(steady, plan(FTMO_2_STEP, 2)))).toEqual({ start: FIRST, outcome: 'passed', day: 8, on: addDays(FIRST, 7) });
  });

  it('a 4.5% dip on day 3 passes under FTMO (5% daily) and breaches a 4% daily limit that day, by 4,500', () => {
    const dipping = [{ pnl: 3000 }, { pnl: 3000 }, { pnl: 3000, dip: 4500 }, ...steady];
    expect(first(replayOne(dipping, plan(FTMO_2_STEP, 1)))).toMatchObject({ outcome: 'passed', day: 4 });
    const tighter: CoachRules = {
      ...FTMO_2_STEP,
      dailyLoss: { ...(FTMO_2_STEP.dailyLoss as object), percent: 4 } as CoachRules['dailyLoss'],
    };
    expect(first(replayOne(dipping, plan(tighter, 1)))).toEqual({
      start: FIRST,
      outcome: 'breached',
      rule: 'dailyLoss',
      phase: 0,
      day: 3,
      on: addDays(FIRST, 2),
      amount: '4500',
      floor: '102000',
    });
  });

  it('a trailing maximum loss breaches where a static one of the same size does not', () => {
    const days = [{ pnl: 4000 }, { pnl: 4000 }, { pnl: -3000 }, { pnl: -3500 }, { pnl: 0 }];
    const trailing: CoachRules = { ...FTMO_2_STEP, dailyLoss: 'none', maxLoss: { percent: 6, type: 'trailing_eod' } };
    expect(first(replayOne(days, plan(trailing, 1)))).toEqual({
      start: FIRST,
      outcome: 'breached',
      rule: 'maxLoss',
      phase: 0,
      day: 4,
      on: addDays(FIRST, 3),
      amount: '6500',
      floor: '102000',
    });
    expect(first(replayOne(days, plan({ ...trailing, maxLoss: { percent: 6, type: 'static' } }, 1)))).toEqual({
      start: FIRST,
      outcome: 'open',
    });
  });

  it("a trade's adverse excursion is the day's dip: the answer's unit is trades", () => {
    const trade = (mae: string): ReplayTrade => ({
      openedAt: `${FIRST}T08:00:00Z`,
      closedAt: `${FIRST}T10:00:00Z`,
      profit: '500',
      mae,
    });
    const answer = replayPlans({
      history: history([{ pnl: 500, trades: [trade('-5500')] }]),
      plans: [plan(FTMO_2_STEP, 1)],
      from: FIRST,
      to: FIRST,
    });
    expect(answer.unit).toBe('trades');
    expect((answer.plans[0] as ReplayPlanAnswer).outcomes[0]).toMatchObject({
      outcome: 'breached',
      rule: 'dailyLoss',
      day: 1,
      amount: '5500',
    });
    const shallow = replayPlans({
      history: history([{ pnl: 500, trades: [trade('-4500')] }]),
      plans: [plan(FTMO_2_STEP, 1)],
      from: FIRST,
      to: FIRST,
    });
    expect((shallow.plans[0] as ReplayPlanAnswer).outcomes[0]).toEqual({ start: FIRST, outcome: 'open' });
    expect(replayPlans({ history: history([{ pnl: 500 }]), plans: [], from: FIRST, to: FIRST }).unit).toBe('days');
  });

  it('a time limit ends an attempt the day after it runs out', () => {
    const slow = Array.from({ length: 10 }, () => ({ pnl: 1000 }));
    expect(first(replayOne(slow, plan({ ...FTMO_2_STEP, timeLimit: { days: 3 } }, 1)))).toMatchObject({
      outcome: 'breached',
      rule: 'timeLimit',
      day: 4,
      amount: null,
    });
  });

  it('a best-day rule that blocks holds the pass back; one that fails ends the attempt', () => {
    const days = [
      { pnl: 8000 },
      { pnl: 500 },
      { pnl: 500 },
      { pnl: 500 },
      { pnl: 500 },
      ...Array.from({ length: 10 }, () => ({ pnl: 2000 })),
    ];
    const rules = (effect: 'blocks_pass' | 'fails'): CoachRules => ({
      ...FTMO_2_STEP,
      minTradingDays: { days: 0, perPhase: true },
      consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect },
    });
    // Day 4: 109.5, best 8 > 50% of 9.5; day 5: 110 with 8 > 5; day 6: 112 and 8 ≤ 6? no; day 7: 114, 8 ≤ 7? no; day 8: 116, 8 ≤ 8.
    expect(first(replayOne(days, plan(rules('blocks_pass'), 1)))).toMatchObject({ outcome: 'passed', day: 8 });
    expect(first(replayOne(days, plan(rules('fails'), 1)))).toMatchObject({ outcome: 'breached', rule: 'consistency', day: 5 });
  });

  it('a plan with unknown rules is never replayed and names them, as is one unknown only from a purchase date in the range', () => {
    const unknownBasis: CoachRules = {
      ...FTMO_2_STEP,
      dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: null, resetClock: '00:00 CE(S)T' },
    };
    const answer = replayPlans({
      history: history(steady),
      plans: [plan(unknownBasis, 2, 'a'), plan(FTMO_2_STEP, 2, 'b')],
      from: FIRST,
      to: addDays(FIRST, 5),
    });
    expect(answer.plans[0]).toEqual({ planId: 'a', replayed: false, unknownRules: ['dailyLoss.basis'] });
    expect(answer.plans[1]).toMatchObject({ planId: 'b', replayed: true, starts: 6 });
    const laterUnknown = {
      ...FTMO_2_STEP,
      variants: [{ when: { purchasedFrom: addDays(FIRST, 3) }, rules: { timeLimit: null } }],
    } as CoachRules;
    expect(replayPlans({ history: history(steady), plans: [plan(laterUnknown, 2)], from: FIRST, to: addDays(FIRST, 5) }).plans[0]).toEqual({
      planId: 'p',
      replayed: false,
      unknownRules: ['timeLimit'],
    });
    // Before that date the same plan replays: the rules are read as on each start date.
    expect(
      replayPlans({ history: history(steady), plans: [plan(laterUnknown, 2)], from: FIRST, to: addDays(FIRST, 2) }).plans[0],
    ).toMatchObject({ replayed: true });
  });

  it('a purchase-date variant applies from its date: a later start meets the newer rule', () => {
    const days = [{ pnl: 3000 }, { pnl: 3000 }, { pnl: 3000, dip: 4500 }, ...steady];
    const tighterLater = {
      ...FTMO_2_STEP,
      variants: [{ when: { purchasedFrom: addDays(FIRST, 1) }, rules: { dailyLoss: { percent: 4 } } }],
    } as CoachRules;
    const answer = replayOne(days, plan(tighterLater, 1), FIRST, addDays(FIRST, 1));
    expect(answer.outcomes.map((o) => o.outcome)).toEqual(['passed', 'breached']);
  });

  it('outcomesOf lists one plan’s start dates and keeps every plan’s counts and summary', () => {
    const days = [{ pnl: -1000, dip: 6000 }, { pnl: 3000 }, { pnl: 3000 }, { pnl: 3000 }, { pnl: 3000 }, { pnl: 0 }];
    const plans = [plan(FTMO_2_STEP, 1, 'a'), plan(FTMO_2_STEP, 2, 'b')];
    const input = { history: history(days), plans, from: FIRST, to: addDays(FIRST, 5) };
    const all = replayPlans(input).plans as ReplayPlanAnswer[];
    const one = replayPlans({ ...input, outcomesOf: 'b' }).plans as ReplayPlanAnswer[];
    const none = replayPlans({ ...input, outcomesOf: null }).plans as ReplayPlanAnswer[];
    expect(all.map((p) => p.outcomes.length)).toEqual([6, 6]);
    expect(one.map((p) => p.outcomes.length)).toEqual([0, 6]);
    expect(none.map((p) => p.outcomes.length)).toEqual([0, 0]);
    const withoutOutcomes = (answers: ReplayPlanAnswer[]) => answers.map(({ outcomes: _outcomes, ...rest }) => rest);
    expect(withoutOutcomes(one)).toEqual(withoutOutcomes(all));
    expect(withoutOutcomes(none)).toEqual(withoutOutcomes(all));
    expect(one[1]?.outcomes).toEqual(all[1]?.outcomes);
  });

  it('summarises: pass share, median days, the most frequent breach and the worst start', () => {
    const days = [{ pnl: -1000, dip: 6000 }, { pnl: 3000 }, { pnl: 3000 }, { pnl: 3000 }, { pnl: 3000 }, { pnl: 0 }];
    const answer = replayOne(days, plan(FTMO_2_STEP, 1), FIRST, addDays(FIRST, 5));
    expect(answer.outcomes.map((o) => o.outcome)).toEqual(['breached', 'passed', 'open', 'open', 'open', 'open']);
    expect(answer).toMatchObject({
      starts: 6,
      passed: 1,
      breached: 1,
      passShare: 1 / 6,
      medianDaysToPass: 4,
      mostFrequentBreach: { rule: 'dailyLoss', count: 1 },
    });
    expect(answer.worstStart).toMatchObject({ start: FIRST, rule: 'dailyLoss', day: 1, amount: '6000' });
    const passing = replayOne([...days.slice(1, 5), { pnl: 3000 }, { pnl: 3000 }], plan(FTMO_2_STEP, 1), FIRST, addDays(FIRST, 2));
    expect(passing).toMatchObject({ passShare: 1, medianDaysToPass: 4, worstStart: null, mostFrequentBreach: null });
  });

  it('agrees with the simulation engine on a history whose every day is the same (every path is that history)', () => {
    const rules = effectiveRules(FTMO_2_STEP, null, null).rules;
    const sim = readSimulationRules(rules, 0, INITIAL).rules;
    for (const [pnl, dip] of [
      [500, 1000],
      [500, 5500],
      [-300, 300],
    ] as const) {
      const days = Array.from({ length: 40 }, () => ({ pnl, dip }));
      const replayed = first(replayOne(days, plan(FTMO_2_STEP, 1)));
      const simulated = simulateChallenge({
        state: { balancePercent: 100, highWaterMarkPercent: 100, daysDone: 0, tradingDaysDone: 0, daysLeft: 40 },
        rules: sim,
        dailyPnlPercent: [pnl / 1000],
        dailyLowPercent: [-dip / 1000],
        paths: 10,
        method: 'iid',
      });
      if (replayed?.outcome === 'passed') expect([simulated.passProbability, simulated.daysToPass?.median]).toEqual([1, replayed.day]);
      else if (replayed?.outcome === 'breached')
        expect([simulated.breachDailyLoss, simulated.breachMaxLoss]).toEqual(replayed.rule === 'dailyLoss' ? [1, 0] : [0, 1]);
      else expect(simulated.timeout).toBe(1);
    }
  });

  it('refuses bad input with a coded error, never a crash', () => {
    const bad = (mutate: (h: ReturnType<typeof history>) => void, from = FIRST) => {
      const h = history(steady);
      mutate(h);
      return () => replayPlans({ history: h, plans: [plan(FTMO_2_STEP)], from, to: FIRST });
    };
    expect(bad((h) => (h.initialBalance = 'abc'))).toThrow(CoachInputError);
    expect(bad((h) => ((h.days[0] as ReplayHistoryDay).closedPnl = '1e'))).toThrow(/history.days\[0\].closedPnl/);
    expect(bad((h) => ((h.days[1] as ReplayHistoryDay).startUtc = '2026-03-03T00:00:00'))).toThrow(/offset/);
    expect(bad(() => undefined, '2026-02-30')).toThrow(CoachInputError);
    expect(bad(() => undefined, '2026-03-05')).toThrow(/range/);
    expect(bad((h) => ((h.days[0] as ReplayHistoryDay).trades = [null as unknown as ReplayTrade]))).toThrow(/trades\[0\]/);
    const loose = (input: unknown) => () => replayPlans(input as Parameters<typeof replayPlans>[0]);
    expect(loose({ history: null, plans: [], from: FIRST, to: FIRST })).toThrow(CoachInputError);
    expect(loose({ history: history(steady), plans: 'all', from: FIRST, to: FIRST })).toThrow(/plans/);
    expect(loose({ history: history(steady), plans: [null], from: FIRST, to: FIRST })).toThrow(/plans\[0\]/);
  });
});

describe('replay: properties', () => {
  const dayArb = fc.record({ pnl: fc.integer({ min: -3000, max: 3000 }), dip: fc.integer({ min: 0, max: 4000 }) });
  const rulesArb = fc.record({
    target: fc.integer({ min: 1, max: 10 }),
    daily: fc.integer({ min: 2, max: 6 }),
    amountOf: fc.constantFrom('initial_balance' as const, 'reference' as const),
    basis: fc.constantFrom(
      'initial_balance' as const,
      'day_start_balance' as const,
      'max_balance_equity' as const,
      'day_start_equity' as const,
    ),
    max: fc.integer({ min: 4, max: 12 }),
    type: fc.constantFrom('static' as const, 'trailing_eod' as const, 'trailing_equity' as const),
    minDays: fc.integer({ min: 0, max: 5 }),
  });
  interface RandomRules {
    target: number;
    daily: number;
    amountOf: 'initial_balance' | 'reference';
    basis: DailyLossBasis;
    max: number;
    type: MaxLossType;
    minDays: number;
  }
  const rulesOf = (r: RandomRules): CoachRules => ({
    profitTargetsPercent: [r.target],
    dailyLoss: { percent: r.daily, amountOf: r.amountOf, basis: r.basis, resetClock: '00:00 CE(S)T' },
    maxLoss: { percent: r.max, type: r.type },
    minTradingDays: { days: r.minDays, perPhase: true },
    timeLimit: 'none',
    consistency: 'none',
  });

  it('the outcome of a start date does not depend on the history before it', () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.array(dayArb, { minLength: 2, maxLength: 40 }),
        fc.array(dayArb, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        (r, a, b, k) => {
          const start = k % a.length;
          const other = a.map((d, i) => (i < start ? (b[i % b.length] as DaySpec) : d));
          const on = addDays(FIRST, start);
          const p = plan(rulesOf(r), 1);
          // The balance before the start differs, so compare the outcome itself (days and amounts are from the start).
          expect(first(replayOne(other, p, on))).toEqual(first(replayOne(a, p, on)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a history of flat days never passes a plan with a target above 0', () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 3 }), (r, n, phases) => {
        const flat = Array.from({ length: n }, () => ({ pnl: 0 }));
        const rules = rulesOf(r);
        const answer = replayOne(
          flat,
          plan({ ...rules, profitTargetsPercent: Array.from({ length: phases }, () => r.target) }, phases),
          FIRST,
          addDays(FIRST, n - 1),
        );
        expect(answer.outcomes.filter((o) => o.outcome === 'passed')).toEqual([]);
        expect(answer.starts).toBe(n);
      }),
      { numRuns: 150 },
    );
  });

  it('raising every day never turns a pass into a loss-rule breach', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(fc.tuple(dayArb, fc.integer({ min: 0, max: 2000 })), { minLength: 1, maxLength: 40 }), (r, days) => {
        // No minimum of trading days: a loss raised to exactly 0 would stop being a trading day and delay the pass.
        const p = plan({ ...rulesOf(r), minTradingDays: { days: 0, perPhase: true } }, 1);
        const base = days.map(([d]) => d);
        const raised = days.map(([d, up]) => ({ pnl: d.pnl + up, dip: d.dip }));
        const to = addDays(FIRST, days.length - 1);
        const before = replayOne(base, p, FIRST, to).outcomes;
        const after = replayOne(raised, p, FIRST, to).outcomes;
        before.forEach((o, i) => {
          const then = after[i];
          if (o.outcome === 'passed')
            expect(then?.outcome === 'breached' && (then.rule === 'dailyLoss' || then.rule === 'maxLoss')).toBe(false);
        });
      }),
      { numRuns: 200 },
    );
  });
});
