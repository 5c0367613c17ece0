import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import type { ChallengeSimulation } from '@propfolio/domain';
import { createChallenge, json, registerAccount, RestTestApp } from './harness.js';

const FTMO = 'ftmo-2-step-100000';
const DAYS = 5_001;

describeEachDatabase('REST simulation of a long history', (getDb) => {
  let app: RestTestApp;
  beforeAll(async () => {
    app = await RestTestApp.start(getDb());
  });
  afterAll(() => app.close());

  it('a user with more than 5,000 reported days is simulated from the newest 5,000 (it was a 400 about dailyPnlPercent)', async () => {
    const key = await app.newUserKey();
    const challenge = await createChallenge(app, { planId: FTMO, phase: 'Phase 1', purchasedAt: '2026-01-02' }, key);
    const account = await registerAccount(app, { challengeId: challenge.id }, key);
    const first = Date.UTC(2012, 0, 1);
    await getDb().prisma.dailyPnl.createMany({
      data: Array.from({ length: DAYS }, (_, i) => ({
        accountId: account.id,
        date: new Date(first + i * 86_400_000),
        // The oldest day is the only loss: a series that kept it would show -5 %.
        closedPnl: i === 0 ? -5000 : 10,
        balance: 100000,
        equity: 100000,
      })),
    });
    const res = await app.post(`/challenges/${challenge.id}/simulations`, { paths: 200, seed: 1 }, key);
    expect(res.status).toBe(200);
    const series = json<ChallengeSimulation>(res).history.dailyPnlPercent;
    expect(series).toHaveLength(5_000);
    expect(Math.min(...series)).toBeGreaterThan(0);
  });
});
