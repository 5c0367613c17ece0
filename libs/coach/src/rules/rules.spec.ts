import Value from 'typebox/value';
import { CoachInputError } from '../shared/errors.js';
import { effectiveRules, EffectiveRuleValuesSchema } from './effective.js';
import { RulesOverrideSchema } from './override.js';
import { type CoachRules, unpublishedAmong } from './types.js';

const plan: CoachRules = {
  profitTargetsPercent: [8, 5],
  dailyLoss: { percent: 5, amountOf: 'initial_balance', basis: null, resetClock: '00:00 server time (GMT+2/+3)' },
  maxLoss: { percent: 10, type: 'static' },
  minTradingDays: { days: 5, perPhase: true },
  timeLimit: 'none',
};
const meta = { planId: 'p1', checkedOn: '2026-08-29' };

describe('effectiveRules', () => {
  it('reads the plan, its reset words into a roll-over, and marks what is missing as unknown', () => {
    const { rules, provenance } = effectiveRules(plan, null, meta);
    expect(rules.dailyLoss).toEqual({
      percent: 5,
      amountOf: 'initial_balance',
      basis: null,
      resetClock: '00:00 server time (GMT+2/+3)',
      rollover: { timeZone: 'America/New_York', time: '17:00' },
      amount: null,
      comparison: null,
    });
    expect(rules.consistency).toBeNull();
    expect(provenance.consistency).toEqual({
      source: 'unknown',
      overridden: [],
      planId: 'p1',
      checkedOn: '2026-08-29',
      cited: null,
      disputed: false,
    });
    expect(provenance.maxLoss.source).toBe('plan');
  });

  it("cites each plan rule's page and whose it is, says when another page disputes it, and drops the citation for a rule replaced whole", () => {
    const firm = { url: 'https://help.example-firm.com/daily', readOn: '2026-11-29', kind: 'firm' };
    const plan = {
      profitTargetsPercent: [8, 6],
      dailyLoss: {
        percent: 5,
        amountOf: 'initial_balance' as const,
        basis: 'day_start_balance' as const,
        source: firm,
        disputed: [
          { value: { percent: 4 }, source: { url: 'https://blog.example/x', readOn: '2026-11-29', kind: 'third_party' }, note: 'n' },
        ],
      },
      maxLoss: null,
      minTradingDays: null,
      timeLimit: 'none' as const,
      sources: { profitTargetsPercent: { url: 'https://blog.example/targets', readOn: '2026-11-28', kind: 'third_party' } },
    };
    const { rules, provenance } = effectiveRules(plan, { profitTargetsPercent: [10, 5], dailyLoss: { percent: 4 } }, null);
    // A rule with other claims beside it is its value, not unknown.
    expect(rules.dailyLoss).toMatchObject({ percent: 4, basis: 'day_start_balance' });
    expect(provenance.dailyLoss).toMatchObject({
      source: 'challenge',
      cited: { kind: 'firm', url: firm.url, readOn: '2026-11-29' },
      disputed: true,
    });
    expect(provenance.profitTargetsPercent).toMatchObject({ source: 'challenge', cited: null, disputed: false });
    expect(effectiveRules(plan, null, null).provenance.profitTargetsPercent.cited).toEqual({
      kind: 'third_party',
      url: 'https://blog.example/targets',
      readOn: '2026-11-28',
    });
    expect(provenance.timeLimit).toMatchObject({ source: 'plan', cited: null });
  });

  it('merges deep-partial objects field by field, and onto an all-unknown rule when the plan has none', () => {
    const { rules, provenance } = effectiveRules(
      { ...plan, maxLoss: null },
      { dailyLoss: { basis: 'day_start_balance', rollover: { timeZone: 'UTC+03:00', time: '00:00' } }, maxLoss: { percent: 8 } },
      meta,
    );
    expect(rules.dailyLoss).toMatchObject({ percent: 5, basis: 'day_start_balance', rollover: { timeZone: 'UTC+03:00', time: '00:00' } });
    expect(provenance.dailyLoss.overridden).toEqual(['basis', 'rollover']);
    expect(rules.maxLoss).toEqual({
      percent: 8,
      type: null,
      lockFloor: null,
      lockTriggerPercent: null,
      amountOf: null,
      amount: null,
      comparison: null,
    });
    expect(provenance.maxLoss.source).toBe('challenge');
  });

  it('answers rules in the shape its schema documents (the answer schema of get_challenge_rules)', () => {
    const cases = [
      effectiveRules(plan, null, meta),
      effectiveRules(null, null, null),
      effectiveRules(
        { ...plan, maxLoss: null },
        { maxLoss: { percent: 8 }, consistency: { bestDayMaxPercent: 30, of: 'profit_target' } },
        meta,
      ),
      effectiveRules(plan, { dailyLoss: 'none', timeLimit: { days: 30 }, minTradingDays: { days: 3 } }, meta),
      effectiveRules(
        plan,
        {
          dailyLoss: { basis: 'day_start_equity', comparison: 'at_or_below', amount: 2500 },
          maxLoss: { amountOf: 'high_water_mark', type: 'trailing_equity' },
          minTradingDays: { counts: 'profitable_day', minProfitPercent: 0.5 },
          consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'blocks_pass' },
        },
        meta,
      ),
    ];
    for (const { rules } of cases) expect([rules, Value.Check(EffectiveRuleValuesSchema, rules)]).toEqual([rules, true]);
    // closed: a value of another shape is not one
    expect(Value.Check(EffectiveRuleValuesSchema, { ...cases[0]?.rules, timeLimit: { weeks: 4 } })).toBe(false);
  });

  it('new reset words replace the plan roll-over; "none" removes a rule; null keeps the plan value', () => {
    const { rules, provenance } = effectiveRules(
      plan,
      { dailyLoss: { resetClock: '00:00 CE(S)T' }, maxLoss: 'none', timeLimit: null },
      meta,
    );
    expect(rules.dailyLoss).toMatchObject({ rollover: { timeZone: 'Europe/Prague', time: '00:00' } });
    expect([rules.maxLoss, provenance.maxLoss.overridden]).toEqual(['none', ['maxLoss']]);
    expect([rules.timeLimit, provenance.timeLimit.source]).toEqual(['none', 'plan']);
  });

  it('refuses a roll-over it cannot use, naming the field', () => {
    expect(() => effectiveRules(plan, { dailyLoss: { rollover: { timeZone: 'Mars/Olympus', time: '00:00' } } }, meta)).toThrow(
      CoachInputError,
    );
    expect(() => effectiveRules(plan, { dailyLoss: { rollover: { timeZone: 'Mars/Olympus', time: '00:00' } } }, meta)).toThrow(
      /^dailyLoss\.rollover\.timeZone/,
    );
  });
});

