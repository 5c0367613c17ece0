import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describeEachDatabase } from '@propfolio/db/testing';
import {
  DATASET_RATES_CSV,
  enterDataset,
  expectedAnalytics,
  expectedJpyTotals,
  expectedTaxYear,
  seedRefundPlan,
  type DatasetRunner,
} from '@propfolio/domain/testing';
import { call, connectClient, errorCode, startMcpServer, type McpTestServer, contentOf } from './harness.js';

describeEachDatabase('MCP ledger and analytics tools', (getDb) => {
  let server: McpTestServer;
  let carol: Client;
  let carolKey: string;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
    await seedRefundPlan(getDb());
    carolKey = await server.keyFor('carol');
    carol = await connectClient(server.url, carolKey);
  });
  afterAll(async () => {
    await carol.close();
    await server.close();
  });

  const mcpRunner: DatasetRunner = async (name, input) => {
    const result = await call(carol, name, input);
    if (result.isError) throw new Error(`${name}: ${result.content[0]?.text}`);
    return result.structuredContent as Record<string, unknown>;
  };

  it('get_analytics and get_tax_year answer the hand-computed figures of the known data set entered through the tools', async () => {
    const ids = await enterDataset(mcpRunner);
    expect(await mcpRunner('get_analytics', { to: '2026-03-15' })).toEqual(expectedAnalytics(ids));

    // The rates file comes in over REST or the CLI (import_fx_rates is not a tool); same operation.
    const importRates = server.context.operations.find((op) => op.name === 'import_fx_rates');
    const caller = await server.context.authenticate(carolKey);
    await importRates?.run({ caller, logger: server.context.logger, now: new Date() }, { csv: DATASET_RATES_CSV });

    const jpy = await call(carol, 'get_analytics', { to: '2026-03-15', currency: 'JPY' });
    expect(contentOf('get_analytics', jpy).totals).toEqual([{ currency: 'JPY', ...expectedJpyTotals }]);
    const tax = await call(carol, 'get_tax_year', { year: 2026, currency: 'JPY' });
    expect(tax.structuredContent).toMatchObject({ complete: false, missingRates: 1, totals: expectedTaxYear.totals });
    // Answers stay small: the whole analytics of this portfolio and its tax year fit in a few kilobytes.
    expect(JSON.stringify(jpy.structuredContent).length).toBeLessThan(6_000);
    expect(JSON.stringify(tax.structuredContent).length).toBeLessThan(6_000);
  });

  it('answers bad input with the same codes as REST', async () => {
    const tooEarly = await call(carol, 'get_tax_year', { year: 1999, currency: 'JPY' });
    expect(errorCode(tooEarly)).toBe('validation_failed');
    const unknownPayout = await call(carol, 'update_payout', { id: '00000000-0000-4000-8000-000000000000', status: 'paid' });
    expect(errorCode(unknownPayout)).toBe('not_found');
    const badCost = await call(carol, 'add_cost', {
      id: '00000000-0000-4000-8000-000000000000',
      kind: 'refund',
      amount: 1,
      currency: 'USD',
      date: '2026-01-01',
    });
    expect(errorCode(badCost)).toBe('not_found');
  });
});
