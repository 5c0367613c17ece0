import fc from 'fast-check';
import { computeHeadroom, type HeadroomInput } from '../headroom/compute.js';
import { firmDayOf } from '../clock/firm-day.js';
import { effectiveRules } from '../rules/effective.js';
import type { CoachRules } from '../rules/types.js';
import { CoachInputError } from '../shared/errors.js';
import { checkTrade, MAX_CHECKED_VOLUME } from './check-trade.js';

/** FTMO 2-Step 100k: 5 % of the initial balance below the day-start balance (Prague midnight), 10 % static. */
const ftmoDaily = {
  percent: 5,
  amountOf: 'initial_balance',
  basis: 'day_start_balance',
  rollover: { timeZone: 'Europe/Prague', time: '00:00' },
} as const;
const ftmoPlan: CoachRules = {
  profitTargetsPercent: [10, 5],
  dailyLoss: ftmoDaily,
  maxLoss: { percent: 10, type: 'static' },
  minTradingDays: { days: 4, perPhase: true },
  timeLimit: 'none',
  // FTMO 2-Step has no best-day rule: an unknown one would leave every trade `unchecked`.
  consistency: 'none',
};
const ftmo: HeadroomInput = {
  at: new Date('2026-03-05T10:00:00Z'),
  rules: effectiveRules(ftmoPlan, null, null),
  phaseIndex: 0,
  account: { currency: 'EUR', initialBalance: '100000' },
  days: [
    { day: '2026-03-02', balance: '101000', equity: '101200', closedPnl: '1000' },
    { day: '2026-03-03', balance: '99500', equity: '99500', closedPnl: '-1500' },
    { day: '2026-03-04', balance: '102250.50', equity: '102000.25', closedPnl: '2750.50' },
  ],
  // Balance 102,250.50 with 2,450.50 floating loss open: equity 99,800.
  snapshots: [
    { day: '2026-03-05', at: '2026-03-05T09:00:00Z', balance: '102250.50', equity: '99800', minEquity: '99800', maxEquity: '102400' },
  ],
  startedOn: '2026-03-02',
};

describe('check_trade on FTMO 2-Step 100k (static floors)', () => {
  const headroom = computeHeadroom(ftmo);

  it('a 2,000 loss keeps every rule: hand-computed levels', () => {
    const c = checkTrade({ headroom, risk: { riskAmount: 2000 } });
    expect(c.equity).toBe(99800);
    expect(c.verdict).toBe('allowed');
    expect(c.rules).toEqual([
      // daily floor 102,250.50 − 5,000 = 97,250.50; equity after 97,800: 549.50 left
      { rule: 'daily_loss', floor: 97250.5, levelAfter: 97800, leftAfter: 549.5, allowed: true, maxRiskAmount: 2549.5 },
      // max floor 90,000 static
      { rule: 'max_loss', floor: 90000, levelAfter: 97800, leftAfter: 7800, allowed: true, maxRiskAmount: 9800 },
      // the reset sets tomorrow's floor from the balance, which a floating loss does not move
      { rule: 'after_reset', floor: 97250.5, levelAfter: 97800, leftAfter: 549.5, allowed: true, maxRiskAmount: 2549.5 },
    ]);
    expect(c.maxRiskAmount).toBe(2549.5);
    expect(c.maxVolume).toBeNull();
  });

  it('a loss past the daily floor is blocked by that rule alone', () => {
    const c = checkTrade({ headroom, risk: { riskAmount: '2549.51' } });
    expect(c.verdict).toBe('blocked');
    expect(c.rules.filter((r) => !r.allowed).map((r) => r.rule)).toEqual(['daily_loss', 'after_reset']);
    // Exactly at the floor is allowed: FTMO breaches below it.
    expect(checkTrade({ headroom, risk: { riskAmount: '2549.50' } }).verdict).toBe('allowed');
  });

  it('a position as volume × stop ÷ tick size × tick value, and the largest volume for that stop', () => {
    // EURUSD: tick 0.00001 worth 1 EUR per lot; a 20-pip stop is 200 ticks: 200 per lot, 1.5 lots lose 300.
    const c = checkTrade({ headroom, risk: { volume: 1.5, stopDistance: '0.0020', tickValue: 1, tickSize: '0.00001' } });
    expect(c.riskAmount).toBe(300);
    // 2,549.50 ÷ 200 = 12.7475 lots, rounded down to 12.74
    expect(c.maxVolume).toBe(12.74);
  });

  it('a loss per lot of a billionth or less answers a volume capped at MAX_CHECKED_VOLUME, a safe integer', () => {
    // 2,549.50 ÷ 0.000000001 would be 2,549,500,000,000 lots; ÷ 1e-16, 2.5e19 lots: past 2^53 even as whole lots.
    for (const tickValue of ['0.000000001', '0.0000000000000001']) {
      const c = checkTrade({ headroom, risk: { volume: 1, stopDistance: 1, tickValue, tickSize: 1 } });
      expect(c.maxVolume).toBe(MAX_CHECKED_VOLUME);
      expect(Number.isSafeInteger(c.maxVolume! * 100)).toBe(true);
    }
  });

  it('the plan’s maximum risk per trade is one more bound', () => {
    const c = checkTrade({ headroom, risk: { riskAmount: 1500 }, maxRiskPerTradePercent: 1, initialBalance: 100000 });
    expect(c.rules.at(-1)).toEqual({
      rule: 'max_risk_per_trade',
      floor: null,
      levelAfter: 98300,
      leftAfter: -500,
      allowed: false,
      maxRiskAmount: 1000,
    });
    expect([c.verdict, c.maxRiskAmount]).toEqual(['blocked', 1000]);
  });

  it('reads the cap from the headroom when the plan has one and no percent is given', () => {
    const capped = { ...headroom, tradeRules: { maxRiskPerTrade: { limit: 2000 } } };
    const c = checkTrade({ headroom: capped, risk: { riskAmount: 2500 } });
    expect(c.rules.at(-1)).toMatchObject({ rule: 'max_risk_per_trade', leftAfter: -500, allowed: false, maxRiskAmount: 2000 });
    expect(c.maxRiskAmount).toBe(2000);
    expect(checkTrade({ headroom: { ...headroom, tradeRules: null }, risk: { riskAmount: 10 } }).rules.map((r) => r.rule)).not.toContain(
      'max_risk_per_trade',
    );
  });

  it('a floor judged at_or_below leaves a cent above it', () => {
    const strict = computeHeadroom({
      ...ftmo,
      rules: effectiveRules({ ...ftmoPlan, dailyLoss: { ...ftmoDaily, comparison: 'at_or_below' } }, null, null),
    });
    const c = checkTrade({ headroom: strict, risk: { riskAmount: '2549.50' } });
    expect(c.rules[0]).toMatchObject({ rule: 'daily_loss', allowed: false, maxRiskAmount: 2549.49 });
  });

  it('bad input names the field', () => {
    expect(() => checkTrade({ headroom, risk: { riskAmount: -1 } })).toThrow(CoachInputError);
    expect(() => checkTrade({ headroom, risk: { volume: 1, stopDistance: 0.002, tickValue: 1, tickSize: 0 } })).toThrow(
      'tickSize must be greater than 0',
    );
  });
});

