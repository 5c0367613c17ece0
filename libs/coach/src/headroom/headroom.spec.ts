import fc from 'fast-check';
import Value from 'typebox/value';
import { firmDayOf } from '../clock/firm-day.js';
import { addDays } from '../shared/calendar.js';
import { effectiveRules } from '../rules/effective.js';
import type { CoachRules } from '../rules/types.js';
import { computeHeadroom, type DayReport, type HeadroomInput, type IntradaySnapshot } from './compute.js';
import { HeadroomSchema } from './schema.js';

/** FTMO 2-Step as the catalog loader hands it over: every field present, extras included. */
const ftmoCatalogRules = {
  profitTargetsPercent: [10, 5],
  dailyLoss: {
    percent: 5,
    amountOf: 'initial_balance',
    basis: 'day_start_balance',
    resetClock: '00:00 CE(S)T',
    note: 'Counted from the previous midnight balance.',
  },
  maxLoss: { percent: 10, type: 'static', lockFloor: null, lockTriggerPercent: null, note: 'Equity must stay at or above 90%.' },
  minTradingDays: { days: 4, perPhase: true, note: null },
  timeLimit: 'none',
  profitSplit: { percent: null, maxPercent: 90, note: null },
  payout: { cadence: 'bi_weekly', firstAfterDays: 14, note: null },
  feeRefund: { when: 'first_payout', note: null },
  eaPolicy: 'allowed',
  newsTrading: 'restricted',
  newsWindowMinutes: null,
  weekendHolding: 'banned',
  hedging: null,
  maxRiskPerTradePercent: null,
  deferredFee: null,
  other: [],
  otherSources: [],
} as const;

const ftmo = effectiveRules(ftmoCatalogRules, null, { planId: 'ftmo-2-step-100k', checkedOn: '2025-09-04' });
const ACCOUNT = { currency: 'EUR', initialBalance: '100000' };
const report = (day: string, balance: string, equity: string, closedPnl: string): DayReport => ({ day, balance, equity, closedPnl });
const snap = (day: string, at: string, balance: string, equity: string, minEquity: string, maxEquity: string): IntradaySnapshot => ({
  day,
  at,
  balance,
  equity,
  minEquity,
  maxEquity,
});

const ftmoDays = [
  report('2026-03-02', '101000', '101200', '1000'),
  report('2026-03-03', '99500', '99500', '-1500'),
  report('2026-03-04', '102250.50', '102000.25', '2750.50'),
];
const ftmoInput = (over: Partial<HeadroomInput> = {}): HeadroomInput => ({
  at: new Date('2026-03-05T10:00:00Z'), // 11:00 in Prague, firm day 2026-03-05
  rules: ftmo,
  phaseIndex: 0,
  account: ACCOUNT,
  days: ftmoDays,
  snapshots: [snap('2026-03-05', '2026-03-05T09:00:00Z', '102250.50', '99800', '98900.75', '102400')],
  startedOn: '2026-03-02',
  ...over,
});

