import { expect, it } from '@jest/globals';
import { firmDayAt } from '@propfolio/coach';
import { describeEachDatabase } from '@propfolio/db/testing';
import { createDomainServices } from '@propfolio/domain';
import { answer, call, connectClient, errorCode, oneUserSuite, problemOf } from './harness.js';

/** A phase-1 purchase of the FTMO 2-Step 100k catalog plan. */
const FTMO_PURCHASE = {
  firm: 'FTMO',
  plan: '2-Step 100k',
  planId: 'ftmo-2-step-100000',
  phase: 'Phase 1',
  price: 540,
  currency: 'EUR',
  purchasedAt: '2026-01-05',
};

describeEachDatabase('MCP alert tools', (getDb) => {
  const suite = oneUserSuite(getDb, 'alerts');
  const { tracker } = suite;

  it('check_trade answers the REST suite’s hand-computed levels for an FTMO account, and names a bad field', async () => {
    const challengeId = (await answer(suite.client, 'create_challenge', FTMO_PURCHASE)).id;
    const account = await tracker('register_account', {
      login: '7101',
      server: 'FTMO-Demo',
      currency: 'USD',
      initialBalance: 100000,
      challengeId,
    });
    const id = account['id'] as string;
    // Now, on a day that started at 100,000 (yesterday's close): floor 95,000, equity 98,000.
    const today = firmDayAt(new Date(), { timeZone: 'Europe/Prague', time: '00:00' });
    const yesterday = new Date(Date.parse(`${today.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await tracker('push_account_report', { id, date: yesterday, balance: 100000, equity: 100000, closedPnl: 0 });
    const at = new Date(Math.max(Date.now() - 60_000, Date.parse(today.startUtc))).toISOString();
    await tracker('push_account_snapshot', { id, at, balance: 100000, equity: 98000 });

    const result = await call(suite.client, 'check_trade', { id, volume: 2, stopDistance: 0.002, tickValue: 1, tickSize: 0.00001 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      riskAmount: 400,
      equity: 98000,
      verdict: 'allowed',
      maxRiskAmount: 3000,
      maxVolume: 15,
      rules: [
        { rule: 'daily_loss', floor: 95000, levelAfter: 97600, leftAfter: 2600, allowed: true },
        { rule: 'max_loss', floor: 90000, levelAfter: 97600, leftAfter: 7600, allowed: true },
        { rule: 'after_reset', floor: 95000, allowed: true },
      ],
    });
    expect((await call(suite.client, 'check_trade', { id, riskAmount: 3500 })).structuredContent).toMatchObject({ verdict: 'blocked' });
    expect(errorCode(await call(suite.client, 'check_trade', { id, riskAmount: -1 }))).toBe('validation_failed');
    expect(errorCode(await call(suite.client, 'check_trade', { id: '00000000-0000-4000-8000-000000000000', riskAmount: 1 }))).toBe(
      'not_found',
    );
  });

  it('update_me sets the language alerts are worded in, and refuses any other than ja or en naming the field', async () => {
    expect(await answer(suite.client, 'update_me', { language: 'en' })).toMatchObject({ language: 'en' });
    const refused = await call(suite.client, 'update_me', { language: 'fr' });
    expect(errorCode(refused)).toBe('validation_failed');
    expect(JSON.stringify(problemOf(refused))).toContain('language');
    expect(await answer(suite.client, 'update_me', { language: 'ja' })).toMatchObject({ language: 'ja' });
  });

  it('get_alert_rules and set_alert_rules keep a challenge’s rules: defaults, replaced, read back, back to the defaults', async () => {
    await suite.client.listTools(); // from here on the client validates each tool's structuredContent against its outputSchema
    const { id } = await answer(suite.client, 'create_challenge', FTMO_PURCHASE);
    const defaults = await answer(suite.client, 'get_alert_rules', { id });
    expect(defaults).toMatchObject({ challengeId: id, isDefault: true });
    expect(defaults.rules.filter((r) => r.rule === 'daily_loss').map((r) => r.threshold)).toEqual([50, 25, 10]);

    // "Alert me when 30 % of my daily loss is left", a floor crossed, and the tracker silent for 15 minutes.
    const rules = [{ rule: 'daily_loss', threshold: 30 }, { rule: 'breached' }, { rule: 'tracker_silent', threshold: 15 }];
    const set = await answer(suite.client, 'set_alert_rules', { id, rules });
    expect(set).toEqual({
      challengeId: id,
      isDefault: false,
      rules: [
        { rule: 'daily_loss', threshold: 30 },
        { rule: 'breached', threshold: null },
        { rule: 'tracker_silent', threshold: 15 },
      ],
    });
    expect(await answer(suite.client, 'get_alert_rules', { id })).toEqual(set);

    expect(await answer(suite.client, 'set_alert_rules', { id, rules: null })).toEqual(defaults);
    expect(await answer(suite.client, 'get_alert_rules', { id })).toEqual(defaults);
  });

  it('refuse what REST refuses, with its problem: a bad threshold names the field, another user’s challenge is not_found', async () => {
    const { id } = await answer(suite.client, 'create_challenge', FTMO_PURCHASE);
    const kept = await answer(suite.client, 'set_alert_rules', { id, rules: [{ rule: 'daily_loss', threshold: 30 }] });

    // REST answers these 400 validation_failed with the same field (apps/rest-api/test/alerts.spec.ts).
    for (const [rules, field] of [
      [[{ rule: 'daily_loss', threshold: 101 }], 'rules.0.threshold'],
      [[{ rule: 'max_loss' }], 'rules.0.threshold'],
      [[{ rule: 'breached', threshold: 5 }], 'rules.0.threshold'],
      [Array.from({ length: 51 }, (_, i) => ({ rule: 'daily_loss', threshold: i + 1 })), 'rules'],
    ] as const) {
      const refused = await call(suite.client, 'set_alert_rules', { id, rules });
      expect(errorCode(refused)).toBe('validation_failed');
      const problem = problemOf(refused);
      expect([problem.status, problem.code, problem.errors?.[0]?.field]).toEqual([400, 'validation_failed', field]);
    }
    expect(await answer(suite.client, 'get_alert_rules', { id })).toEqual(kept); // nothing of the refused writes was kept

    const stranger = await connectClient(suite.server.url, await suite.server.keyFor('alerts-stranger'));
    try {
      for (const refused of [
        await call(stranger, 'get_alert_rules', { id }),
        await call(stranger, 'set_alert_rules', { id, rules: null }),
      ]) {
        expect(errorCode(refused)).toBe('not_found');
        expect(problemOf(refused)).toMatchObject({ status: 404, code: 'not_found' });
      }
    } finally {
      await stranger.close();
    }
    expect(await answer(suite.client, 'get_alert_rules', { id })).toEqual(kept);

    // A tracker key reads the guard's levels; it does not change alert rules (REST: 403 insufficient_scope).
    const { secret } = await createDomainServices(getDb()).keys.createForUser(suite.caller.userId, 'tracker', 'tracker');
    const terminal = await connectClient(suite.server.url, secret);
    try {
      const refused = await call(terminal, 'set_alert_rules', { id, rules: null });
      expect(problemOf(refused)).toMatchObject({ status: 403, code: 'insufficient_scope' });
    } finally {
      await terminal.close();
    }
  });
});
