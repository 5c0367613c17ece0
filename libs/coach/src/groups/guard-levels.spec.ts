import fc from 'fast-check';
import { Decimal } from '../shared/money.js';
import { CoachInputError } from '../shared/errors.js';
import { groupGuardLevels, type GuardMember } from './guard-levels.js';

type Comparison = 'below' | 'at_or_below';

/** A member with equity `equity`, floors `daily`/`max` below it (null: no such rule) and a per-trade cap. */
function member(
  accountId: string,
  multiplier: number | string,
  equity: number,
  daily: number | null,
  max: number | null,
  cap: number | null = null,
  comparison: Comparison = 'below',
  currency = 'USD',
): GuardMember {
  const rule = (floor: number | null) => ({
    floor,
    left: floor === null ? null : new Decimal(equity).minus(floor).toNumber(),
    comparison: floor === null ? null : comparison,
  });
  return {
    accountId,
    multiplier,
    headroom: {
      currency,
      dailyLoss: { ...rule(daily) } as GuardMember['headroom']['dailyLoss'],
      maxLoss: { ...rule(max) } as GuardMember['headroom']['maxLoss'],
      tradeRules: { maxRiskPerTrade: { limit: cap } },
      breach: null,
    },
  };
}

describe('groupGuardLevels: each terminal its own share of a copied signal', () => {
  // Master 100k at ×1: 4,000 to its daily floor, 10,000 to its max floor, cap 1,000. Copy 50k at ×0.5: 500 to its daily
  // floor (1,000 in master terms), 4,000 to its max floor (8,000), cap 250 (500). Copy 200k at ×2: 9,000 daily (4,500).
  const members = [
    member('master', 1, 100_000, 96_000, 90_000, 1000),
    member('small', 0.5, 47_000, 46_500, 43_000, 250),
    member('big', 2, 200_000, 191_000, 180_000, null),
  ];

  it('the group stops at the smallest room over multiplier, naming the account, and each terminal at its own share', () => {
    const g = groupGuardLevels(members);
    expect(g.dailyLoss).toEqual({ status: 'bounded', masterAmount: 1000, bindingAccountId: 'small' });
    expect(g.maxLoss).toEqual({ status: 'bounded', masterAmount: 8000, bindingAccountId: 'small' });
    // One trade: within the small account's cap (500 master) before its daily room (1,000).
    expect(g.riskPerTrade).toEqual({ status: 'bounded', masterAmount: 500, bindingAccountId: 'small' });
    const [master, small, big] = g.members;
    expect(master).toMatchObject({ dailyLossGuard: 99_000, maxLossGuard: 92_000, riskPerTrade: 500 });
    expect(small).toMatchObject({ dailyLossGuard: 46_500, maxLossGuard: 43_000, riskPerTrade: 250 });
    expect(big).toMatchObject({ dailyLossGuard: 198_000, maxLossGuard: 184_000, riskPerTrade: 1000 });
    expect(big?.masterRoom).toEqual({ dailyLoss: 4500, maxLoss: 10_000, riskPerTrade: null });
    expect(small?.room).toEqual({ dailyLoss: 500, maxLoss: 4000, riskPerTrade: 250 });
  });

  it('a floor that breaches at the floor itself keeps a cent above it', () => {
    const g = groupGuardLevels([member('a', 1, 1000, 900, null, null, 'at_or_below')]);
    expect(g.members[0]?.dailyLossGuard).toBe(900.01);
    expect(g.maxLoss.status).toBe('unbounded');
  });

  it('an account whose equity is unknown leaves the rule unknown, not unbounded', () => {
    const unknown = member('u', 1, 0, 900, null);
    const g = groupGuardLevels([
      member('a', 1, 1000, 900, null),
      { ...unknown, headroom: { ...unknown.headroom, dailyLoss: { ...unknown.headroom.dailyLoss, left: null } } },
    ]);
    expect(g.dailyLoss).toEqual({ status: 'unknown', masterAmount: null, bindingAccountId: null });
    expect(g.members[0]?.dailyLossGuard).toBeNull();
  });

  it('a crossed floor leaves no room on any rule of that account', () => {
    const crossed = member('x', 1, 1000, 900, 800, 50);
    const g = groupGuardLevels([
      member('a', 1, 1000, 900, 800, 50),
      { ...crossed, headroom: { ...crossed.headroom, breach: { rule: 'daily_loss' } as never } },
    ]);
    expect(g.riskPerTrade).toEqual({ status: 'bounded', masterAmount: 0, bindingAccountId: 'x' });
    expect(g.members[0]?.dailyLossGuard).toBe(1000);
  });

  it('refuses mixed currencies, no account and a multiplier of 0, naming the field', () => {
    expect(() => groupGuardLevels([])).toThrow(CoachInputError);
    expect(() => groupGuardLevels([member('a', 1, 1, 0, null), member('b', 1, 1, 0, null, null, 'below', 'JPY')])).toThrow(/one currency/);
    expect(() => groupGuardLevels([member('a', 0, 1, 0, null)])).toThrow(/multiplier/);
  });

  /** Cents, so that a floor is a figure to the cent as the headroom gives it. */
  const amount = fc.integer({ min: 0, max: 50_000_000 });
  const arbMember = (i: number) =>
    fc
      .record({
        multiplier: fc.integer({ min: 1, max: 500 }).map((n) => n / 100),
        equity: fc.integer({ min: 1_000, max: 10_000_000 }),
        dailyRoom: fc.option(amount, { nil: null }),
        maxRoom: fc.option(amount, { nil: null }),
        cap: fc.option(amount, { nil: null }),
        comparison: fc.constantFrom<Comparison>('below', 'at_or_below'),
      })
      // An "at or below" floor with nothing left is crossed already (the headroom reports that as a breach, tested above).
      .filter((a) => a.comparison === 'below' || ((a.dailyRoom ?? 1) > 0 && (a.maxRoom ?? 1) > 0))
      .map((a) =>
        member(
          `a${String(i)}`,
          a.multiplier,
          a.equity,
          a.dailyRoom === null ? null : (a.equity * 100 - a.dailyRoom) / 100,
          a.maxRoom === null ? null : (a.equity * 100 - a.maxRoom) / 100,
          a.cap === null ? null : a.cap / 100,
          a.comparison,
        ),
      );
  const arbGroup = fc.integer({ min: 1, max: 8 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbMember(i))));

  /** True when a loss of `loss` on this member leaves equity on the safe side of the floor. */
  const keeps = (m: GuardMember, floorOf: 'dailyLoss' | 'maxLoss', equityAfter: Decimal) => {
    const rule = m.headroom[floorOf];
    if (rule.floor === null) return true;
    return rule.comparison === 'at_or_below' ? equityAfter.gt(rule.floor) : equityAfter.gte(rule.floor);
  };
  const equityOf = (m: GuardMember) => {
    const rule = m.headroom.dailyLoss.floor !== null ? m.headroom.dailyLoss : m.headroom.maxLoss;
    return new Decimal(rule.floor ?? 0).plus(rule.left ?? 0);
  };

  it('property: no member’s guard lets a copied trade or day cross its floor or its per-trade cap', () => {
    fc.assert(
      fc.property(arbGroup, fc.double({ min: 0, max: 1, noNaN: true }), (group, fraction) => {
        const g = groupGuardLevels(group);
        group.forEach((m, i) => {
          const levels = g.members[i];
          if (!levels) throw new Error('a member is missing');
          const mult = new Decimal(m.multiplier);
          // Each terminal's guard level sits on the safe side of its own floors.
          for (const [guard, rule] of [
            [levels.dailyLossGuard, 'dailyLoss'],
            [levels.maxLossGuard, 'maxLoss'],
          ] as const)
            if (guard !== null) expect(keeps(m, rule, new Decimal(guard))).toBe(true);
          // Any master loss up to the group's amount, copied at the multiplier, keeps this account's floors and cap.
          for (const rule of ['dailyLoss', 'maxLoss'] as const) {
            const bound = g[rule].masterAmount;
            if (bound !== null) expect(keeps(m, rule, equityOf(m).minus(new Decimal(bound).times(fraction).times(mult)))).toBe(true);
          }
          const trade = g.riskPerTrade.masterAmount;
          if (trade !== null) {
            const copied = new Decimal(trade).times(fraction).times(mult);
            const cap = m.headroom.tradeRules?.maxRiskPerTrade.limit ?? null;
            if (cap !== null) expect(copied.lte(cap)).toBe(true);
            expect(keeps(m, 'dailyLoss', equityOf(m).minus(copied))).toBe(true);
            expect(keeps(m, 'maxLoss', equityOf(m).minus(copied))).toBe(true);
            expect(levels.riskPerTrade).not.toBeNull();
            if (cap !== null) expect(levels.riskPerTrade ?? Infinity).toBeLessThanOrEqual(cap);
          }
        });
        // The binding account is tight: its own room over its multiplier is within a cent of the group's amount.
        for (const rule of ['dailyLoss', 'maxLoss'] as const) {
          const guard = g[rule];
          if (guard.status !== 'bounded') continue;
          const binding = g.members.find((m) => m.accountId === guard.bindingAccountId);
          expect(binding?.masterRoom[rule]).toBe(guard.masterAmount);
        }
      }),
      { numRuns: 300 },
    );
  });
});