describe('the rule vocabulary', () => {
  it('keeps each new field of a plan rule, and reads a rule version stored before them as "not stated"', () => {
    const { rules } = effectiveRules(
      {
        ...plan,
        dailyLoss: {
          percent: 5,
          amountOf: 'initial_balance',
          basis: 'day_start_equity',
          rollover: { timeZone: 'America/New_York', time: '17:00' },
        },
        maxLoss: { percent: 5, type: 'trailing_equity', amountOf: 'high_water_mark', comparison: 'at_or_below' },
        minTradingDays: { days: 3, perPhase: true, counts: 'profitable_day', minProfitPercent: 0.5 },
        consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'blocks_pass' },
      },
      null,
      meta,
    );
    expect(rules.dailyLoss).toMatchObject({ basis: 'day_start_equity', amount: null, comparison: null });
    expect(rules.maxLoss).toMatchObject({ amountOf: 'high_water_mark', comparison: 'at_or_below' });
    expect(rules.minTradingDays).toEqual({ days: 3, perPhase: true, counts: 'profitable_day', minProfitPercent: 0.5 });
    expect(rules.consistency).toEqual({ bestDayMaxPercent: 50, of: 'total_profit', effect: 'blocks_pass' });
    expect(effectiveRules(plan, null, meta).rules.minTradingDays).toEqual({
      days: 5,
      perPhase: true,
      counts: null,
      minProfitPercent: null,
    });
  });

  it('keeps only the fields it knows from a catalog rule, so the answer matches its closed schema', () => {
    const source = { url: 'https://ftmo.com/au/?p=1671', readOn: '2026-11-27' };
    const catalogRules = {
      ...plan,
      maxLoss: { percent: 10, type: 'trailing_eod' as const, note: 'Trails.', source },
      minTradingDays: { days: 4, perPhase: true, counts: 'position_opened' as const, note: null, source },
      consistency: { bestDayMaxPercent: 50, of: 'total_profit' as const, effect: 'blocks_pass' as const, source },
    };
    const { rules } = effectiveRules(catalogRules, null, meta);
    expect(Value.Check(EffectiveRuleValuesSchema, rules)).toBe(true);
    expect(rules.consistency).toEqual({ bestDayMaxPercent: 50, of: 'total_profit', effect: 'blocks_pass' });
  });

  it('reads a rule whose sources disagree as unknown, without picking a claim', () => {
    const disputed = {
      disputed: [
        { value: 'none', source: 'https://a.example/x', readOn: '2026-11-27' },
        { value: { percent: 3 }, source: 'https://b.example/y', readOn: '2026-11-27' },
      ],
    };
    const { rules, provenance } = effectiveRules({ ...plan, dailyLoss: disputed }, null, meta);
    expect([rules.dailyLoss, provenance.dailyLoss.source]).toEqual([null, 'unknown']);
    // the challenge's own rule settles it for that challenge
    expect(effectiveRules({ ...plan, dailyLoss: disputed }, { dailyLoss: 'none' }, meta).rules.dailyLoss).toBe('none');
  });

  it.each([
    [{ minTradingDays: { counts: 'profitable_day' as const } }, 'minTradingDays.minProfitPercent'],
    [{ minTradingDays: { counts: 'position_opened' as const, minProfitPercent: 0.5 } }, 'minTradingDays.minProfitPercent'],
    [{ maxLoss: { amountOf: 'high_water_mark' as const, lockTriggerPercent: 5 } }, 'maxLoss.lockTriggerPercent'],
  ])('refuses parts of a rule that contradict each other (%j), naming the field', (override, field) => {
    expect(() => effectiveRules(plan, override, meta)).toThrow(expect.objectContaining({ name: 'CoachInputError', field }) as Error);
  });
});

