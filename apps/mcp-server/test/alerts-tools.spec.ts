import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { firmDayAt } from '@propfolio/coach';
import type { Caller } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { call, connectClient, contentOf, errorCode, startMcpServer, type McpTestServer } from './harness.js';

describeEachDatabase('MCP check_trade', (getDb) => {
  let server: McpTestServer;
  let client: Client;
  let caller: Caller;
  /** Runs a REST-only operation (the tracker's feed) as the same caller, as the tracker would over REST. */
  const tracker = async (name: string, input: object): Promise<Record<string, unknown>> => {
    const op = server.context.operations.find((o) => o.name === name);
    if (!op) throw new Error(`no operation ${name}`);
    return (await op.run({ caller, logger: server.context.logger, now: new Date() }, input)) as Record<string, unknown>;
  };

  beforeAll(async () => {
    server = await startMcpServer(getDb());
    const key = await server.keyFor('alerts');
    caller = await server.context.authenticate(key);
    client = await connectClient(server.url, key);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('answers the REST suite’s hand-computed levels for an FTMO account, and names a bad field', async () => {
    const challengeId = contentOf(
      'create_challenge',
      await call(client, 'create_challenge', {
        firm: 'FTMO',
        plan: '2-Step 100k',
        planId: 'ftmo-2-step-100000',
        phase: 'Phase 1',
        price: 540,
        currency: 'EUR',
        purchasedAt: '2026-01-05',
      }),
    ).id;
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

    const result = await call(client, 'check_trade', { id, volume: 2, stopDistance: 0.002, tickValue: 1, tickSize: 0.00001 });
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
    expect((await call(client, 'check_trade', { id, riskAmount: 3500 })).structuredContent).toMatchObject({ verdict: 'blocked' });
    expect(errorCode(await call(client, 'check_trade', { id, riskAmount: -1 }))).toBe('validation_failed');
    expect(errorCode(await call(client, 'check_trade', { id: '00000000-0000-4000-8000-000000000000', riskAmount: 1 }))).toBe('not_found');
  });
});