/** A 10k plan with a 6 % end-of-day trailing floor (locks at the initial balance after +6 %) and a 50 % best-day share. */
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
  consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'fails' },
};
const inDay = (day: string) => new Date(Date.parse(firmDayOf(day, { timeZone: 'America/New_York', time: '17:00' }).startUtc) + 3_600_000);

describe('check_trade on an end-of-day trailing plan', () => {
  const headroom = computeHeadroom({
    at: new Date(inDay('2026-06-04').getTime() + 60_000),
    rules: effectiveRules(trailingPlan, null, null),
    phaseIndex: 0,
    account: { currency: 'USD', initialBalance: '10000' },
    days: [
      { day: '2026-06-02', balance: '10200', equity: '10200', closedPnl: '200' },
      { day: '2026-06-03', balance: '10450', equity: '10430', closedPnl: '250' },
    ],
    snapshots: [
      {
        day: '2026-06-04',
        at: inDay('2026-06-04').toISOString(),
        balance: '10450',
        equity: '10500',
        minEquity: '10450',
        maxEquity: '10520',
      },
    ],
    startedOn: '2026-06-02',
  });

  it('hand-computed: the trailed floor, the daily floor, and a best day that a loss would break', () => {
    // Max floor: high-water mark 10,450 (06-03 close) − 600 = 9,850; daily: 10,450 − 400 = 10,050; equity 10,500.
    const c = checkTrade({ headroom, risk: { riskAmount: 100 }, bestDayRule: { bestDayMaxPercent: 50, of: 'total_profit' } });
    expect(c.rules).toEqual([
      { rule: 'daily_loss', floor: 10050, levelAfter: 10400, leftAfter: 350, allowed: true, maxRiskAmount: 450 },
      { rule: 'max_loss', floor: 9850, levelAfter: 10400, leftAfter: 550, allowed: true, maxRiskAmount: 650 },
      { rule: 'after_reset', floor: 10050, levelAfter: 10400, leftAfter: 350, allowed: true, maxRiskAmount: 450 },
      // closed total 450, best day 250 > 50 % of 450 already: any loss keeps it broken, and this rule fails the attempt
      { rule: 'best_day', floor: null, levelAfter: 10400, leftAfter: -75, allowed: false, maxRiskAmount: 0 },
    ]);
    expect([c.verdict, c.maxRiskAmount]).toEqual(['blocked', 0]);
  });

  it('a loss does not lower a trailing floor: the allowed loss is equity minus that floor', () => {
    const c = checkTrade({ headroom, risk: { riskAmount: 600 } });
    expect(c.rules.map((r) => [r.rule, r.allowed])).toEqual([
      ['daily_loss', false],
      ['max_loss', true],
      ['after_reset', false],
    ]);
    expect(c.maxRiskAmount).toBe(450);
  });
});

