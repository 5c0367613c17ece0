import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { firmDayAt } from '@propfolio/coach';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createChallenge, json, registerAccount, RestTestApp } from './harness.js';

/**
 * The sequence over REST: an FTMO 2-Step 100k account's day starts at 102,490.45 (floor 97,490.45), equity
 * dips to 97,300 and recovers to 98,100. Before the fix check_trade allowed $500 with 609.55 of room and the
 * simulation gave odds; every advising answer now leads with the breach.
 */
describeEachDatabase('REST: after a breach the advice says so first', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  interface Breach {
    rule: string;
    day: string;
    at: string | null;
    floor: number;
    lowestEquity: number;
    by: number;
  }

  it('headroom, check_trade, /guard and the simulation each answer the breach, with the rule, the instant and the amount', async () => {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-100000', phase: 'Phase 1', purchasedAt: '2026-01-05' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 100000 });
    const today = firmDayAt(new Date(), { timeZone: 'Europe/Prague', time: '00:00' });
    const yesterday = new Date(Date.parse(`${today.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(
      (await app.post(`/accounts/${id}/reports`, { date: yesterday, balance: 102490.45, equity: 102490.45, closedPnl: 2490.45 })).status,
    ).toBe(200);
    const start = Date.parse(today.startUtc);
    const second = (ms: number) => Math.floor(ms / 1000) * 1000; // headroom instants are to the second
    const dipAt = new Date(second(Math.max(Date.now() - 120_000, start))).toISOString();
    const nowAt = new Date(second(Math.max(Date.now() - 60_000, start + 1_000))).toISOString();
    expect((await app.post(`/accounts/${id}/snapshots`, { at: dipAt, balance: 102490.45, equity: 97300 })).status).toBe(200);
    expect((await app.post(`/accounts/${id}/snapshots`, { at: nowAt, balance: 102490.45, equity: 98100 })).status).toBe(200);
    const breach: Breach = {
      rule: 'dailyLoss',
      day: today.day,
      at: dipAt.replace('.000Z', 'Z'),
      floor: 97490.45,
      lowestEquity: 97300,
      by: 190.45,
    };

    const headroom = json<{ status: string; breach: Breach; dailyLoss: { left: number } }>(
      await app.get(`/challenges/${challenge.id}/headroom`),
    );
    expect(headroom).toMatchObject({ status: 'breached', breach, dailyLoss: { left: 609.55 } });

    const check = await app.get(`/accounts/${id}/trade-check?riskAmount=500`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ verdict: 'blocked', breach, maxRiskAmount: 0, equity: 98100 });
    expect((check.body as { rules: { rule: string; allowed: boolean }[] }).rules).toContainEqual(
      expect.objectContaining({ rule: 'daily_loss', allowed: false, maxRiskAmount: 0 }),
    );

    const guard = await app.get(`/accounts/${id}/guard`);
    expect(guard.body).toMatchObject({ status: 'breached', breach, dailyFloor: 97490.45 });

    const series = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? -0.5 : 0.8));
    const sim = await app.post(`/challenges/${challenge.id}/simulations`, { dailyPnlPercent: series, paths: 500, seed: 7 });
    expect(sim.status).toBe(200);
    expect(sim.body).toMatchObject({
      breach: { rule: 'dailyLoss', day: today.day, breachedAt: breach.at },
      passProbability: 0,
      breachDailyLoss: 1,
      expectedAttempts: null,
    });
    // Without a series and with one reported day there is no history to resample: the breach is still the answer, not a 422.
    expect(await app.post(`/challenges/${challenge.id}/simulations`, {})).toMatchObject({ status: 200, body: { passProbability: 0 } });
  });

  it("at 00:30 Prague, before Monday's report, the day starts from Monday's last snapshot: FTMO's academy $200k example, floor 194,000, breached by 3,000", async () => {
    const challenge = await createChallenge(app, { planId: 'ftmo-2-step-200000', phase: 'Phase 1', purchasedAt: '2026-07-10' });
    const { id } = await registerAccount(app, { challengeId: challenge.id, initialBalance: 200000 });
    // Monday +4,000 closed, a trade 13,000 under water at 23:59 Prague (CEST); still there at 00:05 on Tuesday.
    for (const [at, equity] of [
      ['2026-07-13T08:00:00Z', 200000],
      ['2026-07-13T21:59:00Z', 191000],
      ['2026-07-13T22:05:00Z', 191000],
    ] as const)
      expect(
        (await app.post(`/accounts/${id}/snapshots`, { at, balance: at.endsWith('08:00:00Z') ? 200000 : 204000, equity })).status,
      ).toBe(200);
    const res = await app.get(`/challenges/${challenge.id}/headroom?at=2026-07-13T22:30:00Z`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'breached',
      dailyLoss: {
        reference: { level: 204000, source: 'snapshot', sourceDay: '2026-07-13', accuracy: 'exact', why: null },
        floor: 194000,
        left: -3000,
      },
      breach: { rule: 'dailyLoss', day: '2026-07-14', by: 3000 },
    });
    const check = await app.get(`/accounts/${id}/trade-check?riskAmount=1`);
    expect(check.body).toMatchObject({ verdict: 'blocked', breach: { rule: 'dailyLoss', day: '2026-07-14' } });
  });
});
