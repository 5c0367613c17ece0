/**
 * fit_plans' `method: "trades"` at the service: the trades come from the caller's tracked accounts through the
 * plan-fit repository, day by day beside the series; without them (a sent series, no key, a day with daily figures
 * only) it is a 400 naming `method`. The fitter is a spy: what the coach is asked is the subject here.
 */
import { describe, expect, it } from '@jest/globals';
import type { FitInput } from '@propfolio/coach';
import { AppError } from '@propfolio/core';
import type { PlanRulesSource } from '../coach/challenge-rules.js';
import type { AccountHistoryFacts, PlanFitRepository } from './planfit.repository.js';
import { PlanFitService } from './planfit.service.js';

const MEMBER = { caller: { userId: 'u1', userName: 'u', credentialId: 'key:k', scope: 'full' as const }, clientAddress: '127.0.0.1' };
const ANONYMOUS = { caller: null, clientAddress: '127.0.0.1' };
const DAY_MS = 86_400_000;

/** 25 days of two trades each on a 100,000 account; `reportOnly` days carry a daily report and no trades. */
function account(reportOnly: number[] = []): AccountHistoryFacts {
  const days = Array.from({ length: 25 }, (_, i) => new Date(Date.UTC(2026, 2, 2) + i * DAY_MS).toISOString().slice(0, 10));
  return {
    id: 'a1',
    initialBalance: '100000',
    reports: reportOnly.map((i) => ({ day: days[i] ?? '', balance: '100000', equity: '100000', closedPnl: '400' })),
    lows: [],
    trades: days
      .filter((_, i) => !reportOnly.includes(i))
      .flatMap((day) => [
        { openedAt: `${day}T13:00:00Z`, closedAt: `${day}T14:00:00Z`, net: '900', mae: '-300' },
        { openedAt: `${day}T09:00:00Z`, closedAt: `${day}T10:00:00Z`, net: '-500', mae: null },
      ]),
  };
}

function service(facts: AccountHistoryFacts[], billing: 'one_time' | 'monthly' = 'one_time') {
  const asked: FitInput[] = [];
  const repository = {
    planIds: () => Promise.resolve(['p1']),
    plans: () => Promise.resolve([{ id: 'p1', billing }]),
    ownsChallenge: () => Promise.resolve(true),
    history: () => Promise.resolve(facts),
  } as unknown as PlanFitRepository;
  const plans = { planRulesOn: (planId: string) => Promise.resolve({ planId, firm: 'F' }) } as unknown as PlanRulesSource;
  const spy = new Error('asked');
  const fit = new PlanFitService(repository, plans, undefined, (input) => {
    asked.push(input);
    return Promise.reject(spy);
  });
  return { fit, asked, spy };
}

const fieldOf = async (run: Promise<unknown>): Promise<string | undefined> => {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).errors?.[0]?.field;
};

describe('PlanFitService.fit, the plan’s billing', () => {
  it('sends each plan’s billing as the catalog keeps it, so a monthly plan’s fees count its months', async () => {
    for (const billing of ['monthly', 'one_time'] as const) {
      const { fit, asked, spy } = service([], billing);
      await expect(fit.fit({ dailyPnlPercent: Array.from({ length: 25 }, () => 0.5) }, MEMBER)).rejects.toBe(spy);
      expect(asked[0]?.plans.map((p) => p.billing)).toEqual([billing]);
    }
  });
});

describe('PlanFitService.fit, method "trades"', () => {
  it('sends each traded day’s trades beside its close, in percent, in the order they opened', async () => {
    const { fit, asked, spy } = service([account()]);
    await expect(fit.fit({ method: 'trades' }, MEMBER)).rejects.toBe(spy);
    const [input] = asked;
    expect(input?.method).toBe('trades');
    expect(input?.dailyPnlPercent).toHaveLength(25);
    expect(input?.dailyTrades).toHaveLength(25);
    expect(input?.dailyTrades?.[0]).toEqual([
      { profitPercent: -0.5, maePercent: null },
      { profitPercent: 0.9, maePercent: -0.3 },
    ]);
    // Without the method the same history is drawn by days: no trades sent.
    await expect(fit.fit({}, MEMBER)).rejects.toBe(spy);
    expect(asked[1]?.method).toBeUndefined();
    expect(asked[1]?.dailyTrades).toBeUndefined();
  });

  it('is a 400 naming method for a sent series, without a key, or when a day has daily figures only', async () => {
    const series = Array.from({ length: 25 }, () => 0.4);
    expect(await fieldOf(service([account()]).fit.fit({ method: 'trades', dailyPnlPercent: series }, MEMBER))).toBe('method');
    expect(await fieldOf(service([account()]).fit.fit({ method: 'trades' }, ANONYMOUS))).toBe('method');
    expect(await fieldOf(service([account([3])]).fit.fit({ method: 'trades' }, MEMBER))).toBe('method');
  });
});