describe('FTMO 2-Step 100k: 5% daily from the day-start balance, 10% static', () => {
  it('hand-computed headroom on the fourth day', () => {
    const h = computeHeadroom(ftmoInput());
    expect(Value.Check(HeadroomSchema, h)).toBe(true);
    expect(h.dailyLoss).toEqual({
      day: {
        day: '2026-03-05',
        startUtc: '2026-03-04T23:00:00Z',
        endUtc: '2026-03-05T23:00:00Z',
        startLocal: '2026-03-05T00:00:00+01:00',
        endLocal: '2026-03-06T00:00:00+01:00',
      },
      reference: { level: 102250.5, kind: 'day_start_balance', source: 'report', sourceDay: '2026-03-04', accuracy: 'exact', why: null },
      comparison: 'below',
      limit: 5000, // 5% of the initial balance, not of the reference
      floor: 97250.5,
      used: 2450.5,
      left: 2549.5,
      leftPercent: 50.99,
      lowestEquity: 98900.75,
      lowestLeft: 1650.25,
      breach: null,
    });
    expect(h.maxLoss).toEqual({
      type: 'static',
      limitOf: 'initial_balance',
      comparison: 'below',
      highWaterMark: 100000,
      limit: 10000,
      floor: 90000,
      left: 9800,
      leftPercent: 98,
      locked: false,
      lockedAt: null,
      breach: null,
    });
    expect(h.breach).toBeNull();
    expect(h.target).toEqual({ phase: 1, percent: 10, level: 110000, remaining: 7749.5, percentDone: 22.51 });
    expect(h.tradingDays).toEqual({ done: 3, countedFrom: 'balance_change', required: 4, perPhase: true, timeLimitDaysLeft: null });
    expect(h.nextReset).toEqual({
      at: '2026-03-05T23:00:00Z',
      dailyFloorAfterReset: 97250.5,
      carriedFloating: -2450.5,
      leftAfterReset: 2549.5,
    });
    expect(h.stale).toEqual({
      isStale: false,
      basedOn: 'snapshot at 2026-03-05T09:00:00Z',
      source: 'snapshot',
      day: null,
      asOf: '2026-03-05T09:00:00Z',
    });
    expect(h.consistency).toBeNull();
    // The unknown consistency rule cannot fail the account, so the status stays ok; it is still an `unknown`
    // finding, so the pre-trade check never clears a trade past it.
    expect(h.status).toBe('ok');
    expect(h.reasons).toEqual([
      {
        rule: 'consistency',
        kind: 'unknown',
        code: 'consistency.unknown',
        values: { source: 'plan' },
        message: "the plan's consistency (best day) rule is unknown",
      },
    ]);
  });

  it('phase 2 measures the 5% target from the same initial balance', () => {
    const h = computeHeadroom(ftmoInput({ phaseIndex: 1 }));
    expect(h.target).toEqual({ phase: 2, percent: 5, level: 105000, remaining: 2749.5, percentDone: 45.01 });
  });

  it('the first day, before any roll-over, measures from the initial balance', () => {
    const h = computeHeadroom(ftmoInput({ at: new Date('2026-03-02T08:00:00Z'), days: [], snapshots: [] }));
    expect([h.dailyLoss.reference, h.dailyLoss.floor, h.dailyLoss.left]).toEqual([
      { level: 100000, kind: 'day_start_balance', source: 'initial_balance', sourceDay: null, accuracy: 'exact', why: null },
      95000,
      5000,
    ]);
    expect(h.stale).toEqual({
      isStale: false,
      basedOn: 'no data yet: the initial balance',
      source: 'initial_balance',
      day: null,
      asOf: null,
    });
    expect([h.tradingDays.done, h.status]).toEqual([0, 'ok']);
  });

  it('warns below a quarter of the limit, and the threshold is an input', () => {
    const lowSnapshot = [snap('2026-03-05', '2026-03-05T09:00:00Z', '102250.50', '98000', '98000', '102250.50')];
    const h = computeHeadroom(ftmoInput({ snapshots: lowSnapshot }));
    expect(h.dailyLoss.left).toBe(749.5);
    expect(h.status).toBe('warning');
    expect(h.reasons.find((r) => r.kind === 'warning')?.message).toMatch(/14\.99% of today's daily loss limit is left/);
    expect(computeHeadroom(ftmoInput({ snapshots: lowSnapshot, warningThreshold: 0.1 })).status).toBe('ok');
  });

  it('an intraday low under the floor is a breach even after equity recovered, and is only reported', () => {
    const s = [snap('2026-03-05', '2026-03-05T09:00:00Z', '102250.50', '101000', '97250.49', '102250.50')];
    const input = ftmoInput({ snapshots: s });
    const h = computeHeadroom(input);
    expect(h.status).toBe('breached');
    expect(h.dailyLoss.left).toBe(3749.5);
    expect(h.dailyLoss.lowestLeft).toBe(-0.01);
    expect(h.reasons).toContainEqual({
      rule: 'dailyLoss',
      kind: 'breached',
      code: 'dailyLoss.breached',
      values: { day: '2026-03-05', lowestEquity: 97250.49, floor: 97250.5, by: 0.01, at: '2026-03-05T09:00:00Z', currency: 'EUR' },
      message: "equity fell to 97250.49 EUR on 2026-03-05, 0.01 below that day's daily loss floor 97250.5",
    });
    // Every advising answer leads with it: the headroom names the rule, the instant and the amount.
    expect(h.breach).toEqual({
      rule: 'dailyLoss',
      day: '2026-03-05',
      at: '2026-03-05T09:00:00Z',
      atLocal: '2026-03-05T10:00:00+01:00',
      floor: 97250.5,
      lowestEquity: 97250.49,
      by: 0.01,
    });
    expect(input.snapshots).toEqual(s); // nothing changed
    // Exactly at the floor is still allowed.
    const atFloor = [snap('2026-03-05', '2026-03-05T09:00:00Z', '102250.50', '101000', '97250.50', '102250.50')];
    expect(computeHeadroom(ftmoInput({ snapshots: atFloor })).status).toBe('ok');
  });

  it('a breach on a past day is found from its closing equity when it has no snapshots', () => {
    const days = [report('2026-03-02', '101000', '101000', '1000'), report('2026-03-03', '100000', '95999', '-1000')];
    const h = computeHeadroom(ftmoInput({ days, snapshots: [] }));
    expect(h.reasons.filter((r) => r.kind === 'breached').map((r) => r.message)).toEqual([
      "equity fell to 95999 EUR on 2026-03-03, 1 below that day's daily loss floor 96000", // floor 101000 − 5000
    ]);
    // A report's equity is the level at the roll-over: the breach is dated at the day's end.
    expect(h.breach).toMatchObject({ rule: 'dailyLoss', day: '2026-03-03', at: '2026-03-03T23:00:00Z', by: 1 });
    expect(h.status).toBe('breached');
  });

  it('the static maximum loss is judged on the lowest equity', () => {
    const s = [snap('2026-03-05', '2026-03-05T09:00:00Z', '95000', '95000', '89999.99', '96000')];
    const days = [report('2026-03-04', '95000', '95000', '-5000')];
    const h = computeHeadroom(ftmoInput({ days, snapshots: s, startedOn: '2026-03-04' }));
    expect(h.reasons.map((r) => [r.rule, r.kind])).toContainEqual(['maxLoss', 'breached']);
  });

  it('positions held over midnight: tomorrow floor above equity warns before the reset', () => {
    // Today closed profits lifted the balance to 106000 while 5500 floats at a loss.
    const s = [snap('2026-03-05', '2026-03-05T20:00:00Z', '106000', '100500', '100400', '106000')];
    const h = computeHeadroom(ftmoInput({ at: new Date('2026-03-05T21:00:00Z'), snapshots: s }));
    expect(h.dailyLoss.left).toBe(3249.5); // today's floor is still 97250.50
    expect(h.nextReset).toEqual({ at: '2026-03-05T23:00:00Z', dailyFloorAfterReset: 101000, carriedFloating: -5500, leftAfterReset: -500 });
    expect(h.status).toBe('warning');
    expect(h.reasons.some((r) => r.kind === 'warning' && r.message.startsWith('holding the open positions'))).toBe(true);
  });

  it('marks the answer stale when the newest data is older than the limit', () => {
    const h = computeHeadroom(ftmoInput({ at: new Date('2026-03-07T10:00:00Z') }));
    expect(h.stale).toEqual({
      isStale: true,
      basedOn: 'snapshot at 2026-03-05T09:00:00Z',
      source: 'snapshot',
      day: null,
      asOf: '2026-03-05T09:00:00Z',
    });
    expect(h.reasons).toContainEqual({
      rule: 'data',
      kind: 'stale',
      code: 'data.stale',
      values: { hours: 49, asOf: '2026-03-05T09:00:00Z' },
      message: 'no data for 49 hours: based on snapshot at 2026-03-05T09:00:00Z',
    });
    const reportsOnly = computeHeadroom(ftmoInput({ snapshots: [], at: new Date('2026-03-05T10:00:00Z') }));
    expect(reportsOnly.stale).toEqual({
      isStale: false,
      basedOn: 'report of 2026-03-04',
      source: 'report',
      day: '2026-03-04',
      asOf: '2026-03-04T23:00:00Z',
    });
    // Without a snapshot today the day is judged on the last close: nothing used yet.
    expect([reportsOnly.dailyLoss.used, reportsOnly.dailyLoss.lowestEquity]).toEqual([250.25, 102000.25]);
  });

  it("the challenge's override wins field by field and says so", () => {
    const rules = effectiveRules(
      ftmoCatalogRules,
      { dailyLoss: { percent: 4 }, timeLimit: { days: 30 } },
      { planId: 'ftmo-2-step-100k', checkedOn: '2025-09-04' },
    );
    expect(rules.provenance.dailyLoss).toEqual({
      source: 'challenge',
      overridden: ['percent'],
      planId: 'ftmo-2-step-100k',
      checkedOn: '2025-09-04',
      cited: null, // the plan's rule cites no page here
      disputed: false,
    });
    expect(rules.provenance.maxLoss.source).toBe('plan');
    const h = computeHeadroom(ftmoInput({ rules }));
    expect([h.dailyLoss.limit, h.dailyLoss.floor, h.dailyLoss.reference?.kind]).toEqual([4000, 98250.5, 'day_start_balance']);
    expect(h.tradingDays.timeLimitDaysLeft).toBe(26); // 30 days from 03-02, today 03-05 is the 4th
    expect(h.status).toBe('ok');
  });
});

describe('unknown rules', () => {
  it('an unreadable reset clock leaves the status unknown, with the reason, and no day window', () => {
    const rules = effectiveRules(
      { ...ftmoCatalogRules, dailyLoss: { ...ftmoCatalogRules.dailyLoss, resetClock: '00:00 server time' } },
      null,
      null,
    );
    const h = computeHeadroom(ftmoInput({ rules }));
    expect(h.status).toBe('unknown');
    expect(h.reasons).toContainEqual({
      rule: 'dailyLoss',
      kind: 'unknown',
      code: 'dailyLoss.rollover_unreadable',
      values: { source: 'plan', resetClock: '00:00 server time' },
      message: 'the plan\'s daily loss reset time "00:00 server time" cannot be read as a clock',
    });
    expect(h.dailyLoss.day).toBeNull();
    expect(h.dailyLoss.floor).toBe(97250.5); // the levels are still shown, on the data's own day names
  });

  it('a missing reset clock, basis and max-loss type are each named', () => {
    const rules = effectiveRules(
      {
        ...ftmoCatalogRules,
        dailyLoss: { percent: 3, amountOf: 'initial_balance', basis: null, resetClock: null },
        maxLoss: { percent: 10, type: null },
      },
      null,
      null,
    );
    const h = computeHeadroom(ftmoInput({ rules }));
    expect(h.status).toBe('unknown');
    expect(h.reasons.filter((r) => r.kind === 'unknown').map((r) => r.message)).toEqual([
      "the plan's daily loss reference level (day-start balance, higher of balance and equity, or initial balance) is unknown",
      "the plan's daily loss reset time is unknown",
      "the plan's maximum loss type (static or trailing) is unknown",
      "the plan's consistency (best day) rule is unknown",
    ]);
    expect([h.dailyLoss.floor, h.maxLoss.floor]).toEqual([null, null]);
  });

  it('without any plan every rule is unknown (the status from those that can fail the account)', () => {
    const h = computeHeadroom(ftmoInput({ rules: effectiveRules(null, null, null) }));
    expect(h.status).toBe('unknown');
    expect(h.reasons.filter((r) => r.kind === 'unknown').map((r) => r.rule)).toEqual([
      'dailyLoss',
      'maxLoss',
      'timeLimit',
      'profitTarget',
      'minTradingDays',
      'consistency',
    ]);
  });

  it('a known warning outranks an unknown rule, a breach outranks both', () => {
    const rules = effectiveRules({ ...ftmoCatalogRules, timeLimit: null }, null, null);
    expect(computeHeadroom(ftmoInput({ rules })).status).toBe('unknown');
    const low = [snap('2026-03-05', '2026-03-05T09:00:00Z', '102250.50', '98000', '98000', '102250.50')];
    expect(computeHeadroom(ftmoInput({ rules, snapshots: low })).status).toBe('warning');
  });
});

/** A 10k plan with a 6% end-of-day trailing floor that locks at the initial balance after +6%. */
const trailingPlan: CoachRules = {
  profitTargetsPercent: [8],
  dailyLoss: {
    percent: 4,
    amountOf: 'initial_balance',
    basis: 'day_start_balance',
    rollover: { timeZone: 'America/New_York', time: '17:00' },
  },
  maxLoss: { percent: 6, type: 'trailing_eod', lockFloor: 'initial_balance', lockTriggerPercent: 6 },
  minTradingDays: { days: 1, perPhase: false },
  timeLimit: 'none',
  consistency: { bestDayMaxPercent: 50, of: 'total_profit' },
};
const trailing = effectiveRules(trailingPlan, null, null);
const trailingDays = [
  report('2026-06-02', '10200', '10200', '200'),
  report('2026-06-03', '10450', '10430', '250'),
  report('2026-06-04', '10700', '10700', '250'),
  report('2026-06-05', '10300', '10300', '-400'),
];
/** An instant inside the given New York 17:00 firm day. */
const inDay = (day: string) => new Date(Date.parse(firmDayOf(day, { timeZone: 'America/New_York', time: '17:00' }).startUtc) + 3_600_000);
const trailingInput = (over: Partial<HeadroomInput>): HeadroomInput => ({
  at: inDay('2026-06-08'),
  rules: trailing,
  phaseIndex: 0,
  account: { currency: 'USD', initialBalance: '10000' },
  days: trailingDays,
  snapshots: [],
  startedOn: '2026-06-02',
  ...over,
});

describe('end-of-day trailing floor with a lock', () => {
  it.each([
    ['2026-06-02', 10000, 9400, false],
    ['2026-06-03', 10200, 9600, false],
    ['2026-06-04', 10450, 9850, false],
    ['2026-06-05', 10700, 10000, true], // 06-04 closed above +6%: locked at the initial balance
    ['2026-06-08', 10700, 10000, true], // a losing day later does not move it
  ])('on %s the high-water mark is %d and the floor %d (locked %s)', (day, hwm, floor, locked) => {
    const h = computeHeadroom(trailingInput({ at: inDay(day), days: trailingDays.filter((r) => r.day < day) }));
    expect([h.maxLoss.highWaterMark, h.maxLoss.floor, h.maxLoss.locked, h.maxLoss.lockedAt]).toEqual([hwm, floor, locked, 10000]);
  });

  it('intraday equity neither lifts an end-of-day trailing floor nor escapes it', () => {
    const s = [snap('2026-06-08', inDay('2026-06-08').toISOString(), '10300', '10140', '10120', '11000')];
    const h = computeHeadroom(trailingInput({ snapshots: s, at: new Date(inDay('2026-06-08').getTime() + 60_000) }));
    expect([h.maxLoss.highWaterMark, h.maxLoss.floor, h.maxLoss.left, h.maxLoss.leftPercent]).toEqual([10700, 10000, 140, 23.33]);
    expect(h.status).toBe('warning');
    // daily: from the 06-05 (Friday) close 10300, 4% of 10000: floor 9900. Monday's firm day opens Sunday 17:00.
    expect([h.dailyLoss.floor, h.dailyLoss.left, h.dailyLoss.day?.startLocal]).toEqual([9900, 240, '2026-06-07T17:00:00-04:00']);
  });

  it('consistency: best day against the total profit, and what is still needed', () => {
    const h = computeHeadroom(trailingInput({}));
    // total closed 300; best 250 > 50% of 300; needs total 500, so 200 more
    expect(h.consistency).toEqual({
      bestDay: '2026-06-03',
      bestDayProfit: 250,
      limit: 150,
      profitStillNeeded: 200,
      holds: false,
      effect: null,
    });
    const target = computeHeadroom(
      trailingInput({
        rules: effectiveRules({ ...trailingPlan, consistency: { bestDayMaxPercent: 50, of: 'profit_target' } }, null, null),
      }),
    );
    expect(target.consistency).toMatchObject({ bestDay: '2026-06-03', bestDayProfit: 250, limit: 400, profitStillNeeded: 0, holds: true });
  });

  it('an equity-trailing floor rises with the intraday high before a later low is judged', () => {
    const rules = effectiveRules(
      { ...trailingPlan, maxLoss: { percent: 5, type: 'trailing_equity', lockFloor: null, lockTriggerPercent: null } },
      null,
      null,
    );
    const t0 = inDay('2026-06-02').getTime();
    const s = [
      snap('2026-06-02', new Date(t0).toISOString(), '10000', '10250', '9990', '10300'), // floor 9500, hwm → 10300
      snap('2026-06-02', new Date(t0 + 3_600_000).toISOString(), '10000', '9820', '9790', '10250'), // floor 9800: low 9790 breaches
    ];
    const h = computeHeadroom(trailingInput({ rules, days: [], snapshots: s, at: new Date(t0 + 7_200_000) }));
    expect([h.maxLoss.highWaterMark, h.maxLoss.floor, h.status]).toEqual([10300, 9800, 'breached']);
  });
});

describe('properties of the maximum-loss floor', () => {
  const walk = fc.array(fc.integer({ min: -40_000, max: 40_000 }), { minLength: 1, maxLength: 25 }); // cents per day
  const build = (steps: number[]) => {
    let balance = 1_000_000; // cents
    return steps.map((step, i) => {
      balance += step;
      const day = addDays('2026-01-05', i);
      const text = (balance / 100).toFixed(2);
      return report(day, text, text, (step / 100).toFixed(2));
    });
  };
  const floors = (rules: CoachRules, days: DayReport[]) =>
    days.map(
      (_, i) =>
        computeHeadroom({
          at: inDay(addDays(days[i]!.day, 1)),
          rules: effectiveRules(rules, null, null),
          phaseIndex: 0,
          account: { currency: 'USD', initialBalance: '10000' },
          days: days.slice(0, i + 1),
          startedOn: '2026-01-05',
        }).maxLoss,
    );

  it('a static floor never moves', () => {
    fc.assert(
      fc.property(walk, (steps) => {
        for (const m of floors({ ...trailingPlan, maxLoss: { percent: 10, type: 'static' } }, build(steps))) expect(m.floor).toBe(9000);
      }),
      { numRuns: 60 },
    );
  });

  it('a trailing floor never moves down and never passes its lock', () => {
    fc.assert(
      fc.property(
        walk,
        fc.constantFrom(2, 6, 10),
        fc.constantFrom<'trailing_eod' | 'trailing_closed_balance' | 'trailing_equity'>(
          'trailing_eod',
          'trailing_closed_balance',
          'trailing_equity',
        ),
        (steps, trigger, type) => {
          const fs = floors(
            { ...trailingPlan, maxLoss: { percent: 6, type, lockFloor: 'initial_balance', lockTriggerPercent: trigger } },
            build(steps),
          ).map((m) => m.floor!);
          fs.forEach((f, i) => {
            expect(f).toBeLessThanOrEqual(10000);
            if (i > 0) expect(f).toBeGreaterThanOrEqual(fs[i - 1]!);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