describe('RulesOverrideSchema', () => {
  it.each([
    {},
    { dailyLoss: { percent: 4 } },
    { maxLoss: 'none' },
    { consistency: { bestDayMaxPercent: 40, of: 'total_profit' } },
    { profitTargetsPercent: [10, 5] },
    { dailyLoss: { basis: 'day_start_equity', comparison: 'at_or_below', amount: 3000 } },
    { maxLoss: { amountOf: 'high_water_mark', amount: 2000, comparison: 'below' } },
    { minTradingDays: { counts: 'position_opened' } },
    { consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'fails' } },
  ])('accepts %j', (value) => expect(Value.Check(RulesOverrideSchema, value)).toBe(true));
  it.each([
    { dailyLoss: { percent: 101 } },
    { dailyLoss: { pct: 4 } },
    { extra: 1 },
    { maxLoss: { type: 'weekly' } },
    { dailyLoss: { rollover: { timeZone: 'UTC', time: '7pm' } } },
    { dailyLoss: { basis: 'day_start_credit' } },
    { dailyLoss: { comparison: 'at' } },
    { dailyLoss: { amount: -1 } },
    { maxLoss: { amountOf: 'peak' } },
    { minTradingDays: { counts: 'logged_in' } },
    { consistency: { bestDayMaxPercent: 50, of: 'total_profit', effect: 'warns' } },
  ])('refuses %j', (value) => expect(Value.Check(RulesOverrideSchema, value)).toBe(false));
});

describe('unpublishedAmong', () => {
  const unpublished = [
    { rule: 'minTradingDays.days', note: 'not on any page' },
    { rule: 'dailyLoss', note: 'no daily rule published' },
  ];
  it('names an unpublished rule whether the finding or the catalog gives the finer path', () => {
    expect(unpublishedAmong(unpublished, ['minTradingDays']).map((u) => u.rule)).toEqual(['minTradingDays.days']);
    expect(unpublishedAmong(unpublished, ['dailyLoss.basis (what the day starts from)']).map((u) => u.rule)).toEqual(['dailyLoss']);
  });
  it('names nothing for a rule of another name that only shares a prefix', () => {
    expect(unpublishedAmong(unpublished, ['minTradingDaysPerPhase', 'maxLoss.type'])).toEqual([]);
  });
});
