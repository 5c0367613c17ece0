import fc from 'fast-check';
import { computeHeadroom, type HeadroomInput } from '../headroom/compute.js';
import { effectiveRules } from '../rules/effective.js';
import type { CoachRules } from '../rules/types.js';
import { CoachInputError } from '../shared/errors.js';
import { checkTrade } from '../check-trade/check-trade.js';
import { checkGroupTrade, type GroupMember } from './group-trade.js';

/** FTMO 2-Step: 5 % of the initial balance below the day-start balance (Prague midnight), 10 % static. */
const ftmoPlan: CoachRules = {
  profitTargetsPercent: [10, 5],
  dailyLoss: {
    percent: 5,
    amountOf: 'initial_balance',
    basis: 'day_start_balance',
    rollover: { timeZone: 'Europe/Prague', time: '00:00' },
  },
  maxLoss: { percent: 10, type: 'static' },
  minTradingDays: { days: 4, perPhase: true },
  timeLimit: 'none',
  consistency: 'none',
};

/** An FTMO account of `size` whose day started at `dayStart` and whose equity is now `equity`. */
function account(size: number, dayStart: number, equity: number, currency = 'USD'): HeadroomInput {
  return {
    at: new Date('2026-03-05T10:00:00Z'),
    rules: effectiveRules(ftmoPlan, null, null),
    phaseIndex: 0,
    account: { currency, initialBalance: String(size) },
    days: [{ day: '2026-03-04', balance: String(dayStart), equity: String(dayStart), closedPnl: String(dayStart - size) }],
    snapshots: [
      {
        day: '2026-03-05',
        at: '2026-03-05T09:00:00Z',
        balance: String(dayStart),
        equity: String(equity),
        minEquity: String(equity),
        maxEquity: String(dayStart),
      },
    ],
    startedOn: '2026-03-02',
  };
}

const member = (accountId: string, multiplier: number, input: HeadroomInput): GroupMember => ({
  accountId,
  multiplier,
  check: { headroom: computeHeadroom(input) },
});

describe('checkGroupTrade: a copied trade judged on every account', () => {
  // 100k: daily floor 101,000 − 5,000 = 96,000, equity 100,000: 4,000 of room. 50k at ×0.5: floor 49,000 − 2,500 =
  // 46,500, equity 47,000: 500 of room, 1,000 in master terms. The 50k binds.
  const members = [member('big', 1, account(100_000, 101_000, 100_000)), member('small', 0.5, account(50_000, 49_000, 47_000))];

  it('the largest master loss is the smallest of each account’s own over its multiplier, naming the binding account', () => {
    const c = checkGroupTrade(members, { riskAmount: 800 });
    expect(c.verdict).toBe('allowed');
    expect(c.maxRiskAmount).toBe(1000);
    expect(c.bindingAccountId).toBe('small');
    expect(c.members.map((m) => [m.accountId, m.check.riskAmount, m.maxRiskAmount])).toEqual([
      ['big', 800, 4000],
      ['small', 400, 1000],
    ]);
  });

  it('blocks a master loss one account cannot take, and answers the volume for a stop in master lots', () => {
    expect(checkGroupTrade(members, { riskAmount: 1000.01 }).verdict).toBe('blocked');
    // 20-pip EURUSD stop, $10 a pip a lot: $200 a lot; 1,000 ÷ 200 = 5 master lots.
    const v = checkGroupTrade(members, { volume: 1, stopDistance: '0.0020', tickValue: 1, tickSize: '0.00001' });
    expect([v.riskAmount, v.maxVolume]).toEqual([200, 5]);
  });

  it('refuses accounts of two currencies and a multiplier that is not above 0', () => {
    expect(() =>
      checkGroupTrade([...members, member('yen', 1, account(10_000_000, 10_000_000, 10_000_000, 'JPY'))], { riskAmount: 1 }),
    ).toThrow(CoachInputError);
    expect(() => checkGroupTrade([member('z', 0, account(100_000, 100_000, 100_000))], { riskAmount: 1 })).toThrow(/multiplier/);
  });

  it('property: at the group’s largest loss no account crosses its own floor, and a cent more blocks the binding one', () => {
    const arbMember = fc.record({
      size: fc.constantFrom(10_000, 25_000, 50_000, 100_000, 200_000),
      dayStartPct: fc.integer({ min: 92, max: 108 }),
      drawPct: fc.integer({ min: 0, max: 6 }),
      multiplier: fc.constantFrom(0.1, 0.25, 0.5, 1, 1.5, 2, 3),
    });
    fc.assert(
      fc.property(fc.array(arbMember, { minLength: 1, maxLength: 6 }), (raw) => {
        const group = raw.map((r, i) => {
          const dayStart = (r.size * r.dayStartPct) / 100;
          return member(`acc${i}`, r.multiplier, account(r.size, dayStart, dayStart - (r.size * r.drawPct) / 100));
        });
        const c = checkGroupTrade(group, { riskAmount: 1 });
        if (c.maxRiskAmount === null) return;
        for (const [i, m] of group.entries()) {
          const own = checkTrade({ ...m.check, risk: { riskAmount: c.maxRiskAmount * Number(m.multiplier) } });
          expect(own.verdict === 'blocked' && own.breach === null ? `acc${i} blocked` : 'kept').toBe('kept');
        }
        if (c.maxRiskAmount > 0 && c.bindingAccountId !== null) {
          const binding = group.find((m) => m.accountId === c.bindingAccountId)!;
          const over = checkTrade({ ...binding.check, risk: { riskAmount: (c.maxRiskAmount + 0.02) * Number(binding.multiplier) } });
          expect(over.verdict).toBe('blocked');
        }
      }),
    );
  });
});
