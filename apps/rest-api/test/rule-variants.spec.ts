import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { ChallengeHeadroom, ChallengeRulesView, PlanSimulation } from '@propfolio/domain';
import { createChallenge, expectProblem, json, registerAccount, RestTestApp } from './harness.js';

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

  it('takes Topstep’s daily loss limit off a TopstepX account bought from 2024-08-25, and keeps it elsewhere', async () => {
    const topstep = (platform: string | undefined, purchasedAt: string) =>
      createChallenge(app, {
        firm: 'Topstep',
        plan: 'Trading Combine 50K',
        price: 49,
        billing: 'monthly',
        planId: 'topstep-trading-combine-50000',
        purchasedAt,
        ...(platform ? { platform } : {}),
      });
    const dailyOf = async (id: string) => json<ChallengeRulesView>(await app.get(`/challenges/${id}/rules`)).rules.dailyLoss;
    const x = await topstep('topstepx', '2025-01-06');
    expect(x.platform).toBe('topstepx');
    expect(await dailyOf(x.id)).toBe('none');
    // Another platform, an older TopstepX account, or no platform recorded: the $1,000 limit, ending 17:00 Chicago.
    for (const other of [
      await topstep('ninjatrader', '2025-01-06'),
      await topstep('topstepx', '2024-08-24'),
      await topstep(undefined, '2025-01-06'),
    ])
      expect(await dailyOf(other.id)).toMatchObject({
        amount: 1000,
        comparison: 'at_or_below',
        rollover: { timeZone: 'America/Chicago', time: '17:00' },
      });
    // The platform is set and cleared with update_challenge, and only from the vocabulary.
    const moved = await app.patch(`/challenges/${x.id}`, { platform: 'rithmic' });
    expect(moved.status).toBe(200);
    expect(await dailyOf(x.id)).toMatchObject({ amount: 1000 });
    expect((await app.patch(`/challenges/${x.id}`, { platform: null })).status).toBe(200);
    const bad = expectProblem(await app.patch(`/challenges/${x.id}`, { platform: 'mt6' }), 400, 'validation_failed');
    expect(bad.errors?.map((e) => e.field)).toEqual(['platform']);
  });

  it('says in the headroom which unknown rule the firm does not publish', async () => {
    const challenge = await createChallenge(app, {
      firm: 'FunderPro',
      plan: 'Classic 100K',
      price: 549,
      planId: 'funderpro-classic',
      purchasedAt: '2026-05-01',
    });
    const account = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    await app.post(`/accounts/${account.id}/reports`, { date: '2026-05-04', balance: 100000, equity: 100000, closedPnl: 0 });
    const h = json<ChallengeHeadroom>(await app.get(`/challenges/${challenge.id}/headroom?at=2026-05-05T15:00:00Z`));
    const days = h.reasons.find((r) => r.code === 'minTradingDays.unknown');
    expect(days?.message).toMatch(/\(FunderPro does not publish minTradingDays: FunderPro's support centre lists trading days/);
    // A rule it does publish is judged: 5% below the balance of the day's 5 PM New York snapshot.
    expect(h.dailyLoss).toMatchObject({ floor: 95000 });
  });

  it('names the rule a firm does not publish when a plan cannot be simulated', async () => {
    const res = await app.post('/simulations', { planId: 'funderpro-classic', dailyPnlPercent: [0.5, -0.2] }, null);
    const problem = expectProblem(res, 422, 'rules_unknown');
    expect(problem.detail).toMatch(/FunderPro does not publish minTradingDays \(FunderPro's support centre lists trading days/);
    // A plan whose rules are all published simulates from its first phase, with that stage's rules.
    const ftmo = json<PlanSimulation>(
      await app.post('/simulations', { planId: 'ftmo-2-step-100000', dailyPnlPercent: [0.5, -0.2], paths: 200, seed: 1 }, null),
    );
    expect(ftmo.rulesProvenance.maxLoss).toMatchObject({ cited: { kind: 'firm', url: 'https://ftmo.com/en/trading-objectives' } });
  });
});
