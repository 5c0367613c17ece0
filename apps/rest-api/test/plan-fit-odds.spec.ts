import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { PlanFit, PlanFitRow } from '@propfolio/domain';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

const FTMO = 'ftmo-2-step-100000';
const LITE = 'fundednext-stellar-lite-100000';
/** A drifting series with losing days: some paths pass, some breach. */
const SERIES = Array.from({ length: 40 }, (_, i) => [1.4, -0.9, 0.6, -1.8, 2.1, 0.3, -0.5, 1.0, -2.6, 0.8][i % 10] ?? 0);

const row = (answer: PlanFit, planId: string): PlanFitRow => {
  const found = answer.plans.find((p) => p.planId === planId);
  if (!found) throw new Error(`${planId} not in the answer`);
  return found;
};

describeEachDatabase('REST plan fit: fit_plans', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('phase 1 of a plan at the current risk is simulate_plan’s answer on the same (default) seed, without a key', async () => {
    const common = { dailyPnlPercent: SERIES, paths: 2000 };
    const fit = await app.post('/plan-fit', { ...common, firms: ['ftmo', 'fundednext'], accountSizes: [100_000] }, null);
    expect(fit.status).toBe(200);
    const single = await app.post('/simulations', { ...common, planId: FTMO }, null);
    expect(single.status).toBe(200);
    const sim = json<{ passProbability: number; passInterval: { low: number; high: number }; planStale: boolean }>(single);
    const ftmo = row(json<PlanFit>(fit), FTMO);
    expect(ftmo.atCurrentRisk?.phases[0]).toMatchObject({ passProbability: sim.passProbability, passInterval: sim.passInterval });
    expect(ftmo).toMatchObject({ simulated: true, planStale: sim.planStale, phases: 2 });
    expect(ftmo.rulesSources.find((s) => s.rule === 'dailyLoss')?.source).toMatch(/^https:\/\//);
    expect(json<PlanFit>(fit)).toMatchObject({ source: 'supplied', paths: 2000, historyDays: 40 });
    expect(row(json<PlanFit>(fit), LITE).simulated).toBe(true);
  });

  it('ranks every plan it can simulate per unit of price, says by what, and never ranks a plan with unknown rules', async () => {
    const res = await app.post('/plan-fit', { dailyPnlPercent: SERIES, paths: 300 }, null);
    expect(res.status).toBe(200);
    const answer = json<PlanFit>(res);
    const ranked = answer.plans.filter((p) => p.rank !== null);
    expect(ranked.length).toBeGreaterThan(1);
    expect(ranked.map((p) => p.rank)).toEqual(ranked.map((_, i) => i + 1));
    const score = (p: PlanFitRow) =>
      (answer.rankedBy === 'expectedValuePerPrice' ? (p.atCurrentRisk?.expectedValue ?? 0) : (p.atCurrentRisk?.passProbability ?? 0)) /
      (p.price ?? 1);
    for (let i = 1; i < ranked.length; i++)
      expect(score(ranked[i - 1] as PlanFitRow)).toBeGreaterThanOrEqual(score(ranked[i] as PlanFitRow));
    if (answer.rankedBy === 'passProbabilityPerPrice') expect(answer.notes[0]).toMatch(/pass probability per unit of price/);
    for (const p of answer.plans.filter((x) => !x.simulated)) {
      expect([p.rank, p.rankAtBestScale, p.atCurrentRisk, p.unknownRules.length > 0]).toEqual([null, null, null, true]);
    }
    // A plan without its payout rules has no expected value and names them.
    for (const p of answer.plans.filter((x) => x.simulated && x.unknownPayoutRules.length > 0))
      expect(p.atCurrentRisk?.expectedValue).toBeNull();
    expect(answer.plans.slice(0, ranked.length)).toEqual(ranked);
  });

  it('costs paths × plans up front (too_costly naming the bound), with a smaller slice without a key', async () => {
    const member = await app.newUserKey();
    const tooMany = await app.post('/plan-fit', { dailyPnlPercent: SERIES, paths: 100_000 }, member);
    expectProblem(tooMany, 422, 'too_costly');
    expect(JSON.stringify(tooMany.body)).toMatch(/paths × plans/);
    const anonymous = await app.post('/plan-fit', { dailyPnlPercent: SERIES, paths: 10_000 }, null);
    expectProblem(anonymous, 422, 'too_costly');
    expect(JSON.stringify(anonymous.body)).toMatch(/without an API key/);
    const empty = await app.post('/plan-fit', { dailyPnlPercent: SERIES, firms: ['no-such-firm'] }, null);
    expectProblem(empty, 400, 'validation_failed');
    const noSeries = await app.post('/plan-fit', { firms: ['ftmo'] }, null);
    expectProblem(noSeries, 400, 'validation_failed');
  });

  it('the own variant needs a key, and a tracked history too short is insufficient_history', async () => {
    const anonymous = await app.post('/me/plan-fit', { firms: ['ftmo'] }, null);
    expect(anonymous.status).toBe(401);
    const key = await app.newUserKey();
    const none = await app.post('/me/plan-fit', { firms: ['ftmo'] }, key);
    expectProblem(none, 422, 'insufficient_history');
  });

  it('the owner’s tracked days are drawn as the same series sent, and another user sees none of them', async () => {
    const alice = await app.newUserKey();
    const bob = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-03-01' }, alice);
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100_000 }, alice);
    let balance = 100_000;
    const rows = SERIES.map((pct, i) => {
      balance += pct * 1000;
      const date = new Date(Date.parse('2026-03-02T00:00:00Z') + i * 86_400_000);
      return { accountId: account.id, date, closedPnl: pct * 1000, balance, equity: balance };
    });
    await getDb().prisma.dailyPnl.createMany({ data: rows });
    const own = await app.post('/me/plan-fit', { firms: ['ftmo'], accountSizes: [100_000], paths: 500 }, alice);
    expect(own.status).toBe(200);
    expect(json<PlanFit>(own)).toMatchObject({ source: 'tracked', accounts: [account.id], historyDays: SERIES.length });
    // The same days sent as a series give the same odds (no intraday lows here).
    const sent = await app.post('/plan-fit', { firms: ['ftmo'], accountSizes: [100_000], paths: 500, dailyPnlPercent: SERIES }, null);
    expect(row(json<PlanFit>(own), FTMO).atCurrentRisk).toEqual(row(json<PlanFit>(sent), FTMO).atCurrentRisk);
    const other = await app.post('/me/plan-fit', { firms: ['ftmo'], paths: 500 }, bob);
    expectProblem(other, 422, 'insufficient_history');
  });
});
