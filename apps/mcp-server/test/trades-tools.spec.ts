import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describeEachDatabase } from '@propfolio/db/testing';
import {
  createDomainServices,
  PushPositionsInput,
  RegisterAccountInput,
  type TradePage,
  type TradeStats,
  type TradeView,
} from '@propfolio/domain';
import { closedPosition } from '@propfolio/domain/testing';
import { parseInput } from '@propfolio/core';
import { call, connectClient, errorCode, startMcpServer, type McpTestServer } from './harness.js';

describeEachDatabase('MCP trade journal tools', (getDb) => {
  let server: McpTestServer;
  let dana: Client;
  let eve: Client;
  let accountId: string;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
    const danaKey = await server.keyFor('dana');
    dana = await connectClient(server.url, danaKey);
    eve = await connectClient(server.url, await server.keyFor('eve'));
    // Trades come from the tracker (REST only) or a statement; here straight through the service, as dana.
    const services = createDomainServices(getDb());
    const caller = await server.context.authenticate(danaKey);
    const account = await services.accounts.register(
      caller,
      await parseInput(RegisterAccountInput, { login: '7001', server: 'Mcp-Demo', currency: 'USD', initialBalance: 10000 }),
    );
    accountId = account.id;
    await services.trades.push(
      caller,
      await parseInput(PushPositionsInput, {
        id: accountId,
        positions: [closedPosition('1'), closedPosition('2', { profit: -50, closedAt: '2026-03-02T03:00:00Z', symbol: 'XAUUSD' })],
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([dana.close(), eve.close()]);
    await server.close();
  });

  const ok = async <T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> => {
    const result = await call(client, name, args);
    if (result.isError) throw new Error(`${name}: ${result.content[0]?.text}`);
    return result.structuredContent as T;
  };

  it('lists, annotates and reads back a trade, and computes its stats, with the REST operation', async () => {
    const page = await ok<TradePage>(dana, 'list_trades', { accountId, symbol: 'XAUUSD' });
    expect(page.items.map((t) => [t.position, t.net, t.outcome])).toEqual([['2', -57, 'loss']]);
    const id = page.items[0]?.id;
    const updated = await ok<TradeView>(dana, 'update_trade', { id, tags: ['news', 'gold'], note: 'CPI spike', plannedRisk: 57 });
    expect(updated).toMatchObject({ tags: ['news', 'gold'], note: 'CPI spike', r: -1 });
    // get_trade adds the trade's screenshots (none here) to what update_trade answers.
    expect(await ok<TradeView>(dana, 'get_trade', { id })).toEqual({ ...updated, screenshots: [] });
    const stats = await ok<TradeStats>(dana, 'get_trade_stats', { accountId, timeZone: 'Europe/London' });
    expect(stats).toMatchObject({ timeZone: 'Europe/London', overall: { count: 2, net: 36, profitFactor: 1.63 } });
    expect(stats.byHour.map((g) => g.key)).toEqual([0]);
    expect((await ok<TradePage>(dana, 'list_trades', { tag: 'gold' })).items.map((t) => t.id)).toEqual([id]);
    // The stats follow the list's filters and say which; weekday and hour in the firm day (no firm here: UTC's, said so).
    const gold = await ok<TradeStats>(dana, 'get_trade_stats', { accountId, symbol: 'XAUUSD', tag: 'gold', outcome: 'loss', side: 'buy' });
    expect(gold).toMatchObject({
      overall: { count: 1, net: -57 },
      filters: { symbol: 'XAUUSD', tag: 'gold', outcome: 'loss', side: 'buy' },
    });
    expect(gold.clock).toMatchObject({ firmDay: true, known: false, city: 'UTC' });
    expect((await ok<TradeStats>(dana, 'get_trade_stats', { accountId, side: 'sell' })).overall.count).toBe(0);
  });

  it("answers not_found for another user's trade and account, and the tracker's message is no tool", async () => {
    const [trade] = (await ok<TradePage>(dana, 'list_trades', { accountId })).items;
    expect(errorCode(await call(eve, 'get_trade', { id: trade?.id }))).toBe('not_found');
    expect(errorCode(await call(eve, 'update_trade', { id: trade?.id, note: 'x' }))).toBe('not_found');
    expect(errorCode(await call(eve, 'list_trades', { accountId }))).toBe('not_found');
    expect(errorCode(await call(eve, 'get_trade_stats', { accountId }))).toBe('not_found');
    expect((await ok<TradePage>(eve, 'list_trades', {})).items).toEqual([]);
    const { tools } = await dana.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['list_trades', 'get_trade', 'update_trade', 'get_trade_stats']));
    expect(tools.map((t) => t.name)).not.toContain('push_account_positions');
  });
});
