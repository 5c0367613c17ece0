import { expect, it } from '@jest/globals';
import { firmDayAt } from '@propfolio/coach';
import { describeEachDatabase } from '@propfolio/db/testing';
import { call, oneUserSuite } from './harness.js';

/** The REST suite's breach-then-advice sequence over MCP: the agent is told of the breach first, never to keep trading. */
describeEachDatabase('MCP: after a breach the advice says so first', (getDb) => {
  const suite = oneUserSuite(getDb, 'breach');
  const { tracker } = suite;

  it('get_headroom, check_trade and simulate_challenge (and the terminal’s guard) each lead with the breach', async () => {
    const challenge = await call(suite.client, 'create_challenge', {
      firm: 'FTMO',
      plan: '2-Step 100k',
      planId: 'ftmo-2-step-100000',
      phase: 'Phase 1',
      price: 540,
      currency: 'EUR',
      purchasedAt: '2026-01-05',
    });
    const challengeId = (challenge.structuredContent as { id: string }).id;
    const account = await tracker('register_account', {
      login: '7201',
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId,
    });
    const id = account['id'] as string;
    // The day starts at 102,490.45: floor 97,490.45. Equity dips to 97,300, then is back at 98,100.
    const today = firmDayAt(new Date(), { timeZone: 'Europe/Prague', time: '00:00' });
    const yesterday = new Date(Date.parse(`${today.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await tracker('push_account_report', { id, date: yesterday, balance: 102490.45, equity: 102490.45, closedPnl: 2490.45 });
    const start = Date.parse(today.startUtc);
    const second = (ms: number) => Math.floor(ms / 1000) * 1000;
    const dipAt = new Date(second(Math.max(Date.now() - 120_000, start))).toISOString();
    await tracker('push_account_snapshot', { id, at: dipAt, balance: 102490.45, equity: 97300 });
    await tracker('push_account_snapshot', {
      id,
      at: new Date(second(Math.max(Date.now() - 60_000, start + 1_000))).toISOString(),
      balance: 102490.45,
      equity: 98100,
    });
    const breach = { rule: 'dailyLoss', day: today.day, at: dipAt.replace('.000Z', 'Z'), floor: 97490.45, lowestEquity: 97300, by: 190.45 };

    expect((await call(suite.client, 'get_headroom', { id: challengeId })).structuredContent).toMatchObject({ status: 'breached', breach });
    const check = await call(suite.client, 'check_trade', { id, riskAmount: 500 });
    expect(check.isError).toBeFalsy();
    expect(check.structuredContent).toMatchObject({ verdict: 'blocked', breach, maxRiskAmount: 0 });
    // The terminal's levels (a tracker-key read, not an MCP tool) carry it too.
    expect(await tracker('get_account_guard', { id })).toMatchObject({ status: 'breached', breach });
    const series = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? -0.5 : 0.8));
    const sim = await call(suite.client, 'simulate_challenge', { id: challengeId, dailyPnlPercent: series, paths: 500, seed: 7 });
    expect(sim.isError).toBeFalsy();
    expect(sim.structuredContent).toMatchObject({
      breach: { rule: 'dailyLoss', day: today.day, breachedAt: breach.at },
      passProbability: 0,
      breachDailyLoss: 1,
    });
  });
});
