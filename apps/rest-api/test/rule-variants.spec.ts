import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { ChallengeRulesView, PlanSimulation } from '@propfolio/domain';
import { createChallenge, expectProblem, json, RestTestApp } from './harness.js';

describeEachDatabase('REST: a plan’s rules by purchase date, and where each rule was read', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  const protrader = (purchasedAt: string) =>
    createChallenge(app, {
      firm: 'Fintokei',
      plan: 'ProTrader 2M',
      price: 21800,
      currency: 'JPY',
      planId: 'fintokei-protrader-2000000',
      purchasedAt,
    });

  it('applies Fintokei’s phase-2 target of the purchase date: 5% bought before 2024-11-22, 6% from that day', async () => {
    const before = await protrader('2024-11-21');
    const from = await protrader('2024-11-22');
    const rulesOf = async (id: string) => json<ChallengeRulesView>(await app.get(`/challenges/${id}/rules`));
    expect((await rulesOf(before.id)).rules.profitTargetsPercent).toEqual([8, 5]);
    const current = await rulesOf(from.id);
    expect(current.rules.profitTargetsPercent).toEqual([8, 6]);
    // Each rule names the page it was read on and whose it is; the day start's other claims are flagged.
    expect(current.provenance.profitTargetsPercent).toMatchObject({
      source: 'plan',
      cited: { kind: 'firm', url: 'https://www.fintokei.com/?p=176905', readOn: '2026-11-29' },
      disputed: false,
    });
    expect(current.provenance.dailyLoss).toMatchObject({
      cited: { kind: 'firm', url: expect.stringContaining('support.fintokei.com') },
      disputed: true,
    });
    expect(current.rules.dailyLoss).toMatchObject({ rollover: { timeZone: 'UTC', time: '00:00' }, basis: 'day_start_equity' });
  });

  it('names the rule a firm does not publish when a plan cannot be simulated', async () => {
    const res = await app.post('/simulations', { planId: 'topstep-trading-combine-50000', dailyPnlPercent: [0.5, -0.2] }, null);
    const problem = expectProblem(res, 422, 'rules_unknown');
    expect(problem.detail).toMatch(/Topstep does not publish minTradingDays \(No stored Topstep page/);
    // A plan whose rules are all published simulates from its first phase, with that stage's rules.
    const ftmo = json<PlanSimulation>(
      await app.post('/simulations', { planId: 'ftmo-2-step-100000', dailyPnlPercent: [0.5, -0.2], paths: 200, seed: 1 }, null),
    );
    expect(ftmo.rulesProvenance.maxLoss).toMatchObject({ cited: { kind: 'firm', url: 'https://ftmo.com/en/trading-objectives' } });
  });
});