describe('check_trade never reads an unknown rule as kept', () => {
  /** Fintokei-like: the daily loss known, the maximum loss's type (static or trailing) unknown. */
  const typeUnknown: CoachRules = { ...ftmoPlan, maxLoss: { percent: 10, type: null } };
  const headroom = computeHeadroom({ ...ftmo, rules: effectiveRules(typeUnknown, null, null) });

  it('a loss the known rules allow is `unchecked`, naming the rule left unchecked and why', () => {
    const c = checkTrade({ headroom, risk: { riskAmount: 100 } });
    expect(c.verdict).toBe('unchecked');
    expect(c.notChecked.map((n) => n.rule)).toEqual(['max_loss']);
    expect(c.notChecked[0]?.reason).toMatch(/maximum loss type \(static or trailing\) is unknown/);
    expect(c.rules.map((r) => r.rule)).not.toContain('max_loss');
  });

  it('a loss that breaks a known rule is still blocked, with the unknown one named', () => {
    const c = checkTrade({ headroom, risk: { riskAmount: 50_000 } });
    expect(c.verdict).toBe('blocked');
    expect(c.notChecked.map((n) => n.rule)).toEqual(['max_loss']);
  });

  it('every rule known: allowed, and nothing left unchecked', () => {
    const c = checkTrade({ headroom: computeHeadroom(ftmo), risk: { riskAmount: 100 } });
    expect([c.verdict, c.notChecked]).toEqual(['allowed', []]);
  });

  it('an unknown reset time leaves the daily floor a guess: checked and shown, never cleared', () => {
    const { rollover: _rollover, ...noClock } = ftmoDaily;
    const h = computeHeadroom({ ...ftmo, rules: effectiveRules({ ...ftmoPlan, dailyLoss: noClock }, null, null) });
    expect(h.dailyLoss.floor).not.toBeNull();
    const c = checkTrade({ headroom: h, risk: { riskAmount: 100 } });
    expect(c.verdict).toBe('unchecked');
    expect(c.notChecked).toEqual([{ rule: 'daily_loss', reason: "the plan's daily loss reset time is unknown" }]);
    expect(c.rules.map((r) => r.rule)).toContain('daily_loss');
  });

  it('an unknown best-day rule is named, and the trade is not cleared', () => {
    const h = computeHeadroom({ ...ftmo, rules: effectiveRules({ ...ftmoPlan, consistency: null }, null, null) });
    const c = checkTrade({ headroom: h, risk: { riskAmount: 100 } });
    expect(c.verdict).toBe('unchecked');
    expect(c.notChecked).toEqual([{ rule: 'best_day', reason: "the plan's consistency (best day) rule is unknown" }]);
  });

  it('an answer without findings (an older client) counts a loss rule without a floor as unknown', () => {
    const { reasons: _reasons, ...older } = headroom;
    const c = checkTrade({ headroom: older, risk: { riskAmount: 100 } });
    expect(c.verdict).toBe('unchecked');
    expect(c.notChecked.map((n) => n.rule)).toEqual(['max_loss']);
  });

  it('for any loss and any rule left unknown, never `allowed` (property)', () => {
    const variants: CoachRules[] = [
      { ...ftmoPlan, maxLoss: null },
      { ...ftmoPlan, maxLoss: { percent: null, type: 'static' } },
      { ...ftmoPlan, maxLoss: { percent: 10, type: null } },
      { ...ftmoPlan, dailyLoss: null },
      { ...ftmoPlan, dailyLoss: { ...ftmoDaily, percent: null } },
    ];
    const headrooms = variants.map((rules) => computeHeadroom({ ...ftmo, rules: effectiveRules(rules, null, null) }));
    fc.assert(
      fc.property(fc.constantFrom(...headrooms), fc.integer({ min: 0, max: 200_000_00 }), (h, cents) => {
        const c = checkTrade({ headroom: h, risk: { riskAmount: cents / 100 } });
        expect(c.verdict).not.toBe('allowed');
        expect(c.notChecked.length).toBeGreaterThan(0);
      }),
    );
  });
});
