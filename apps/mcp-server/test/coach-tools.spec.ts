import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { answer, call, contentOf, errorCode, oneUserSuite } from './harness.js';

const FTMO = 'ftmo-2-step-100000';
/** A phase-1 purchase of the FTMO 2-Step 100k catalog plan. */
const FTMO_PURCHASE = {
  firm: 'FTMO',
  plan: '2-Step 100k',
  planId: FTMO,
  phase: 'Phase 1',
  price: 540,
  currency: 'EUR',
  purchasedAt: '2026-03-20',
};
const MT5_REPORT = new URL('../../../libs/mt-statements/test/fixtures/ReportHistory-51234567.html', import.meta.url);

describeEachDatabase('MCP coach tools', (getDb) => {
  const suite = oneUserSuite(getDb, 'coach');
  const { tracker } = suite;

  it('get_headroom gives the hand-computed figures of the REST suite, in a small answer', async () => {
    const created = await call(suite.client, 'create_challenge', FTMO_PURCHASE);
    const challengeId = contentOf('create_challenge', created).id;
    const account = await tracker('register_account', {
      login: '7001',
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId,
    });
    await tracker('push_account_report', { id: account['id'], date: '2026-03-27', balance: 100300, equity: 100300, closedPnl: -500 });
    await tracker('push_account_snapshot', { id: account['id'], at: '2026-03-30T08:00:00Z', balance: 100300, equity: 96500 });
    await tracker('push_account_snapshot', { id: account['id'], at: '2026-03-30T09:30:00Z', balance: 99000, equity: 98200 });

    const result = await call(suite.client, 'get_headroom', { id: challengeId, at: '2026-03-30T10:00:00Z' });
    expect(result.isError).toBeFalsy();
    const headroom = contentOf('get_headroom', result);
    expect(headroom.dailyLoss).toMatchObject({ floor: 95300, left: 2900, lowestLeft: 1200 });
    expect(headroom.maxLoss).toMatchObject({ floor: 90000, left: 8200 });
    expect(headroom.target).toMatchObject({ level: 110000, remaining: 11000 });
    expect(JSON.stringify(headroom).length).toBeLessThan(8_000);

    expect(errorCode(await call(suite.client, 'get_headroom', { id: challengeId, at: '2026-03-30 10:00' }))).toBe('validation_failed');
    expect(errorCode(await call(suite.client, 'simulate_challenge', { id: challengeId }))).toBe('insufficient_history');
  });

  it('get_challenge_rules and set_challenge_rules answer the merged rules in their documented shape, which the SDK client checks', async () => {
    await suite.client.listTools(); // from here on the client validates each tool's structuredContent against its outputSchema
    const { id } = await answer(suite.client, 'create_challenge', FTMO_PURCHASE);
    const plans = await answer(suite.client, 'get_challenge_rules', { id });
    expect(plans.provenance.dailyLoss.source).toBe('plan');
    const set = await answer(suite.client, 'set_challenge_rules', {
      id,
      rules: { dailyLoss: { percent: 4, rollover: { timeZone: 'UTC+03:00', time: '00:00' } }, timeLimit: { days: 60 } },
    });
    // each rule's own fields, read without a cast
    const daily = set.rules.dailyLoss;
    expect(daily !== 'none' && daily !== null ? [daily.percent, daily.rollover] : daily).toEqual([
      4,
      { timeZone: 'UTC+03:00', time: '00:00' },
    ]);
    expect(set.rules.timeLimit).toEqual({ days: 60 });
    expect(set.rules.profitTargetsPercent).toEqual(plans.rules.profitTargetsPercent);
    expect(await answer(suite.client, 'get_challenge_rules', { id })).toEqual(set);
  });

  it('simulate_plan answers a constant gain in its known number of days, reproducibly', async () => {
    const input = { planId: FTMO, dailyPnlPercent: [1], paths: 300, seed: 11, riskScale: [0.5, 2] };
    const first = await answer(suite.client, 'simulate_plan', input);
    // 1 % a day reaches 10 % on day 10; at half the risk 0.5 % a day on day 20; at twice, 2 % a day on day 5 (4 days minimum).
    expect(first).toMatchObject({ passProbability: 1, daysToPass: { median: 10, p90: 10 } });
    expect(first.byRiskScale.map((s) => s.daysToPass?.median)).toEqual([20, 5]);
    expect((await call(suite.client, 'simulate_plan', input)).structuredContent).toEqual(first);
    expect(errorCode(await call(suite.client, 'simulate_plan', { planId: FTMO, dailyPnlPercent: [1], riskScale: [9] }))).toBe(
      'validation_failed',
    );
  });

  it('simulate_plan simulates an instant-funding plan (no evaluation phase) from its funded stage', async () => {
    const found = await answer(suite.client, 'search_plans', { firm: 'axi' });
    const programs = found['programs'] as { phases: number; sizes: { id: string }[] }[];
    const instant = programs.find((p) => p.phases === 0)?.sizes[0];
    expect(instant).toBeDefined();
    const result = await call(suite.client, 'simulate_plan', { planId: instant?.id, dailyPnlPercent: [0.5, -0.4], paths: 200, seed: 3 });
    // It used to read phase 1's target, which such a plan has not, and answered rules_unknown: profitTargetsPercent[0].
    expect(errorCode(result)).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ planId: instant?.id });
  });

  it('import_statement reads an MT5 report sent as base64, all or nothing', async () => {
    const account = await tracker('register_account', { login: '51234567', server: 'Broker-Demo', currency: 'USD', initialBalance: 10000 });
    const content = readFileSync(MT5_REPORT).toString('base64');
    const preview = await answer(suite.client, 'import_statement', {
      id: account['id'],
      content,
      serverTimeZone: 'UTC+02:00',
      dryRun: true,
    });
    expect(preview).toMatchObject({ dryRun: true, platform: 'mt5', login: '51234567', created: 4 });
    const done = await answer(suite.client, 'import_statement', { id: account['id'], content, serverTimeZone: 'UTC+02:00' });
    expect(done).toMatchObject({ dryRun: false, created: 4, updated: 0, unchanged: 0 });
    const again = await answer(suite.client, 'import_statement', { id: account['id'], content, serverTimeZone: 'UTC+02:00' });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    const other = await tracker('register_account', { login: '999', server: 'Broker-Demo', currency: 'USD', initialBalance: 10000 });
    expect(errorCode(await call(suite.client, 'import_statement', { id: other['id'], content }))).toBe('statement_rejected');
  });
});
